/**
 * The modern-era protocol checks of `toolvet probe`, live: our v2-SDK front desk (stdio and HTTP on
 * 127.0.0.1) passes every one; the hand-written modern-bad server breaks each (cache hints, -32002 for
 * an unknown resource, the deprecated logging capability, the HTTP header rules, a foreign Origin
 * served); the real server-everything over Streamable HTTP (2025-11-25) is held to its own era's rules.
 * Each server's checks are asserted as the exact [scenario:id, status] list, so an extra one fails too.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEverythingHttp, startHttpServer, type HttpServerHandle } from '../testing/http-server.ts';
import { runProbe } from './probe-run.ts';
import type { ServerProbe } from './types.ts';

const script = (name: string): string => fileURLToPath(new URL(`../../fixtures/servers/${name}`, import.meta.url));
const startFixture = (name: string): Promise<HttpServerHandle> => startHttpServer({ args: [script(name), '--http', '0'], ready: /listening (http:\/\/\S+)/ });

describe('toolvet probe: modern-era protocol checks', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolvet-probe-protocol-'));
  let servers: HttpServerHandle[] = [];
  let probes: Record<string, ServerProbe> = {};
  const checks = (name: string): string[] => (probes[name].protocolChecks ?? []).map((c) => `${c.scenario}:${c.id} ${c.status}`);

  beforeAll(async () => {
    servers = await Promise.all([startFixture('front-desk.mjs'), startFixture('modern-bad.mjs'), startEverythingHttp('streamableHttp')]);
    const [desk, bad, everything] = servers;
    const config = join(dir, 'host.json');
    writeFileSync(
      config,
      JSON.stringify({
        mcpServers: {
          'desk-stdio': { command: process.execPath, args: [script('front-desk.mjs')] },
          'desk-http': { type: 'http', url: desk.url },
          'bad-stdio': { command: process.execPath, args: [script('modern-bad.mjs')] },
          'bad-http': { type: 'http', url: bad.url },
          'everything-http': { type: 'http', url: everything.url },
        },
      }),
    );
    const result = await runProbe({ config, concurrency: 2 });
    probes = Object.fromEntries(result.probe!.servers.map((s) => [s.server, s]));
  }, 240_000);
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    rmSync(dir, { recursive: true, force: true });
  });

  const deskCommon = ['cache-hints:server/discover pass', 'cache-hints:tools/list pass', 'cache-hints:resources/list pass', 'cache-hints:resources/templates/list pass', 'cache-hints:resources/read pass', 'resource-not-found:unknown-uri pass', 'deprecated-features:logging pass'];

  it('the v2-SDK front desk passes every check, over stdio and over HTTP', () => {
    expect(checks('desk-stdio')).toEqual(deskCommon);
    expect(checks('desk-http')).toEqual([...deskCommon, 'http-headers:control pass', 'http-headers:protocol-version-missing pass', 'http-headers:protocol-version-mismatch pass', 'http-headers:method-mismatch pass', 'origin:foreign-origin pass']);
    expect(probes['desk-http'].protocolChecks!.find((c) => c.id === 'foreign-origin')!.detail).toBe('a request from Origin http://toolvet-probe.invalid: 403 (JSON-RPC -32000)');
  });

  it('modern-bad breaks each, with what the spec asks in the detail', () => {
    const common = ['cache-hints:server/discover pass', 'cache-hints:tools/list pass', 'cache-hints:resources/list pass', 'cache-hints:resources/templates/list fail', 'cache-hints:resources/read fail', 'resource-not-found:unknown-uri fail', 'deprecated-features:logging warn'];
    expect(checks('bad-stdio')).toEqual(common);
    expect(checks('bad-http')).toEqual([...common, 'http-headers:control pass', 'http-headers:protocol-version-missing fail', 'http-headers:protocol-version-mismatch fail', 'http-headers:method-mismatch fail', 'origin:foreign-origin fail']);
    const detail = Object.fromEntries(probes['bad-http'].protocolChecks!.map((c) => [`${c.scenario}:${c.id}`, c.detail]));
    expect(detail['cache-hints:resources/templates/list']).toMatch(/the SDK refused the result: .*ttlMs.*expected int.*cacheScope/);
    expect(detail['cache-hints:resources/read']).toMatch(/^resources\/read: the SDK refused the result: .*ttlMs/);
    expect(detail['resource-not-found:unknown-uri']).toMatch(/^answered JSON-RPC -32002, not -32602/);
    expect(detail['http-headers:protocol-version-missing']).toBe('tools/list without MCP-Protocol-Version: served (200); the spec asks for 400 Bad Request');
    expect(detail['origin:foreign-origin']).toMatch(/served \(200\); a server must answer a foreign Origin with 403 Forbidden/);
    expect(probes['bad-http'].status).toBe('fail');
  });

  it('the real server-everything over Streamable HTTP (2025-11-25): its era\'s rules only; it serves a foreign Origin', () => {
    expect(probes['everything-http'].protocolVersion).toBe('2025-11-25');
    expect(checks('everything-http')).toEqual(['resource-not-found:unknown-uri pass', 'http-headers:control pass', 'http-headers:protocol-version-unsupported pass', 'origin:foreign-origin fail']);
  });
});
