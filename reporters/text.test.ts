import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolproofResult } from '../src/report/model.ts';
import { everyResult } from '../src/report/testing/real-results.ts';
import { text } from './text.ts';

let parts: ToolproofResult[];

beforeAll(async () => {
  ({ parts } = await everyResult());
}, 120_000);

describe('text reporter', () => {
  it('renders the console report of an eval with its verdict', () => {
    const out = text.render(parts[0]);
    expect(out).toContain('refman');
    expect(out).toMatch(/PASS/);
  });
});
