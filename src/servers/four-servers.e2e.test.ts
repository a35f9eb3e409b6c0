/**
 * One host configuration with a stdio v1 server (server-everything), a stdio v2 server (our fixture),
 * the v2 fixture over Streamable HTTP with a bearer token from the environment, and server-everything
 * over legacy SSE: doctor, snapshot, lint, probe and eval work on all four through the CLI, and the
 * snapshots record 2025-11-25 for the v1 servers and 2026-07-28 for the v2 ones. Then the four ways a
 * remote entry goes wrong, each with its own code, and the token appears in no output or file.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture, runCli, type CliRun } from '../cli/testing.ts';
import { freePort, startEverythingHttp, startModernHttp, type HttpServerHandle } from '../testing/http-server.ts';
import { tempDir } from '../testing/temp-dir.ts';

const TOKEN = 'e2e-bearer-5c1f8e2d9a';
const require = createRequire(import.meta.url);
const everythingBin = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');

let dir = '';
let config = '';
let http: HttpServerHandle;
let sse: HttpServerHandle;
let html: Server;
const env = { WAREHOUSE_TOKEN: TOKEN };

beforeAll(async () => {
  dir = tempDir('toolvet-four-');
  [http, sse] = await Promise.all([startModernHttp({ MODERN_TOKEN: TOKEN }), startEverythingHttp('sse')]);
  config = join(dir, '.mcp.json');
  writeFileSync(
    config,
    JSON.stringify({
      mcpServers: {
        everything: { command: process.execPath, args: [everythingBin, 'stdio'] },
        warehouse: { command: process.execPath, args: [fixture('servers/modern.mjs')] },
        'warehouse-http': { type: 'http', url: http.url, headers: { Authorization: 'Bearer ${WAREHOUSE_TOKEN}' } },
        'everything-sse': { type: 'sse', url: sse.url },
      },
    }),
  );
  html = createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>'));
  await new Promise<void>((resolve) => html.listen(0, '127.0.0.1', () => resolve()));
}, 60_000);
afterAll(async () => {
  await Promise.all([http?.stop(), sse?.stop(), new Promise((r) => html?.close(r))]);
});

const runs: CliRun[] = [];
async function toolvet(args: string[], extraEnv: Record<string, string | undefined> = env): Promise<CliRun> {
  const run = await runCli(args, { env: extraEnv, cwd: dir, timeoutMs: 150_000 });
  runs.push(run);
  return run;
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const full = join(folder, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

describe('one host config, four servers, both eras', () => {
  it('doctor prints the negotiated protocol and transport of each', async () => {
    const run = await toolvet(['doctor', '--config', config]);
    expect(run.stdout).toMatch(/ok\s+server "everything" \S+ starts and lists \d+ tool\(s\) \(protocol 2025-11-25 over stdio\)/);
    expect(run.stdout).toMatch(/ok\s+server "warehouse" 2\.0\.0 starts and lists 3 tool\(s\) \(protocol 2026-07-28 over stdio\)/);
    expect(run.stdout).toMatch(/ok\s+server "warehouse-http" 2\.0\.0 starts and lists 3 tool\(s\) \(protocol 2026-07-28 over http\)/);
    expect(run.stdout).toMatch(/warn\s+server "everything-sse" .*\(protocol 2025-11-25 over sse\); .*deprecated/);
  }, 200_000);

  it('snapshot records 2025-11-25 for the v1 servers and 2026-07-28 for the v2 ones', async () => {
    const out = join(dir, 'snapshots');
    const run = await toolvet(['snapshot', '--config', config, '--out', out]);
    expect(run.code).toBe(0);
    const version = (name: string): string => (JSON.parse(readFileSync(join(out, `${name}.json`), 'utf8')) as { protocolVersion: string }).protocolVersion;
    expect([version('everything'), version('everything-sse'), version('warehouse'), version('warehouse-http')]).toEqual(['2025-11-25', '2025-11-25', '2026-07-28', '2026-07-28']);
  }, 200_000);

  it('lint and probe cover all four', async () => {
    const lint = await toolvet(['lint', '--config', config, '--format', 'json']);
    expect(lint.code, lint.stderr).toBe(0);
    const linted = JSON.parse(lint.stdout) as { servers: Array<{ name: string; protocolVersion?: string; transport?: string }> };
    expect(Object.fromEntries(linted.servers.map((s) => [s.name, `${s.protocolVersion} ${s.transport}`]))).toEqual({
      everything: '2025-11-25 stdio',
      warehouse: '2026-07-28 stdio',
      'warehouse-http': '2026-07-28 http',
      'everything-sse': '2025-11-25 sse',
    });
    const probe = await toolvet(['probe', '--config', config]);
    expect(probe.code).toBe(0);
    for (const header of [/everything \(.*protocol 2025-11-25/, /warehouse \(2\.0\.0, protocol 2026-07-28, 3 tools\)/, /warehouse-http \(2\.0\.0, protocol 2026-07-28, 3 tools\)/, /everything-sse \(.*protocol 2025-11-25/]) {
      expect(probe.stdout).toMatch(header);
    }
  }, 300_000);

  it('eval runs query sets on a v1 stdio server beside a v2 HTTP one, and a v2 stdio server beside a v1 SSE one', async () => {
    const retarget = (file: string, from: string, to: string): string => {
      const target = join(dir, `${to}.yaml`);
      writeFileSync(target, readFileSync(fixture(file), 'utf8').replace(`servers: [${from}]`, `servers: [${to}]`));
      return target;
    };
    const first = await toolvet(['eval', '--config', config, '--server', 'everything', '--server', 'warehouse-http', '--queries', fixture('queries/real/everything.yaml'), '--queries', retarget('queries/warehouse.yaml', 'warehouse', 'warehouse-http'), '--json', join(dir, 'eval1.json')]);
    const second = await toolvet(['eval', '--config', config, '--server', 'warehouse', '--server', 'everything-sse', '--queries', fixture('queries/warehouse.yaml'), '--queries', retarget('queries/real/everything.yaml', 'everything', 'everything-sse'), '--json', join(dir, 'eval2.json')]);
    for (const [run, file] of [[first, 'eval1.json'], [second, 'eval2.json']] as const) {
      expect(run.code, run.stderr).toBe(0);
      const result = JSON.parse(readFileSync(join(dir, file), 'utf8')) as { errors: unknown[]; summary: { cases: number; errored: number }; servers: Array<{ protocolVersion: string }> };
      expect(result.errors).toEqual([]);
      expect(result.summary.errored).toBe(0);
      expect(result.summary.cases).toBe(12);
      expect(result.servers.map((s) => s.protocolVersion).sort()).toEqual(['2025-11-25', '2026-07-28']);
    }
  }, 300_000);

  it('a wrong token, a missing variable, a dead URL and a non-MCP URL each have their own code', async () => {
    const only = (name: string, entry: unknown): string => {
      const file = join(dir, `${name}.json`);
      writeFileSync(file, JSON.stringify({ mcpServers: { [name]: entry } }));
      return file;
    };
    const wrong = await toolvet(['lint', '--config', config, '--server', 'warehouse-http'], { WAREHOUSE_TOKEN: 'not-the-token-0000' });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr + wrong.stdout).toMatch(/E_SERVER_AUTH: server "warehouse-http": .* refused the headers Authorization \(HTTP 401 Unauthorized\)/);
    const missing = await toolvet(['lint', '--config', config, '--server', 'warehouse-http'], { WAREHOUSE_TOKEN: undefined });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toMatch(/E_ENV_MISSING: .*\$\.mcpServers\.warehouse-http\.headers\.Authorization uses \$\{WAREHOUSE_TOKEN\}, but WAREHOUSE_TOKEN is not set/);
    const dead = await toolvet(['lint', '--config', only('dead', { type: 'http', url: `http://127.0.0.1:${await freePort()}/mcp` })]);
    expect(dead.code).toBe(2);
    expect(dead.stderr + dead.stdout).toMatch(/E_SERVER_UNREACHABLE: server "dead": cannot reach http:\/\/127\.0\.0\.1:\d+\/mcp \(ECONNREFUSED\)/);
    const notMcp = await toolvet(['lint', '--config', only('page', { url: `http://127.0.0.1:${(html.address() as { port: number }).port}/` })]);
    expect(notMcp.code).toBe(2);
    expect(notMcp.stderr + notMcp.stdout).toMatch(/E_SERVER_NOT_MCP: server "page": .* answers, but not as an MCP Streamable HTTP endpoint \(HTTP 404\)/);
  }, 200_000);

  it('the bearer token appears in no output and no file', () => {
    expect(runs.length).toBeGreaterThanOrEqual(8);
    for (const run of runs) {
      expect(run.stdout).not.toContain(TOKEN);
      expect(run.stderr).not.toContain(TOKEN);
    }
    for (const file of filesUnder(dir)) if (!file.endsWith('.mcp.json')) expect(readFileSync(file, 'utf8'), file).not.toContain(TOKEN);
  });
});
