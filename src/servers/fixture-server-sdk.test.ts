/**
 * The fixture servers' SDK: `serveTools` loads the build's bundle of fixtures/servers/lib/server-sdk.mjs
 * (dist/fixture-server-sdk.cjs and its code cache) when it exists, else the v1 SDK from node_modules.
 * The echo fixture answers the same over the wire either way, errors included.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUILT_SDK, BUILT_SDK_CACHE } from '../../fixtures/servers/lib/built-sdk.mjs';
import { ROOT } from '../cli/testing.ts';
import { tempDir } from '../testing/temp-dir.ts';

const REQUESTS = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } } },
  { jsonrpc: '2.0', method: 'notifications/initialized' },
  { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} },
  { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name: 'echo', arguments: { text: 'hi' } } },
  { jsonrpc: '2.0', id: 4, method: 'tools/call', params: { name: 'echo', arguments: { text: '' } } },
  { jsonrpc: '2.0', id: 5, method: 'tools/call', params: { name: 'nope', arguments: {} } },
  { jsonrpc: '2.0', id: 6, method: 'tools/call', params: {} },
  { jsonrpc: '2.0', id: 7, method: 'resources/list' },
  { jsonrpc: '2.0', id: 'server-discover-probe-1', method: 'server/discover', params: {} },
];

/** A copy of the echo fixture in a folder of its own: `fixtures/servers/` and, if asked, `dist/` and `node_modules`. */
function echoCopy(options: { built: boolean; nodeModules: boolean }): string {
  const dir = tempDir('toolvet-fixture-sdk-');
  mkdirSync(join(dir, 'fixtures/servers'), { recursive: true });
  cpSync(join(ROOT, 'fixtures/servers/echo.mjs'), join(dir, 'fixtures/servers/echo.mjs'));
  cpSync(join(ROOT, 'fixtures/servers/lib'), join(dir, 'fixtures/servers/lib'), { recursive: true });
  if (options.built) {
    mkdirSync(join(dir, 'dist'));
    for (const name of [BUILT_SDK, BUILT_SDK_CACHE]) cpSync(join(ROOT, 'dist', name), join(dir, 'dist', name));
  }
  if (options.nodeModules) symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  return join(dir, 'fixtures/servers/echo.mjs');
}

/** The server's answers to `requests` (stdin closed after them), ordered by id. */
function answers(script: string, requests: readonly object[]): Promise<unknown[]> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [script], (error, stdout) => {
      if (error) return reject(error);
      const lines = stdout.trim().split('\n').map((line) => JSON.parse(line) as { id: number | string });
      resolve(lines.sort((a, b) => String(a.id).localeCompare(String(b.id))));
    });
    child.stdin!.end(requests.map((r) => JSON.stringify(r)).join('\n') + '\n');
  });
}

describe('the fixture servers’ SDK', () => {
  it('answers the same from the built bundle as from node_modules, errors included', async () => {
    const fromNodeModules = await answers(echoCopy({ built: false, nodeModules: true }), REQUESTS);
    const fromBundle = await answers(echoCopy({ built: true, nodeModules: true }), REQUESTS);
    expect(fromNodeModules).toHaveLength(REQUESTS.length - 1);
    expect(fromBundle).toEqual(fromNodeModules);
  });

  it('starts and lists from the bundle alone, without node_modules', async () => {
    const listed = await answers(echoCopy({ built: true, nodeModules: false }), REQUESTS.slice(0, 3));
    expect(listed).toMatchObject([{ id: 1, result: { serverInfo: { name: 'echo' } } }, { id: 2, result: { tools: [{ name: 'echo' }] } }]);
  });
});
