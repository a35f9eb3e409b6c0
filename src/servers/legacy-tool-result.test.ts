import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { runProbe } from '../probe/probe-run.ts';
import { ServerConnection } from './server-connection.ts';
import { tempDir } from '../testing/temp-dir.ts';

const script = fileURLToPath(new URL('../../fixtures/servers/legacy-tool-result.mjs', import.meta.url));

let open: ServerConnection | undefined;
afterEach(async () => {
  await open?.close();
  open = undefined;
});

describe('a tools/call result in the 2024-10-07 envelope ({"toolResult": ...})', () => {
  // @cloudflare/mcp-server-cloudflare 0.2.0 answers every call this way: read as an empty success before,
  // so probe reported "a success result for a tool that does not exist" for an isError naming the tool.
  it('is read as the result inside it', async () => {
    open = await ServerConnection.start('legacy', { command: process.execPath, args: [script] }, {});
    expect(await open.callTool('kv_get', {})).toEqual({ content: [{ type: 'text', text: 'Error: fetch failed' }], isError: true });
    expect(await open.callTool('no_such_tool', {})).toEqual({ content: [{ type: 'text', text: 'Error: Unknown tool: no_such_tool' }], isError: true });
  }, 60_000);

  it('lets probe see the isError naming the unknown tool, and the server failing a call it never validated', async () => {
    const config = join(tempDir('toolvet-legacy-'), 'host.json');
    writeFileSync(config, JSON.stringify({ mcpServers: { legacy: { command: process.execPath, args: [script] } } }));
    const server = (await runProbe({ config, allowDestructive: true })).probe!.servers[0];
    expect(server.unknownTool).toMatchObject({ shape: 'is-error-text', status: 'pass' });
    const probes = server.toolProbes.find((t) => t.tool === 'kv_get')!.probes;
    expect(probes.length).toBeGreaterThan(0);
    for (const probe of probes) expect(probe.excerpt).toContain('fetch failed');
  }, 120_000);
});
