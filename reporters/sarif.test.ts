/**
 * SARIF output validated against the published SARIF 2.1.0 JSON Schema (OASIS 2.1.0-rtm.5, a
 * draft-04 schema; vendored in src/lint/schema/ from the npm package @microsoft/jest-sarif, which
 * ships it but is a beta Jest helper we do not want as a dependency).
 */
import { readFileSync } from 'node:fs';
import type { Ajv, Options } from 'ajv';
import draft04Module from 'ajv-draft-04';
import formatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { loadToolFile } from '../src/config/tool-file.ts';
import { lintToolSets } from '../src/lint/lint-tools.ts';
import { renderSarif } from './sarif.ts';

const schema = JSON.parse(readFileSync(new URL('../src/lint/schema/sarif-schema-2.1.0.json', import.meta.url), 'utf8')) as object;
const addFormats = ((formatsModule as unknown as { default?: unknown }).default ?? formatsModule) as (ajv: AjvDraft04) => AjvDraft04;
// Both packages are CommonJS with a `default` export; under NodeNext the default import is the module object.
type AjvDraft04 = Ajv;
const Draft04 = ((draft04Module as unknown as { default?: unknown }).default ?? draft04Module) as new (options: Options) => Ajv;
// The published schema has a pattern that is not valid with the `u` flag; the schema, not our log, is at fault.
const ajv = new Draft04({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);
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
    const ok = validate(log);
    expect(ajv.errorsText(validate.errors)).toBe('No errors');
    expect(ok).toBe(true);
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
    expect(validate(log)).toBe(false);
  });

  it('gives the same fingerprint to the same finding across runs', () => {
    const a = renderSarif(badReport(), { toolVersion: '0.1.0' });
    const b = renderSarif(badReport(), { toolVersion: '0.1.0' });
    expect(a.runs[0].results!.map((r) => r.partialFingerprints)).toEqual(b.runs[0].results!.map((r) => r.partialFingerprints));
  });
});
