/**
 * The probe against real npm servers, spawned from node_modules, each started once: server-everything
 * (stdio), server-filesystem on a temp folder and server-memory with MEMORY_FILE_PATH in a temp folder
 * (their failure shapes, and nothing written), then the ten third-party servers offline (their calls
 * upstream fail at once with ENOTFOUND or a 401: the accepted-then-failed case). Every probed tool's
 * verdict must be the one judged true from its raw answer (fixtures/real-servers/probe-verdicts.json).
 * No assertion depends on timing: every call ends on the server's own answer, and the deadlines are generous
 * (starting ten servers at once on a loaded machine took kubernetes past the default 15 s once).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runProbe } from './probe-run.ts';
import type { ServerProbe } from './types.ts';
import { realServersHost } from '../testing/real-servers.ts';
import { THIRD_PARTY_SERVERS, thirdPartyHost } from '../testing/third-party-servers.ts';

const JUDGED = (JSON.parse(readFileSync(new URL('../../fixtures/real-servers/probe-verdicts.json', import.meta.url), 'utf8')) as { servers: Record<string, Record<string, string>> }).servers;

/** Each probed tool's verdict, for comparing with the judged ones. */
function verdicts(server: ServerProbe): Record<string, string> {
  return Object.fromEntries(server.toolProbes.filter((t) => t.state === 'probed').map((t) => [t.tool, t.verdict ?? 'none']));
}

function judged(server: string, tools: string[]): Record<string, string> {
  return Object.fromEntries(tools.map((t) => [t, JUDGED[server]?.[t] ?? 'not judged']));
}

const realHost = (): ReturnType<typeof realServersHost> => realServersHost('toolvet-probe-real-');

function shapes(server: ServerProbe): Record<string, string> {
  return Object.fromEntries(server.toolProbes.map((t) => [t.tool, t.state === 'skipped' ? 'skipped' : [...new Set(t.probes.map((p) => p.shape))].join(' ')]));
}

