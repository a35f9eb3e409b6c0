/** The baseline file: accepted findings pass until they expire; stale entries fail; bad files name the path. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import { loadBaseline } from './baseline.ts';
import { runDiff } from './run-diff.ts';
import { tempDir } from '../testing/temp-dir.ts';

const fixtures = (p: string): string => fileURLToPath(new URL(`../../fixtures/${p}`, import.meta.url));
const dir = tempDir('toolvet-baseline-');
const write = (name: string, text: string): string => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

// Old: the refman tool list; new: search_items gone, so one breaking change.
const oldFile = fixtures('tools/refman.json');
const newFile = write(
  'refman-no-search.json',
  JSON.stringify((await import(oldFile, { with: { type: 'json' } })).default.filter((t: { name: string }) => t.name !== 'search_items')),
);
const NOW = new Date('2026-11-22T12:00:00Z');

describe('baseline', () => {
  it('fails without a baseline, passes when the finding is accepted and not expired', async () => {
    const plain = await runDiff({ old: oldFile, new: newFile, now: NOW });
    expect(plain.verdict.status).toBe('fail');
    expect(plain.diff!.changes.map((c) => `${c.tool}:${c.check}`)).toEqual(['search_items:tool-removed']);
    const baseline = write('ok.yaml', 'accepted:\n  - finding: search_items:tool-removed\n    reason: replaced by find_items in 2.0, announced in the changelog\n    expires: "2026-11-22"\n');
    const accepted = await runDiff({ old: oldFile, new: newFile, baseline, now: NOW });
    expect(accepted.verdict.status).toBe('pass');
    expect(accepted.diff!.changes[0].accepted).toEqual({ reason: 'replaced by find_items in 2.0, announced in the changelog', expires: '2026-11-22' });
  });

  it('counts an expired entry as absent and warns', async () => {
    const baseline = write('expired.json', JSON.stringify({ accepted: [{ finding: 'search_items:tool-removed', reason: 'temporary', expires: '2026-11-21' }] }));
    const result = await runDiff({ old: oldFile, new: newFile, baseline, now: NOW });
    expect(result.verdict.status).toBe('fail');
    expect(result.diff!.baseline!.issues).toEqual([expect.objectContaining({ problem: 'expired', finding: 'search_items:tool-removed' })]);
    expect(result.warnings.map((w) => w.code)).toContain('W_BASELINE_EXPIRED');
  });

  it('fails the run on a stale entry that matches nothing, so the file cannot rot', async () => {
    const baseline = write('stale.yaml', 'accepted:\n  - finding: get_item:enum-value-removed\n    reason: old migration\n    expires: "2099-01-01"\n');
    const result = await runDiff({ old: oldFile, new: oldFile, baseline, now: NOW });
    expect(result.diff!.changes).toEqual([]);
    expect(result.verdict.status).toBe('fail');
    expect(result.verdict.reasons[0]).toContain('"get_item:enum-value-removed" matches no finding');
  });

  it('rejects a malformed file with the JSON path at fault', () => {
    const bad = write('bad.yaml', 'accepted:\n  - finding: search_items\n    reason: no check id\n    expires: "2026-12-01"\n');
    let error: unknown;
    try {
      loadBaseline(bad);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolvetError);
    expect((error as ToolvetError).code).toBe('E_FILE_INVALID');
    expect((error as ToolvetError).path).toContain('$.accepted[0].finding');
    expect(() => loadBaseline(write('extra.yaml', 'accepted: []\nignored: true\n'))).toThrow(/ignored/);
  });
});
