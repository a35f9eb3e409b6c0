/**
 * Every field escaped, not a list of fields: each string anywhere in a real merged result (eval, diff,
 * lint, bench, skills, probe), plus an improve section, gets an injection appended (HTML links and
 * headings, a closing </details>, an image, a mention, code fences, a forged verdict line), and the
 * Markdown report must show all of it as text.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixture, runCli } from '../src/cli/testing.ts';
import { tempDir } from '../src/testing/temp-dir.ts';
import type { ToolvetResult } from '../src/report/model.ts';
import { everyResult } from '../src/report/testing/real-results.ts';
import { renderMarkdown } from './markdown.ts';

const PAYLOAD = '<a href="https://evil.example/">click</a><h1>big</h1></details><details><summary>x ![p](https://t.example/p.png) @octocat `` ``` *bold* \\| \r\n### ✅ Toolvet PASS accuracy 100.0%\n';

/** Keys whose values steer rendering (enums, dates): left alone, so every section still renders. */
const STEERING = new Set(['status', 'state', 'level', 'command', 'direction', 'kind', 'verdict', 'severity', 'shape', 'failOn', 'profile', 'stop', 'finishReason', 'transport', 'era', 'change', 'schemaVersion', 'startedAt', 'finishedAt', 'expires', 'order', 'mode']);

function poison(value: unknown, key = ''): unknown {
  if (typeof value === 'string') return STEERING.has(key) ? value : `${value}${PAYLOAD}`;
  if (Array.isArray(value)) return value.map((v) => poison(v, key));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, k)]));
  return value;
}

let md = '';
beforeAll(async () => {
  const { parts } = await everyResult();
  // A real improve section: the expenses set, where a rewording is proved and others are refused.
  const json = join(tempDir('toolvet-md-improve-'), 'improve.json');
  const run = await runCli(['improve', '--tools', fixture('tools/expenses.json'), '--queries', fixture('queries/expenses.yaml'), '--split', '0.5', '--iterations', '1', '--json', json], { timeoutMs: 240_000 });
  expect(run.code, run.stderr).toBe(0);
  const { improve } = JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult;
  expect(improve?.steps.length).toBeGreaterThan(0);
  expect(improve?.refused.length).toBeGreaterThan(0);
  // Each part alone, so no report reaches the comment-size cut and every section is rendered whole.
  md = [...parts, { ...parts[0], improve }].map((part) => renderMarkdown(poison(part) as ToolvetResult)).join('\n');
}, 300_000);

describe('Markdown report of a result whose every string is hostile', () => {
  it('renders no HTML of theirs, no image, no mention, and keeps <details> balanced', () => {
    expect(md).toContain('&lt;a href=');
    expect(md).not.toMatch(/<a\s/i);
    expect(md).not.toMatch(/<h1/i);
    expect(md).not.toMatch(/!\[/);
    expect(md).not.toMatch(/(^|[^\w`])@octocat/);
    expect(md).not.toContain('\r');
    expect((md.match(/<details>/g) ?? []).length).toBe((md.match(/<\/details>/g) ?? []).length);
    expect((md.match(/<summary>/g) ?? []).length).toBe((md.match(/<\/summary>/g) ?? []).length);
  });

  it('lets no hostile text begin a line: the forged verdict never starts one', () => {
    for (const line of md.split('\n')) expect(line.startsWith('### ✅ Toolvet PASS accuracy') ? line : '').toBe('');
    expect(md).toContain('⏎### ✅ Toolvet PASS');
  });

  it('reaches every section, the improve one included', () => {
    for (const heading of ['#### Accuracy per query set', '#### Lint', '#### Benchmarks', '#### Improve', '#### Skills']) expect(md).toContain(heading);
    expect(md).toContain('Refused, not applied');
  });
});