describe('probe: real servers', () => {
  it('pins the unknown-tool shape and every tool\'s real failure shape', async () => {
    const { config, root, memory } = realHost();
    const result = await runProbe({ config, timeouts: { startMs: 180_000, callMs: 120_000 } });
    const by = Object.fromEntries(result.probe!.servers.map((s) => [s.server, s]));

    for (const name of ['everything', 'filesystem', 'memory']) {
      const s = by[name];
      expect(s.state).toBe('probed');
      // All three are built on the SDK's McpServer: an unknown tool is an isError text that names it.
      expect(s.unknownTool).toMatchObject({ shape: 'is-error-text', namesTool: true, status: 'pass' });
      expect(s.unknownTool?.detail).toContain('Tool toolvet_probe_no_such_tool not found');
      expect(s.listStable?.status).toBe('pass');
      // Some tools without arguments list no "required" array.
      expect(s.schemasWellFormed?.status).toBe('warn');
      // Bad arguments come back as the SDK's bare "Input validation error" text: a warning, never a failure.
      for (const t of s.toolProbes) for (const p of t.probes) expect(p.status).toBe('warn');
    }

    expect(shapes(by.everything)).toEqual({
      echo: 'bare-text',
      'get-annotated-message': 'bare-text',
      'get-env': 'skipped',
      'get-resource-links': 'bare-text',
      'get-resource-reference': 'bare-text',
      'get-structured-content': 'bare-text',
      'get-sum': 'bare-text',
      'get-tiny-image': 'skipped',
      'gzip-file-as-resource': 'bare-text',
      'toggle-simulated-logging': 'skipped',
      'toggle-subscriber-updates': 'skipped',
      // Listed only to a client that can answer input requests, as probe declares (input-probe.ts); it may write, so it is not called.
      'trigger-elicitation-request': 'skipped',
      'trigger-long-running-operation': 'bare-text',
      // A task-based tool (taskSupport "required") is called as a task (src/servers/task-call.ts), so the
      // server reads the arguments and refuses bad ones with a JSON-RPC error. (Called plainly, it
      // refused before reading them, with an isError result that told nothing about the arguments.)
      'simulate-research-query': 'jsonrpc-error',
    });
    // No read-only tool of server-everything asks for input; the one that does may write, so it is not called.
    expect(by.everything.inputRequests?.asked).toEqual([]);
    expect(by.everything.inputRequests?.notCalled).toContain('trigger-elicitation-request');
    expect(by.everything.echo?.status).toBe('skip'); // its echo takes "message", not the spec sample's "text"
    expect(by.everything.toolProbes.find((t) => t.tool === 'echo')!.probes[0].excerpt).toContain('Input validation error');

    expect(shapes(by.filesystem)).toEqual({
      read_file: 'bare-text',
      read_text_file: 'bare-text',
      read_media_file: 'bare-text',
      read_multiple_files: 'bare-text',
      write_file: 'skipped',
      edit_file: 'skipped',
      create_directory: 'bare-text',
      list_directory: 'bare-text',
      list_directory_with_sizes: 'bare-text',
      directory_tree: 'bare-text',
      move_file: 'skipped',
      search_files: 'bare-text',
      get_file_info: 'bare-text',
      list_allowed_directories: 'skipped',
    });

    expect(shapes(by.memory)).toEqual({
      create_entities: 'bare-text',
      create_relations: 'bare-text',
      add_observations: 'bare-text',
      delete_entities: 'skipped',
      delete_observations: 'skipped',
      delete_relations: 'skipped',
      read_graph: 'skipped',
      search_nodes: 'bare-text',
      open_nodes: 'bare-text',
    });

    // The SDK's validation error is a rejection; so is the task-only tool's -32602, now that it is called as a
    // task and reads the arguments (a valid call creates a task: src/run/scenario-tasks.e2e.test.ts).
    for (const name of ['everything', 'filesystem', 'memory']) {
      const got = verdicts(by[name]);
      expect(got, name).toEqual(judged(name, Object.keys(got)));
    }
    expect(verdicts(by.everything)['simulate-research-query']).toBe('rejected');

    // No call passed a schema, so nothing was written: the folder is empty and the memory file was never created.
    expect(readdirSync(root)).toEqual([]);
    expect(existsSync(memory)).toBe(false);
    expect(result.verdict.status).toBe('pass');
  }, 300_000);

  it('reads each third-party tool\'s answer to bad arguments as judged: rejected, did not validate, or could not tell', async () => {
    const { config } = thirdPartyHost(undefined, 'toolvet-probe-third-party-');
    // Ten servers start at once on a loaded machine: generous deadlines, so only a real hang could trip one.
    const result = await runProbe({ config, allowDestructive: true, timeouts: { startMs: 180_000, callMs: 120_000 } });
    const probe = result.probe!;
    expect(probe.unprobed).toEqual([]);
    const by = Object.fromEntries(probe.servers.map((s) => [s.server, s]));
    expect(Object.keys(by).sort()).toEqual(THIRD_PARTY_SERVERS.map((s) => s.name).sort());
    for (const s of probe.servers) {
      const got = verdicts(s);
      expect(got, s.server).toEqual(judged(s.server, Object.keys(got)));
      // Nothing the servers said is our deadline: kubectl's log quotes a URL with ?timeout=32s.
      for (const t of s.toolProbes) for (const p of t.probes) expect(p.verdict, `${s.server}/${t.tool}`).not.toMatch(/timed-out|crashed/);
    }
    // Every judged tool was probed (the set did not shrink silently).
    for (const s of probe.servers) expect(Object.keys(verdicts(s)).sort(), s.server).toEqual(Object.keys(JUDGED[s.server]).sort());
    // Servers that validate nothing are never scored as validating.
    for (const name of ['notion', 'tavily']) expect(new Set(Object.values(verdicts(by[name])))).toEqual(new Set(['accepted-then-failed']));
    // exa checks that arguments are present but not their types: the number went upstream (401).
    expect(by.exa.toolProbes.find((t) => t.tool === 'web_search_exa')!.probes.map((p) => p.verdict)).toEqual(['rejected', 'accepted-then-failed']);
    // playwright fails on the missing browser before it reads the arguments: no verdict either way.
    expect(new Set(Object.values(verdicts(by.playwright)))).toEqual(new Set(['unclear']));
    expect(probe.summary.verdicts).toMatchObject({ 'timed-out': 0, crashed: 0 });
  }, 300_000);
});
