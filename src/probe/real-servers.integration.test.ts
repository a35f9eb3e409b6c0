/**
 * The probe against the real npm servers, spawned from node_modules: server-everything (stdio),
 * server-filesystem on a temp folder and server-memory with MEMORY_FILE_PATH in a temp folder. Pins
 * each server's unknown-tool shape and its failure shapes, and checks the probe changed nothing.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runProbe } from './probe-run.ts';
import type { ServerProbe } from './types.ts';
import { realServersHost } from '../testing/real-servers.ts';

const realHost = (): ReturnType<typeof realServersHost> => realServersHost('toolproof-probe-real-');

function shapes(server: ServerProbe): Record<string, string> {
  return Object.fromEntries(server.toolProbes.map((t) => [t.tool, t.state === 'skipped' ? 'skipped' : [...new Set(t.probes.map((p) => p.shape))].join(' ')]));
}

describe('probe: real servers', () => {
  it('pins the unknown-tool shape and every tool\'s real failure shape', async () => {
    const { config, root, memory } = realHost();
    const result = await runProbe({ config });
    const by = Object.fromEntries(result.probe!.servers.map((s) => [s.server, s]));

    for (const name of ['everything', 'filesystem', 'memory']) {
      const s = by[name];
      expect(s.state).toBe('probed');
      // All three are built on the SDK's McpServer: an unknown tool is an isError text that names it.
      expect(s.unknownTool).toMatchObject({ shape: 'is-error-text', namesTool: true, status: 'pass' });
      expect(s.unknownTool?.detail).toContain('Tool toolproof_probe_no_such_tool not found');
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
      'trigger-long-running-operation': 'bare-text',
      // A task-based tool refuses a plain tools/call before it looks at the arguments, as an isError
      // result. (The v1 SDK client refused such a call itself with a JSON-RPC error, never sending it.)
      'simulate-research-query': 'bare-text',
    });
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

    // No call passed a schema, so nothing was written: the folder is empty and the memory file was never created.
    expect(readdirSync(root)).toEqual([]);
    expect(existsSync(memory)).toBe(false);
    expect(result.verdict.status).toBe('pass');
  });
});
