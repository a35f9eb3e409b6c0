import { beforeAll, describe, expect, it } from 'vitest';
import { mergeResults } from '../src/report/merge.ts';
import type { ToolvetResult } from '../src/report/model.ts';
import { everyResult } from '../src/report/testing/real-results.ts';
import { renderMarkdown } from './markdown.ts';

let parts: ToolvetResult[];
let merged: ToolvetResult;

beforeAll(async () => {
  ({ parts, merged } = await everyResult());
}, 120_000);

describe('markdown reporter', () => {
  it('puts the verdict first, in one line', () => {
    const lines = renderMarkdown(merged).split('\n');
    expect(lines[0]).toMatch(/^### ❌ Toolvet FAIL · merged · 73 cases, accuracy \d+\.\d% \(95% .*\) · model mock: /);
    expect(lines[1]).toBe('');
  });

  it('orders the sections as the issue asks: breaking, accuracy, flipped, lint, benchmarks', () => {
    const md = renderMarkdown(merged);
    const at = ['#### Changes that fail the gate', '#### Accuracy per query set', '#### Flipped queries', '#### Lint', '#### Benchmarks'].map((h) => md.indexOf(h));
    expect(at.every((i) => i > 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
  });

  it('folds long sections: failed cases, findings and flipped queries sit inside <details>', () => {
    const md = renderMarkdown(merged);
    const failed = merged.cases!.filter((c) => c.state !== 'passed').length;
    expect(md).toContain(`<details><summary>Failed cases (${failed})</summary>`);
    expect(md).toContain(`<details><summary>Findings (${merged.lint!.findings.length})</summary>`);
    expect((md.match(/<details>/g) ?? []).length).toBe((md.match(/<\/details>/g) ?? []).length);
  });

  it('shows each query set with its change against a previous result and its interval', () => {
    const previous = { ...parts[0], suites: parts[0].suites!.map((s) => ({ ...s, summary: { ...s.summary, accuracy: s.summary.accuracy - 0.1 } })) };
    const md = renderMarkdown(parts[0], { previous });
    const refman = md.split('\n').find((l) => l.startsWith('| refman |'))!;
    expect(refman).toContain('+10.0 pp (was');
    expect(refman).toMatch(/\d+\.\d% - \d+\.\d% \|$/);
  });

  it('renders only the sections a result has', () => {
    const md = renderMarkdown(parts[3]);
    expect(md).toContain('#### Benchmarks');
    expect(md).not.toContain('#### Accuracy');
    expect(md).not.toContain('#### Lint');
    expect(md).not.toContain('#### Breaking');
  });

  it('stays within a pull-request comment for a very large run', () => {
    const many = mergeResults(Array.from({ length: 40 }, () => parts[0]));
    const md = renderMarkdown(many);
    expect(many.cases!.length).toBe(40 * 73);
    expect(md.length).toBeLessThan(65_536);
    expect(md).toMatch(/… and \d+ more in the JSON result\./);
  });

  it('escapes table cells so a query cannot break the table or inject HTML', () => {
    const tricky = JSON.parse(JSON.stringify(parts[0])) as ToolvetResult;
    const c = tricky.cases!.find((x) => x.state === 'failed')!;
    c.query = 'a | b <script>alert(1)</script>\nnext';
    const row = renderMarkdown(tricky).split('\n').find((l) => l.includes('a \\| b'))!;
    expect(row).toContain('a \\| b &lt;script&gt;alert(1)&lt;/script&gt;⏎next');
  });
});
