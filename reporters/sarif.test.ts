/** SARIF output validated against the published SARIF 2.1.0 JSON Schema (see src/lint/testing/sarif-schema.ts). */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadToolFile } from '../src/config/tool-file.ts';
import { lintToolSets } from '../src/lint/lint-tools.ts';
import { sarifSchemaErrors } from '../src/lint/testing/sarif-schema.ts';
import { renderSarif } from './sarif.ts';

const path = (p: string): string => new URL(`../${p}`, import.meta.url).pathname;

function badReport() {
  const file = path('fixtures/tools/bad-schema.json');
  const listed = JSON.parse(readFileSync(path('fixtures/tools/bad-tools.json'), 'utf8'));
  return lintToolSets([
    { name: file, kind: 'file', tools: loadToolFile(file).tools },
    { name: 'bad-tools', kind: 'server', tools: listed },
  ]);
}

describe('renderSarif', () => {
  it('produces a log the SARIF 2.1.0 schema accepts, for file and server findings alike', () => {
    const report = badReport();
    const log = renderSarif(report, { toolVersion: '0.1.0', baseDir: path('') });
    expect(sarifSchemaErrors(log)).toEqual([]);
    const run = log.runs[0];
    expect(run.results).toHaveLength(report.findings.length);
    expect(run.tool.driver.rules).toHaveLength(report.rules.length);
    const fileResult = run.results!.find((r) => r.locations?.[0].physicalLocation);
    expect(fileResult?.locations?.[0].physicalLocation?.artifactLocation?.uri).toBe('fixtures/tools/bad-schema.json');
    const serverResult = run.results!.find((r) => r.ruleId === 'hidden-unicode');
    expect(serverResult?.level).toBe('error');
    expect(serverResult?.locations?.[0].logicalLocations?.[0].fullyQualifiedName).toBe('bad-tools/add_note');
    expect(serverResult?.properties?.jsonPath).toBe('$.description');
    for (const r of run.results!) expect(run.tool.driver.rules![r.ruleIndex!].id).toBe(r.ruleId);
  });

  it('the schema check is real: a log with a wrong level or no message is refused', () => {
    const log = renderSarif(badReport(), { toolVersion: '0.1.0' }) as unknown as { runs: Array<{ results: Array<Record<string, unknown>> }> };
    log.runs[0].results[0].level = 'fatal';
    delete log.runs[0].results[1].message;
    const errors = sarifSchemaErrors(log);
    expect(errors.some((e) => e.startsWith('/runs/0/results/0/level'))).toBe(true);
    expect(errors.some((e) => e.includes("required property 'message'"))).toBe(true);
  });

  it('gives the same fingerprint to the same finding across runs', () => {
    const a = renderSarif(badReport(), { toolVersion: '0.1.0' });
    const b = renderSarif(badReport(), { toolVersion: '0.1.0' });
    expect(a.runs[0].results!.map((r) => r.partialFingerprints)).toEqual(b.runs[0].results!.map((r) => r.partialFingerprints));
  });
});
