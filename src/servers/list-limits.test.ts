/**
 * List caps: the table of checkListed, then hostile fixture servers (endless pagination, 20,000 tools,
 * a schema 2,000 levels deep, a 320 KB description) each failing alone with E_SERVER_LIMIT while the
 * healthy server beside them keeps its tools.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { HostConfig } from '../config/host-config.ts';
import { checkListed, DEFAULT_LIST_LIMITS } from './list-limits.ts';
import { ServerPool } from './server-pool.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`../../fixtures/servers/${name}`, import.meta.url));

function nested(depth: number): unknown {
  let value: unknown = { type: 'string' };
  for (let i = 0; i < depth; i++) value = { type: 'object', properties: { next: value } };
  return value;
}

describe('checkListed', () => {
  const limits = { ...DEFAULT_LIST_LIMITS, maxStringChars: 100, maxDepth: 10 };
  it.each([
    ['a plain tool', [{ name: 'a', description: 'short', inputSchema: { type: 'object', properties: { x: { type: 'string' } } } }], undefined],
    ['a description one over the cap', [{ name: 'long', description: 'x'.repeat(101) }], /"long" has a string of 101 characters at description/],
    ['a description at the cap', [{ name: 'fits', description: 'x'.repeat(100) }], undefined],
    ['a long enum value deep inside', [{ name: 'e', inputSchema: { properties: { k: { enum: ['y'.repeat(200)] } } } }], /"e" has a string of 200 characters at inputSchema\.properties\.k\.enum\[0\]/],
    ['a shallow schema', [{ name: 'ok', inputSchema: nested(3) }], undefined],
    ['a schema past the depth cap', [{ name: 'deep', inputSchema: nested(6) }], /"deep" nests deeper than 10 levels/],
    ['a resource named by its uri', [{ uri: 'file:///x', description: 'z'.repeat(101) }], /"file:\/\/\/x"/],
  ])('%s', (_label, items, expected) => {
    const problem = checkListed(items, limits);
    if (expected === undefined) expect(problem).toBeUndefined();
    else expect(problem?.message).toMatch(expected);
  });

  it('walks a 100,000-deep value without overflowing the stack', () => {
    expect(checkListed([{ name: 'abyss', inputSchema: nested(50_000) }], DEFAULT_LIST_LIMITS)?.message).toMatch(/nests deeper than 64/);
  });
});

describe('hostile servers fail alone', () => {
  it('endless pagination, too many tools, a deep schema and a huge description: E_SERVER_LIMIT each; echo keeps its tool', async () => {
    const node = (script: string, env: Record<string, string> = {}) => ({ command: process.execPath, args: [fixture(script)], env });
    const config: HostConfig = {
      file: 'inline',
      shape: 'mcpServers',
      resolved: [],
      skipped: [],
      servers: {
        echo: node('echo.mjs'),
        endless: node('faults/endless-pages.mjs'),
        many: node('faults/many-tools.mjs'),
        deep: node('faults/deep-schema.mjs', { SHAPE: 'deep' }),
        'deep-200': node('faults/deep-schema.mjs', { SHAPE: 'deep', DEPTH: '200' }),
        huge: node('faults/deep-schema.mjs', { SHAPE: 'huge' }),
      },
    };
    const pool = await ServerPool.start(config, Object.keys(config.servers));
    try {
      const errors = new Map(pool.errors().map((e) => [e.server, e]));
      expect(pool.tools().map((t) => t.name)).toEqual(['echo']);
      expect(errors.get('endless')).toMatchObject({ code: 'E_SERVER_LIMIT', message: expect.stringContaining('still paginating after 500 pages') });
      expect(errors.get('many')).toMatchObject({ code: 'E_SERVER_LIMIT', message: expect.stringContaining('more than 5000 items') });
      // 2,000 deep: dropped by the transport's depth cap (512) before the SDK's recursive check sees it.
      expect(errors.get('deep')).toMatchObject({ code: 'E_SERVER_LIMIT', message: expect.stringMatching(/sent a message nested deeper than 512 levels/) });
      expect(errors.get('deep-200')).toMatchObject({ code: 'E_SERVER_LIMIT', message: expect.stringMatching(/"deep_schema" nests deeper than 64 levels/) });
      expect(errors.get('huge')).toMatchObject({ code: 'E_SERVER_LIMIT', message: expect.stringMatching(/"huge_description" has a string of \d+ characters at description/) });
      expect(pool.info().find((i) => i.name === 'echo')).toMatchObject({ tools: 1 });
    } finally {
      await pool.close();
    }
  });
});
