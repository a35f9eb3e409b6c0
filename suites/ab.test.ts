/**
 * Example suite: the A/B of descriptions. The refman query set runs against the committed snapshot
 * (old wording) and a reworded tool file (new wording) with the mock model; the test fails when the
 * rewording makes selection worse, and its message lists every query that flipped.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recordResult } from 'toolvet/vitest';
import { diffMatchers, diffToolLists } from '../src/vitest/matchers-diff.ts';

expect.extend(diffMatchers);

const fixtures = (path: string): string => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));

describe('rewording the refman descriptions', () => {
  it('keeps tool-selection accuracy on the refman queries', async ({ task }) => {
    const result = await diffToolLists({
      old: fixtures('snapshots/refman.json'),
      new: fixtures('tools/refman-v2-harmless.json'),
      queries: [fixtures('queries/refman.yaml')],
      repeat: 2,
    });
    recordResult(task, result);
    expect(result).toHaveNoBreakingChanges();
    expect(result).toKeepSelectionAccuracy();
  });
});
