/**
 * Prototype names through snapshot and diff: `__proto__`, `constructor`, `toString`, `valueOf` and
 * `hasOwnProperty` as tool and parameter names. Before, `snapshot` dropped a parameter named
 * `__proto__` (key sorting assigned it, which sets the prototype) and a removed required `__proto__`
 * parameter passed the diff gate.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../cli/testing.ts';
import { runDiff } from './run-diff.ts';
import { writeSnapshots } from './snapshot.ts';
import { tempDir } from '../testing/temp-dir.ts';

const dir = tempDir('toolvet-diff-proto-');
const NAMES = ['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'];
type Snap = { tools: Array<{ name: string; inputSchema: { properties?: Record<string, unknown>; required?: string[] } }> };
let snapshotFile: string;
let snapshot: Snap;

const ownKeys = (o: unknown): string[] => Object.keys(o as object);
const write = (name: string, data: unknown): string => {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(data));
  return file;
};
/** The snapshot after `edit`, re-read with JSON.parse so prototype names stay own keys. */
const edited = (edit: (s: Snap) => void): Snap => {
  const copy = JSON.parse(readFileSync(snapshotFile, 'utf8')) as Snap;
  edit(copy);
  return copy;
};
const tool = (s: Snap, name: string) => s.tools.find((t) => t.name === name)!;

describe('prototype names through snapshot and diff', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    const host = write('host.json', { mcpServers: { hostile: { command: process.execPath, args: [fixture('servers/hostile.mjs')] } } });
    const [written] = await writeSnapshots({ config: host, outDir: join(dir, 'snaps'), timeouts: { startMs: 60_000 } });
    snapshotFile = written.file;
    snapshot = JSON.parse(readFileSync(snapshotFile, 'utf8')) as Snap;
  }, 120_000);

  it('snapshot keeps every prototype name as a tool and as a parameter', () => {
    expect(snapshot.tools.map((t) => t.name)).toEqual(expect.arrayContaining(NAMES));
    expect(ownKeys(tool(snapshot, 'read_note').inputSchema.properties)).toEqual(['__proto__', 'constructor', 'toString']);
    expect(ownKeys(tool(snapshot, '__proto__').inputSchema.properties)).toEqual(['valueOf']);
    expect(ownKeys(tool(snapshot, 'constructor').inputSchema.properties)).toEqual(['hasOwnProperty']);
  });

  it('an unchanged snapshot diffs to nothing, so no name reads as a change', async () => {
    const result = await runDiff({ old: snapshotFile, new: snapshotFile });
    expect(result.diff!.changes).toEqual([]);
  });

  it('a removed required parameter named __proto__ fails the gate with a counterexample', async () => {
    const old = write('old.json', edited((s) => (tool(s, 'read_note').inputSchema.required = ['__proto__'])));
    const next = write('new.json', edited((s) => delete tool(s, 'read_note').inputSchema.properties!.__proto__));
    const result = await runDiff({ old, new: next });
    const removed = result.diff!.changes.find((c) => c.check === 'parameter-removed-open')!;
    expect(removed).toMatchObject({ tool: 'read_note', level: 'breaking', path: 'inputSchema.properties.__proto__' });
    expect(removed.message).toMatch(/^required parameter "__proto__" was removed/);
    expect(removed.message).not.toContain('still validate');
    expect(Object.keys(removed.counterexample!.call as object)).toContain('__proto__');
    expect(result.verdict.status).toBe('fail');
  });

  it('parameters named constructor, toString, valueOf and hasOwnProperty are compared like any other', async () => {
    const next = write('renamed.json', edited((s) => {
      Reflect.deleteProperty(tool(s, 'constructor').inputSchema.properties!, 'hasOwnProperty');
      Reflect.set(tool(s, 'read_note').inputSchema.properties!, 'toString', { type: 'string', enum: ['a', 'b'] });
      tool(s, '__proto__').inputSchema.required = ['valueOf'];
    }));
    const result = await runDiff({ old: snapshotFile, new: next });
    const found = result.diff!.changes.map((c) => `${c.tool} ${c.check} ${c.level}`);
    expect(found).toEqual(
      expect.arrayContaining(['constructor parameter-removed-open breaking', 'read_note enum-added breaking', '__proto__ parameter-became-required breaking']),
    );
    for (const c of result.diff!.changes.filter((c) => c.level === 'breaking')) expect(c.counterexample, c.message).toBeDefined();
    expect(JSON.stringify(result)).not.toContain('[native code]');
  });
});
