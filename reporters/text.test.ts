import { stripVTControlCharacters } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolvetResult } from '../src/report/model.ts';
import { everyResult } from '../src/report/testing/real-results.ts';
import { text as textReporter } from './text.ts';

// Colours follow the environment (picocolors turns them on under CI=true); the assertions read the words.
const text = { render: (result: ToolvetResult): string => stripVTControlCharacters(textReporter.render(result)) };

let parts: ToolvetResult[];
let merged: ToolvetResult;

beforeAll(async () => {
  ({ parts, merged } = await everyResult());
}, 120_000);

// Colours are off here (not a TTY), so the text is plain.
describe('text reporter', () => {
  it('renders the console report of an eval with its verdict last', () => {
    const out = text.render(parts[0]).trimEnd();
    expect(out).toContain('refman');
    expect(out.split('\n').at(-1)).toMatch(/^PASS/);
  });

  it('shows each section a merged result has, and the verdict once at the end', () => {
    const out = text.render(merged).trimEnd();
    expect(out).toContain('A/B of descriptions: refman');
    expect(out).toContain('bad-tools');
    expect(out).toContain('cold start');
    expect(out.split('\n').at(-1)).toMatch(/^FAIL /);
  });

  it('says NO GATE, with how to set one, for a run without a gate', () => {
    const ungated: ToolvetResult = { ...parts[0], verdict: { status: 'none', reasons: ['no gate set: add --min-accuracy'] } };
    expect(text.render(ungated).trimEnd().split('\n').at(-1)).toMatch(/^NO GATE accuracy \d+\.\d% .*: no gate set: add --min-accuracy$/);
  });

  it('closes a result without eval with its verdict', () => {
    expect(text.render(parts[3]).trimEnd().split('\n').at(-1)).toBe('PASS');
  });
});
