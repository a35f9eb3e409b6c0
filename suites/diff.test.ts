/**
 * Example suite: each fixture server, started now, against its committed snapshot. A breaking change
 * (a removed tool, a new required parameter, a lowered maximum...) fails the test with the list of
 * changes; refresh the snapshots with `toolvet snapshot --config fixtures/hosts/example.json --out fixtures/snapshots`.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { recordResult } from 'toolvet/vitest';
import { diffMatchers, diffToolLists } from '../src/vitest/matchers-diff.ts';

expect.extend(diffMatchers);

const fixtures = (path: string): string => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));

describe('fixture servers against their committed snapshots', () => {
  it.for(['echo', 'refman', 'notebook'])('%s has no breaking changes', async (server, { task }) => {
    const result = await diffToolLists({ old: fixtures(`snapshots/${server}.json`), new: `live:${fixtures('hosts/example.json')}`, servers: [server] });
    recordResult(task, result);
    expect(result).toHaveNoBreakingChanges();
  });
});
