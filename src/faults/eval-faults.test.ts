/**
 * The fault catalogue through the real CLI (`node bin/toolvet.js eval ...` as a child process): broken
 * servers and a misbehaving model endpoint. In every case the run goes on, the other cases' results are
 * kept, the affected case or server carries its coded error, and the exit code tells a harness failure
 * (2) from a gate failure (1).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ToolvetResult } from '../report/model.ts';
import { startFaultEndpoint, type FaultEndpoint, type FaultReply } from '../models/testing/fault-endpoint.ts';
import * as reply from '../models/testing/replies.ts';
import { fixture, runCli } from './cli.ts';

let dir = '';
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'toolvet-eval-faults-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let endpoint: FaultEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

const readResult = (file: string): ToolvetResult => JSON.parse(readFileSync(file, 'utf8')) as ToolvetResult;
const byId = (result: ToolvetResult) => Object.fromEntries(result.cases!.map((c) => [c.id, c]));

describe('eval with broken servers (CLI)', () => {
  it('exit 2: each broken server carries its coded error, the healthy server\'s cases are all kept', async () => {
    const json = `${dir}/broken.json`;
    const run = await runCli(['eval', '--config', fixture('servers/faults/hosts/broken-servers.json'), '--queries', fixture('queries/echo.yaml'), '--start-timeout', '10000', '--json', json]);
    expect(run.code).toBe(2);
    const result = readResult(json);
    const servers = Object.fromEntries(result.servers!.map((s) => [s.name, s]));
    expect(servers.echo).toMatchObject({ tools: 1 });
    expect(servers.echo.error).toBeUndefined();
    expect(servers['exit-at-start'].error?.code).toBe('E_SERVER_START');
    expect(servers['exit-at-start'].error?.stderr?.join('\n')).toContain('cannot open database');
    expect(servers['hang-on-initialize'].error?.code).toBe('E_SERVER_TIMEOUT');
    expect(servers['malformed-schema'].error?.code).toBe('E_SERVER_PROTOCOL');
    expect(servers['bad-schema-keywords'].error?.code).toBe('E_SERVER_PROTOCOL');
    expect(result.cases).toHaveLength(6);
    expect(result.summary).toMatchObject({ passed: 6, errored: 0 });
    expect(result.verdict.status).toBe('error');
    // What to do next is printed with the server's own stderr (spec 7.4).
    expect(run.stdout + run.stderr).toContain('| refman-local: cannot open database');
    expect(run.stdout + run.stderr).toContain('run it directly in a terminal');
  });

  it('exit 1 for a gate failure with noisy but working servers, which get a warning rather than an error', async () => {
    const json = `${dir}/noisy.json`;
    const run = await runCli([
      'eval',
      '--config', fixture('servers/faults/hosts/noisy-servers.json'),
      '--queries', fixture('queries/echo.yaml'),
      '--queries', fixture('servers/faults/queries/gate.yaml'),
      '--min-accuracy', '0.95',
      '--json', json,
    ]);
    expect(run.code).toBe(1);
    const result = readResult(json);
    expect(result.errors).toEqual([]);
    expect(result.servers!.map((s) => [s.name, s.tools])).toEqual([['echo', 1], ['non-json-stdout', 1], ['stderr-flood', 1], ['slow-start', 1]]);
    expect(result.warnings.map((w) => w.code)).toContain('W_SERVER_STDOUT');
    expect(result.summary).toMatchObject({ cases: 8, passed: 7, failed: 1, errored: 0 });
    expect(result.verdict).toMatchObject({ status: 'fail', reasons: [expect.stringContaining('below --min-accuracy')] });
  });
});

/** Answers each case of fixtures/servers/faults/queries/endpoint-faults.yaml with the fault it names. */
function endpointScript(): { script: (query: string, seen: number) => FaultReply; times: number[] } {
  const times: number[] = [];
  const script = (query: string, seen: number): FaultReply => {
    if (query === 'echo ok call') return reply.toolCall('echo', { text: 'ok call' });
    if (query.startsWith('ok:')) return reply.textAnswer('Fine, thanks.');
    if (query === 'echo five hundred') return reply.serverError();
    if (query === 'echo a very long prompt') return reply.contextExceeded();
    if (query === 'echo slowly please') {
      times.push(Date.now());
      return seen === 0 ? reply.rateLimited(1) : reply.toolCall('echo', { text: 'slowly please' });
    }
    if (query === 'echo cut off') return reply.truncatedArguments('echo', '{"text": "cut');
    if (query === 'echo broken arguments') return reply.unparsableArguments('echo', "{text: 'broken'}");
    if (query === 'echo with a made-up tool') return reply.hallucinatedTool('summon_unicorn');
    if (query === 'echo too late') return reply.slow(reply.toolCall('echo', { text: 'too late' }), 20_000);
    if (query === 'echo through a proxy') return reply.notJson();
    return { status: 404, json: { error: { message: `unscripted query ${query}` } } };
  };
  return { script, times };
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('eval against a misbehaving model endpoint (CLI)', () => {
  it('codes each fault on its own case, keeps the others, honours Retry-After, and exits 2', async () => {
    const { script, times } = endpointScript();
    const seen = new Map<string, number>();
    endpoint = await startFaultEndpoint((request) => {
      if (request.method === 'GET') return { json: { object: 'list', data: [{ id: 'fault-model', object: 'model' }] } };
      const messages = (request.body as { messages: Array<{ role: string; content: string }> }).messages;
      const query = messages.find((m) => m.role === 'user')!.content;
      const n = seen.get(query) ?? 0;
      seen.set(query, n + 1);
      return script(query, n);
    });
    const json = `${dir}/endpoint.json`;
    const run = await runCli([
      'eval', '--base-url', endpoint.url, '--model-name', 'fault-model', '--retries', '1', '--model-timeout', '3000',
      '--tools', fixture('tools/echo.json'), '--queries', fixture('servers/faults/queries/endpoint-faults.yaml'), '--json', json,
    ]);
    expect(run.code).toBe(2);
    const cases = byId(readResult(json));
    expect(Object.keys(cases)).toHaveLength(10);
    const code = (id: string) => cases[id].attempts[0].error?.code;
    expect([cases['ok-call'].state, cases['ok-no-tool'].state]).toEqual(['passed', 'passed']);
    expect(code('http-500')).toBe('E_MODEL_HTTP');
    expect(code('context-400')).toBe('E_MODEL_CONTEXT');
    expect(code('timeout')).toBe('E_MODEL_TIMEOUT');
    expect(code('not-json')).toBe('E_MODEL_BAD_RESPONSE');
    for (const id of ['http-500', 'context-400', 'timeout', 'not-json']) {
      expect(cases[id].state).toBe('errored');
      expect(cases[id].attempts[0].error?.hint).toBeTruthy();
    }
    // 429 with Retry-After: 1 is waited out, then the retry passes.
    expect(cases['rate-limit-429'].state).toBe('passed');
    expect(times).toHaveLength(2);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(900);
    // Answers that arrive but cannot be used are failed cases with the reason, not errors.
    expect(cases['truncated-arguments']).toMatchObject({ state: 'failed', chosen: 'echo' });
    expect(cases['truncated-arguments'].attempts[0].finishReason).toBe('length');
    expect(cases['unparsable-arguments']).toMatchObject({ state: 'failed', chosen: 'echo' });
    expect(cases['unparsable-arguments'].attempts[0].arguments).toBeUndefined();
    expect(cases['hallucinated-tool']).toMatchObject({ state: 'failed', chosen: 'summon_unicorn' });
    expect(cases['hallucinated-tool'].reason).toContain('hallucinated');
  });

  it('a refused connection: E_MODEL_REFUSED saying to start the runner, exit 2', async () => {
    const json = `${dir}/refused.json`;
    const run = await runCli([
      'eval', '--base-url', `http://127.0.0.1:${await closedPort()}/v1`, '--model-name', 'm', '--retries', '0',
      '--tools', fixture('tools/echo.json'), '--queries', fixture('queries/echo.yaml'), '--json', json,
    ]);
    expect(run.code).toBe(2);
    expect(run.stdout + run.stderr).toMatch(/E_MODEL_REFUSED[\s\S]*(ollama serve|llama-server)/);
    expect(readResult(json).verdict.status).toBe('error');
  });

  it('tools silently ignored: W_TOOLS_IGNORED names the chat template; below the gate, exit 1', async () => {
    endpoint = await startFaultEndpoint(reply.toolsIgnored());
    const json = `${dir}/ignored.json`;
    const run = await runCli([
      'eval', '--base-url', endpoint.url, '--model-name', 'fault-model', '--retries', '0',
      '--tools', fixture('tools/echo.json'), '--queries', fixture('queries/echo.yaml'), '--min-accuracy', '0.8', '--json', json,
    ]);
    expect(run.code).toBe(1);
    const result = readResult(json);
    const warning = result.warnings.find((w) => w.code === 'W_TOOLS_IGNORED');
    expect(warning?.hint).toMatch(/chat template|--jinja/);
    expect(result.summary).toMatchObject({ cases: 6, passed: 3, failed: 3, errored: 0 });
  });
});
