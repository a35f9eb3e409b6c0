import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadHostConfig } from '../config/host-config.ts';
import { claudeDesktopConfig, findHostConfig } from './find-config.ts';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true })));

function project(files: Record<string, object>): string {
  const dir = mkdtempSync(join(os.tmpdir(), 'toolvet-find-'));
  dirs.push(dir);
  for (const [path, data] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), JSON.stringify(data));
  }
  return dir;
}

const server = { command: 'node', args: ['server.mjs'] };

describe('findHostConfig', () => {
  it.each([
    [{ '.mcp.json': { mcpServers: { a: server } }, '.vscode/mcp.json': { servers: { b: server } } }, '.mcp.json', ['a']],
    [{ '.vscode/mcp.json': { servers: { b: server }, inputs: [] }, '.cursor/mcp.json': { mcpServers: { c: server } } }, '.vscode/mcp.json', ['b']],
    [{ '.cursor/mcp.json': { mcpServers: { c: server } } }, '.cursor/mcp.json', ['c']],
  ])('%j: %s', (files, expected, names) => {
    const dir = project(files);
    const found = findHostConfig(dir, undefined, join(dir, 'none.json'));
    expect(found).toBe(join(dir, expected));
    expect(Object.keys(loadHostConfig(found).servers)).toEqual(names);
  });

  it("falls back to Claude Desktop's file, and --config wins over everything", () => {
    const dir = project({ 'desktop.json': { mcpServers: { d: server } }, '.mcp.json': { mcpServers: { a: server } }, 'mine.json': { x: server } });
    expect(findHostConfig(dir, 'mine.json', join(dir, 'desktop.json'))).toBe(join(dir, 'mine.json'));
    rmSync(join(dir, '.mcp.json'));
    expect(findHostConfig(dir, undefined, join(dir, 'desktop.json'))).toBe(join(dir, 'desktop.json'));
    expect(() => findHostConfig(dir, 'missing.json')).toThrow(expect.objectContaining({ code: 'E_FILE_MISSING' }));
  });

  it.each([
    ['darwin', '/Users/u/Library/Application Support/Claude/claude_desktop_config.json'],
    ['linux', '/home/u/.config/Claude/claude_desktop_config.json'],
  ] as const)("Claude Desktop's file on %s", (platform, path) => {
    const home = platform === 'darwin' ? '/Users/u' : '/home/u';
    expect(claudeDesktopConfig({}, platform, home)).toBe(path);
  });
});
