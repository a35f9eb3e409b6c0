import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ToolproofError } from '../errors.ts';
import { loadHostConfig, selectServers } from './host-config.ts';

function tempConfig(content: unknown): { dir: string; file: string } {
  const dir = mkdtempSync(join(tmpdir(), 'toolproof-host-'));
  mkdirSync(join(dir, 'servers'));
  writeFileSync(join(dir, 'servers', 'a.mjs'), '');
  const file = join(dir, 'host.json');
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return { dir, file };
}

function loadError(content: unknown): ToolproofError {
  const { file } = tempConfig(content);
  try {
    loadHostConfig(file);
  } catch (error) {
    return error as ToolproofError;
  }
  throw new Error('expected the config to be refused');
}

describe('loadHostConfig', () => {
  it('reads Claude Desktop, VS Code and bare shapes alike, resolving relative script paths and reporting them', () => {
    const entry = { command: 'node', args: ['servers/a.mjs', '--flag'] };
    for (const [content, shape] of [
      [{ mcpServers: { a: entry } }, 'mcpServers'],
      [{ servers: { a: { type: 'stdio', ...entry } }, inputs: [] }, 'servers'],
      [{ a: entry }, 'bare'],
    ] as const) {
      const { dir, file } = tempConfig(content);
      const config = loadHostConfig(file);
      expect(config.shape).toBe(shape);
      expect(config.servers.a).toEqual({ command: 'node', args: [join(dir, 'servers', 'a.mjs'), '--flag'] });
      expect(config.resolved).toEqual([{ server: 'a', field: 'args[0]', from: 'servers/a.mjs', to: join(dir, 'servers', 'a.mjs') }]);
    }
  });

  it('skips remote servers with a reason and refuses to select them', () => {
    const { file } = tempConfig({ servers: { web: { type: 'http', url: 'https://example.com/mcp' }, a: { command: 'node' } } });
    const config = loadHostConfig(file);
    expect(Object.keys(config.servers)).toEqual(['a']);
    expect(() => selectServers(config, ['web'])).toThrow(/remote transport/);
  });

  it('names the file, the JSON path and the fix for a wrong type', () => {
    const error = loadError({ mcpServers: { a: { command: 'node', args: 'server.js' } } });
    expect(error.code).toBe('E_FILE_INVALID');
    expect(error.path).toBe('$.mcpServers.a.args');
    expect(error.message).toContain('host.json');
    expect(error.hint).toMatch(/"command"/);
  });

  it('names an unknown key', () => {
    const error = loadError({ mcpServers: { a: { command: 'node', argv: [] } } });
    expect(error.code).toBe('E_FILE_INVALID');
    expect(error.path).toBe('$.mcpServers.a.argv');
    expect(error.message).toContain('unknown key "argv"');
  });

  it('gives the line of a JSON syntax error', () => {
    const error = loadError('{\n  "mcpServers": {\n    "a": { "command": "node", }\n  }\n}');
    expect(error.code).toBe('E_FILE_PARSE');
    expect(error.message).toMatch(/line 3/);
  });

  it('refuses an empty file, a folder and a missing file with distinct codes', () => {
    expect(loadError('').code).toBe('E_FILE_PARSE');
    const { dir } = tempConfig({});
    expect(() => loadHostConfig(dir)).toThrow(expect.objectContaining({ code: 'E_FILE_UNREADABLE' }));
    expect(() => loadHostConfig(join(dir, 'nope.json'))).toThrow(expect.objectContaining({ code: 'E_FILE_MISSING' }));
  });

  it('lists the known servers when a name is unknown', () => {
    const { file } = tempConfig({ mcpServers: { alpha: { command: 'node' }, beta: { command: 'node' } } });
    const config = loadHostConfig(file);
    expect(() => selectServers(config, ['gamma'])).toThrow(expect.objectContaining({ code: 'E_UNKNOWN_SERVER', hint: 'known servers: alpha, beta' }));
  });
});
