import { beforeAll, describe, expect, it } from 'vitest';
import type { Log } from 'sarif';
import type { ToolvetResult } from './model.ts';
import { sarif } from './sarif-reporter.ts';
import { everyResult } from './testing/real-results.ts';

let parts: ToolvetResult[];
let merged: ToolvetResult;

beforeAll(async () => {
  ({ parts, merged } = await everyResult());
}, 120_000);

describe('sarif format', () => {
  it('renders the lint findings of a real result with rule ids and help text', () => {
    const log = JSON.parse(sarif.render(merged)) as Log;
    expect(log.version).toBe('2.1.0');
    const run = log.runs[0];
    expect(run.results?.length).toBe(merged.lint!.findings.length);
    const ids = new Set(run.tool.driver.rules?.map((r) => r.id));
    for (const r of run.results ?? []) expect(ids.has(r.ruleId!)).toBe(true);
    expect(run.tool.driver.rules?.every((r) => (r.shortDescription?.text ?? '').length > 0)).toBe(true);
  });

  it('gives a valid empty log for a result without lint', () => {
    const log = JSON.parse(sarif.render(parts[0])) as Log;
    expect(log.runs[0].results).toEqual([]);
  });
});
