import { execFile } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../testing/temp-dir.ts';

/**
 * A YAML file read on one run is read on the next from the user's cache folder, without the YAML
 * library, as the same value; a value JSON cannot carry exactly is parsed every time. Each read runs
 * in a process of its own with a cache folder of its own.
 */
const at = (path: string): string => JSON.stringify(fileURLToPath(new URL(path, import.meta.url)));

async function readInProcess(file: string, cacheDir: string, what = 'query set'): Promise<{ value: string; yamlLoaded: boolean }> {
  const script = `
    import { createRequire } from 'node:module';
    import { inspect } from 'node:util';
    const { readDataFile } = await import(${at('../config/read-file.ts')});
    const value = inspect(readDataFile(${JSON.stringify(file)}, ${JSON.stringify(what)}, { cacheParsed: ${what === 'query set'} }), { depth: null });
    const yamlLoaded = Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes('/node_modules/yaml/dist/'));
    console.log(JSON.stringify({ value, yamlLoaded }));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 120_000, env: { ...process.env, TOOLVET_CACHE_DIR: cacheDir } });
  return JSON.parse(stdout.trim().split('\n').pop()!) as { value: string; yamlLoaded: boolean };
}

describe('the parsed-YAML cache', () => {
  it('a second read of the same text takes the value from the cache, without the YAML library', async () => {
    const dir = tempDir('toolvet-yaml-cache-');
    const file = join(dir, 'set.yaml');
    writeFileSync(file, 'name: demo # a comment\ncases:\n  - id: a\n    query: "echo: hi"\n    expect: { tool: echo, arguments: { n: 1.5, ok: true, none: null } }\n  - id: b\n    query: |\n      two\n      lines\n');
    const first = await readInProcess(file, join(dir, 'cache'));
    expect(first.yamlLoaded).toBe(true);
    expect(readdirSync(join(dir, 'cache', 'yaml'))).toHaveLength(1);
    const second = await readInProcess(file, join(dir, 'cache'));
    expect(second).toEqual({ value: first.value, yamlLoaded: false });
    // Another text is another entry.
    writeFileSync(file, 'name: demo2\ncases: []\n');
    const third = await readInProcess(file, join(dir, 'cache'));
    expect(third.yamlLoaded).toBe(true);
    expect(third.value).toContain('demo2');
  }, 150_000);

  it('a host config is never cached: its env and headers may hold tokens written out in full', async () => {
    const dir = tempDir('toolvet-yaml-cache-');
    const file = join(dir, 'host.yaml');
    writeFileSync(file, 'mcpServers:\n  gh:\n    command: node\n    env: { GITHUB_TOKEN: ghp_0123456789abcdefghijklmnopqrstuvwxyz }\n');
    const first = await readInProcess(file, join(dir, 'cache'), 'host config');
    expect(first.value).toContain('ghp_0123456789');
    expect(existsSync(join(dir, 'cache', 'yaml'))).toBe(false);
    const second = await readInProcess(file, join(dir, 'cache'), 'host config');
    expect(second.yamlLoaded).toBe(true);
  }, 150_000);

  it('a value JSON cannot carry exactly (an infinity, -0) is never cached', async () => {
    const dir = tempDir('toolvet-yaml-cache-');
    const file = join(dir, 'set.yaml');
    writeFileSync(file, 'big: .inf\nzero: -0.0\n');
    const first = await readInProcess(file, join(dir, 'cache'));
    expect(first.value).toBe('{ big: Infinity, zero: -0 }');
    const second = await readInProcess(file, join(dir, 'cache'));
    expect(second).toEqual(first);
  }, 150_000);
});
