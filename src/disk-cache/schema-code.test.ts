import { execFile } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../testing/temp-dir.ts';

/**
 * A tool schema compiled on one run is loaded on the next from the user's cache folder, without Ajv,
 * and checks arguments exactly as Ajv's own compile does. Each case runs in a process of its own
 * (compileLenient keeps what it compiled for the life of a process), with a cache folder of its own.
 */
const at = (path: string): string => JSON.stringify(fileURLToPath(new URL(path, import.meta.url)));

const SCHEMAS = [
  { type: 'object', properties: { text: { type: 'string', minLength: 1 } }, required: ['text'], additionalProperties: false },
  // A pattern runs on the linear engine, handed to the cached code; a catastrophic one does not hang it.
  { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' }, key: { type: 'string', pattern: '^[A-Z0-9]{8}$' } } },
  { type: 'object', properties: { n: { type: 'integer', minimum: 1 }, tags: { type: 'array', items: { enum: ['x', { y: 1 }] }, uniqueItems: true } }, unevaluatedProperties: false, $defs: { d: { type: 'string' } } },
  { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { when: { $ref: '#/definitions/day' } }, definitions: { day: { type: 'string', maxLength: 3 } } },
];
const ARGS = [{}, { text: '' }, { text: 'hi' }, { text: 'hi', extra: 1 }, { code: `${'a'.repeat(30)}b` }, { key: 'ABCD2345' }, { key: 'abc' }, { n: 0, tags: ['x', 'x'] }, { n: 2, tags: [{ y: 1 }], other: true }, { when: 'Monday' }, { when: 'Mon' }];

async function checkInProcess(cacheDir: string): Promise<{ checks: unknown[]; ajvLoaded: string[] }> {
  const script = `
    import { createRequire } from 'node:module';
    const { checkArguments } = await import(${at('../scoring/schema-check.ts')});
    const schemas = ${JSON.stringify(SCHEMAS)};
    const args = ${JSON.stringify(ARGS)};
    const checks = schemas.flatMap((s) => args.map((a) => checkArguments(s, a)));
    const cache = createRequire(import.meta.url).cache;
    const ajvLoaded = Object.keys(cache).filter((k) => /node_modules\\/ajv\\/dist\\/(core|compile|2020|ajv)/.test(k));
    console.log(JSON.stringify({ checks, ajvLoaded }));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 120_000, env: { ...process.env, TOOLVET_CACHE_DIR: cacheDir } });
  return JSON.parse(stdout.trim().split('\n').pop()!) as { checks: unknown[]; ajvLoaded: string[] };
}

describe('the compiled-schema cache', () => {
  const saved = process.env.TOOLVET_CACHE_DIR;
  afterEach(() => {
    process.env.TOOLVET_CACHE_DIR = saved;
  });

  it('a second run checks arguments from the cache without loading Ajv, with the same results', async () => {
    const dir = tempDir('toolvet-schema-cache-');
    const first = await checkInProcess(dir);
    expect(first.ajvLoaded.length).toBeGreaterThan(0);
    const entries = readdirSync(join(dir, 'schemas'));
    expect(entries).toHaveLength(SCHEMAS.length);
    const second = await checkInProcess(dir);
    expect(second.ajvLoaded).toEqual([]);
    expect(second.checks).toEqual(first.checks);
    // Without a cache at all: the same again.
    expect((await checkInProcess('off')).checks).toEqual(first.checks);
  }, 150_000);

  it('never runs an entry another user could have written, or one made for another schema', async () => {
    const dir = tempDir('toolvet-schema-cache-');
    const first = await checkInProcess(dir);
    const [a, b] = readdirSync(join(dir, 'schemas')).map((name) => join(dir, 'schemas', name));
    // Group-writable: ignored (and compiled again). Swapped: its key does not match, ignored.
    chmodSync(a, 0o620);
    writeFileSync(b, readFileSync(a, 'utf8').replace('module.exports.key', 'module.exports.other'), { mode: 0o600 });
    const again = await checkInProcess(dir);
    expect(again.ajvLoaded.length).toBeGreaterThan(0);
    expect(again.checks).toEqual(first.checks);
  }, 150_000);

  it('TOOLVET_CACHE_DIR=off writes nothing', async () => {
    const { cachedValidator, saveValidator } = await import('./schema-code.ts');
    process.env.TOOLVET_CACHE_DIR = 'off';
    const { Ajv } = await import('ajv');
    const ajv = new Ajv({ code: { source: true } });
    saveValidator('k', 'o', ajv, ajv.compile({ type: 'string' }));
    expect(cachedValidator('k', 'o', {})).toBeUndefined();
  });
});
