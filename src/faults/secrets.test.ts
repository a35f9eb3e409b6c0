/**
 * Leak nothing: an API key planted in the variable the driver reads must appear in no file the run
 * writes (`--json`, `--results`, the `--record` cassette), nor on stdout or stderr, even when the
 * endpoint reflects the key in an error (as OpenAI's "Incorrect API key provided: sk-..." does) and a
 * server prints its whole environment while failing.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFaultEndpoint, type FaultEndpoint } from '../models/testing/fault-endpoint.ts';
import * as reply from '../models/testing/replies.ts';
import { fixture, runCli } from './cli.ts';

const SECRET = 'sk-planted-4f9c2e7a1b3d5e6f7a8b9c0d';

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

let dir = '';
let endpoint: FaultEndpoint;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'toolvet-secrets-'));
  endpoint = await startFaultEndpoint((request) => {
    if (request.method === 'GET') return { json: { object: 'list', data: [{ id: 'm', object: 'model' }] } };
    const body = request.body as { messages: Array<{ role: string; content: string }> };
    const query = body.messages.find((m) => m.role === 'user')!.content;
    if (query.startsWith('Translate')) {
      // A 401 that reflects the bearer token it was sent.
      const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      return { status: 401, json: { error: { message: `Incorrect API key provided: ${token}`, type: 'invalid_request_error' } } };
    }
    return query.startsWith('echo') ? reply.toolCall('echo', { text: 'hello world' }) : reply.textAnswer('no tool needed');
  });
});
afterAll(async () => {
  await endpoint.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a planted API key', () => {
  it('appears in no file the run wrote, nor in its output', async () => {
    const config = path.join(dir, 'host.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { echo: { command: process.execPath, args: [fixture('servers/echo.mjs')] }, envdump: { command: process.execPath, args: [fixture('servers/faults/env-dump.mjs')] } } }));
    const out = path.join(dir, 'out');
    const run = await runCli(
      ['eval', '--config', config, '--queries', fixture('queries/echo.yaml'), '--base-url', endpoint.url, '--model-name', 'm', '--retries', '0',
        '--json', `${out}/result.json`, '--results', `${out}/results.jsonl`, '--record', `${out}/cassette`],
      { env: { TOOLVET_API_KEY: SECRET }, cwd: dir },
    );
    // The key was really in use: the endpoint received it, and the run got far enough to write everything.
    expect(endpoint.requests.some((r) => r.headers.authorization === `Bearer ${SECRET}`)).toBe(true);
    expect(run.code).toBe(2);
    const written = filesUnder(dir).filter((f) => f !== config);
    expect(written.map((f) => path.relative(dir, f)).sort()).toEqual(
      expect.arrayContaining(['out/result.json', 'out/results.jsonl', 'out/cassette/run.json', expect.stringMatching(/^out\/cassette\/exchanges\//), expect.stringMatching(/^out\/cassette\/tools\//)]),
    );
    for (const file of written) expect(readFileSync(file, 'utf8'), file).not.toContain(SECRET);
    expect(run.stdout).not.toContain(SECRET);
    expect(run.stderr).not.toContain(SECRET);
    // The reflected-key error and the env-dumping server did happen, and were reported.
    const result = readFileSync(`${out}/result.json`, 'utf8');
    expect(result).toContain('Incorrect API key provided');
    expect(result).toContain('E_SERVER_START');
    expect(result).toMatch(/PATH=/);
  });
});

// Several CLI runs per test: minutes on a loaded 2-core machine.
describe('a planted API key echoed back in normal answers', () => {
  it('is redacted from --json, --results, the cassette, stdout and stderr, in eval and doctor', async () => {
    const echoing = await startFaultEndpoint((request) => {
      if (request.method === 'GET') return { json: { object: 'list', data: [{ id: 'm', object: 'model' }] } };
      const token = String(request.headers.authorization ?? '').replace(/^Bearer /, '');
      // A normal answer that quotes the key: in the text, and inside the arguments of a call.
      const body = request.body as { messages: Array<{ role: string; content: string }> };
      const query = body.messages.find((m) => m.role === 'user')!.content;
      return query.startsWith('echo') ? reply.toolCall('echo', { text: `key ${token}` }) : reply.textAnswer(`your key is ${token}`);
    });
    try {
      const config = path.join(dir, 'echo-host.json');
      writeFileSync(config, JSON.stringify({ mcpServers: { echo: { command: process.execPath, args: [fixture('servers/echo.mjs')] } } }));
      const out = path.join(dir, 'echoed');
      const run = await runCli(
        ['eval', '--config', config, '--queries', fixture('queries/echo.yaml'), '--base-url', echoing.url, '--model-name', 'm', '--retries', '0',
          '--json', `${out}/result.json`, '--results', `${out}/results.jsonl`, '--record', `${out}/cassette`],
        { env: { TOOLVET_API_KEY: SECRET }, cwd: dir },
      );
      expect(echoing.requests.some((r) => r.headers.authorization === `Bearer ${SECRET}`)).toBe(true);
      const written = filesUnder(out);
      expect(written.length).toBeGreaterThan(3);
      for (const file of written) expect(readFileSync(file, 'utf8'), file).not.toContain(SECRET);
      expect(run.stdout + run.stderr).not.toContain(SECRET);
      // The echoed answers were recorded, with the key replaced.
      expect(readFileSync(`${out}/results.jsonl`, 'utf8')).toContain('key ***');
      const doctor = await runCli(['doctor', '--base-url', echoing.url, '--model-name', 'm'], { env: { TOOLVET_API_KEY: SECRET }, cwd: dir });
      expect(doctor.stdout + doctor.stderr).not.toContain(SECRET);
    } finally {
      await echoing.close();
    }
  }, 300_000);
});

describe('credentials in the base URL', () => {
  it('are refused with a coded error that prints neither the user nor the password', async () => {
    const url = new URL(endpoint.url);
    url.username = 'alice-user';
    url.password = 'hunter2-password';
    const run = await runCli(['eval', '--config', fixture('hosts/example.json'), '--server', 'echo', '--queries', fixture('queries/echo.yaml'), '--base-url', url.toString(), '--model-name', 'm'], { cwd: dir });
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('E_USAGE');
    expect(run.stderr).toMatch(/user name or password/);
    expect(run.stdout + run.stderr).not.toContain('hunter2-password');
    expect(run.stdout + run.stderr).not.toContain('alice-user');
  }, 300_000);
});

describe('the judge', () => {
  it("gets the agent's key only on the agent's own origin", async () => {
    const judge = await startFaultEndpoint(() => reply.textAnswer('{"pass": false, "evidence": ""}'));
    try {
      const skills = fixture('skills/project');
      const common = ['skills', 'eval', skills, '--user-dir', fixture('skills/user'), '--no-trigger', '--base-url', endpoint.url, '--model-name', 'm', '--retries', '0', '--max-turns', '1'];
      await runCli([...common, '--judge-base-url', judge.url], { env: { TOOLVET_API_KEY: SECRET, TOOLVET_JUDGE_API_KEY: undefined }, cwd: dir });
      expect(judge.requests.length).toBeGreaterThan(0);
      expect(judge.requests.some((r) => String(r.headers.authorization ?? '').includes(SECRET))).toBe(false);
      const before = judge.requests.length;
      await runCli([...common, '--judge-base-url', judge.url], { env: { TOOLVET_API_KEY: SECRET, TOOLVET_JUDGE_API_KEY: 'judge-own-key-123' }, cwd: dir });
      const later = judge.requests.slice(before);
      expect(later.length).toBeGreaterThan(0);
      expect(later.every((r) => r.headers.authorization === 'Bearer judge-own-key-123')).toBe(true);
    } finally {
      await judge.close();
    }
  }, 300_000);
});

describe('a header value of a remote server', () => {
  it('appears in no file and no output, even when the server echoes it back in a tool result and the token is wrong', async () => {
    const HEADER = 'hdr-planted-9b2e7c4d1a0f';
    const { startModernHttp } = await import('../testing/http-server.ts');
    const server = await startModernHttp({ MODERN_TOKEN: HEADER, MODERN_ECHO_HEADERS: '1' });
    try {
      const config = path.join(dir, 'remote-host.json');
      writeFileSync(config, JSON.stringify({ mcpServers: { remote: { type: 'http', url: server.url, headers: { Authorization: 'Bearer ${TP_PLANTED_HEADER}', 'X-Trace': '${TP_PLANTED_HEADER}-trace' } } } }));
      const queries = path.join(dir, 'remote.yaml');
      // A scenario, so the tool really runs and its result (holding the headers) enters the transcript.
      writeFileSync(queries, 'servers: [remote]\nscenarios:\n  - id: headers\n    query: "show the request headers"\n    expect: {calls: {steps: [{tool: show_request_headers}]}}\n');
      const out = path.join(dir, 'remote-out');
      const run = await runCli(
        ['eval', '--config', config, '--queries', queries, '--json', `${out}/result.json`, '--results', `${out}/results.jsonl`],
        { env: { TP_PLANTED_HEADER: HEADER }, cwd: dir },
      );
      // The endpoint model calls the echoing tool: its result, holding both headers, went into the run.
      const result = readFileSync(`${out}/result.json`, 'utf8');
      expect(result).toContain('request headers');
      expect(result).toContain('\\"authorization\\":\\"***\\"');
      for (const file of filesUnder(out)) expect(readFileSync(file, 'utf8'), file).not.toContain(HEADER);
      expect(run.stdout + run.stderr).not.toContain(HEADER);
      for (const command of [['doctor', '--config', config], ['snapshot', '--config', config, '--out', `${out}/snapshots`], ['probe', '--config', config], ['lint', '--config', config]]) {
        const other = await runCli(command, { env: { TP_PLANTED_HEADER: HEADER }, cwd: dir });
        expect(other.stdout + other.stderr, command[0]).not.toContain(HEADER);
      }
      for (const file of filesUnder(out)) expect(readFileSync(file, 'utf8'), file).not.toContain(HEADER);
      // A wrong token: the refusal names the header, never its value.
      const refused = await runCli(['doctor', '--config', config], { env: { TP_PLANTED_HEADER: `${HEADER}-wrong` }, cwd: dir });
      expect(refused.stdout + refused.stderr).toContain('E_SERVER_AUTH');
      expect(refused.stdout + refused.stderr).not.toContain(HEADER);
    } finally {
      await server.stop();
    }
  }, 240_000);
});
