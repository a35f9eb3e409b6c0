/**
 * The era a real server gets. `@modelcontextprotocol/server-pdf` 2.0.4 is built on the v2 server SDK,
 * but wires one McpServer straight to `StdioServerTransport` (not `serveStdio`): it answers the
 * `server/discover` probe with "Method not found", so it is a 2025-era server and Toolvet greets it
 * with `initialize`. Our own fixture, served through `serveStdio`, is the 2026-07-28 one.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ServerConnection } from './server-connection.ts';

// The package exports no ./package.json; its bin is dist/index.js.
const pdfBin = fileURLToPath(new URL('../../node_modules/@modelcontextprotocol/server-pdf/dist/index.js', import.meta.url));

describe('protocol era of real servers', () => {
  it.each([
    ['server-pdf (v2 SDK, direct stdio transport)', [pdfBin, '--stdio'], '2025-11-25', 'legacy', 'list_pdfs'],
    ['our v2 fixture (serveStdio)', [fileURLToPath(new URL('../../fixtures/servers/modern.mjs', import.meta.url))], '2026-07-28', 'modern', 'get_stock'],
  ])('%s', async (_label, args, version, era, someTool) => {
    const connection = await ServerConnection.start('real', { command: process.execPath, args });
    try {
      expect(connection.identity).toMatchObject({ protocolVersion: version, era });
      expect((await connection.listTools()).map((t) => t.name)).toContain(someTool);
    } finally {
      await connection.close();
    }
  });
});
