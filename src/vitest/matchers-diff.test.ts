/** The diff matchers' verdicts and failure messages, on real diffs of the fixture tool files. */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { diffMatchers, diffToolLists } from './matchers-diff.ts';

expect.extend(diffMatchers);

const fixtures = (path: string): string => fileURLToPath(new URL(`../../fixtures/${path}`, import.meta.url));
const queries = [fixtures('queries/refman.yaml')];

describe('diff matchers', () => {
  it('toKeepSelectionAccuracy fails for a harmful rewording and lists the flipped queries', async () => {
    const result = await diffToolLists({ old: fixtures('snapshots/refman.json'), new: fixtures('tools/refman-v2-harmful.json'), queries });
    expect(result).toHaveNoBreakingChanges();
    let message = '';
    try {
      expect(result).toKeepSelectionAccuracy();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain('refman: regressed');
    expect(message).toMatch(/pass->fail list-folders: "list my folders" expects list_collections; old chose list_collections, new chooses/);
    expect(message).toContain('pass->fail get-by-key');
    expect(() => expect(result).toPassDiffGate()).toThrow(/selection regressed/);
  });

  it('toHaveNoBreakingChanges fails with the list of breaking changes', async () => {
    const result = await diffToolLists({ old: fixtures('snapshots/refman.json'), new: fixtures('snapshots/notebook.json') });
    expect(() => expect(result).toHaveNoBreakingChanges()).toThrow(/search_items tool-removed at \(tool\)/);
    expect(result).not.toHaveNoBreakingChanges();
  });

  it('toKeepSelectionAccuracy refuses a result where no A/B ran', async () => {
    const result = await diffToolLists({ old: fixtures('snapshots/refman.json'), new: fixtures('snapshots/refman.json'), queries });
    expect(() => expect(result).toKeepSelectionAccuracy()).toThrow(/none ran/);
    expect(result).toPassDiffGate();
  });
});
