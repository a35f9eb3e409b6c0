import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import { RESULT_SCHEMA_VERSION, type ToolvetResult } from './model.ts';
import { loadResultFile, RESULT_SCHEMA, resultSchemaErrors } from './result-schema.ts';
import { GENERATE_COMMAND, generateResultSchema, SCHEMA_FILE, schemaText } from './schema/generate-schema.ts';
import { everyResult } from './testing/real-results.ts';
import { tempDir } from '../testing/temp-dir.ts';

let parts: ToolvetResult[];
let merged: ToolvetResult;

beforeAll(async () => {
  ({ parts, merged } = await everyResult());
}, 120_000);

describe('result JSON Schema', () => {
  it('is the one generated from the result model (regenerate with the command in the message)', () => {
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    expect(committed, `src/report/schema/result.schema.json is out of date: run ${GENERATE_COMMAND}`).toBe(schemaText(generateResultSchema()));
  }, 120_000);

  it('carries the result schema version', () => {
    expect(RESULT_SCHEMA.$id).toContain(`result-${RESULT_SCHEMA_VERSION}.json`);
    const top = (RESULT_SCHEMA.definitions as Record<string, { properties: Record<string, { const?: string }> }>).ToolvetResult;
    expect(top.properties.schemaVersion.const).toBe(RESULT_SCHEMA_VERSION);
  });

  it('accepts every real output: eval, diff with A/B, lint, bench, skills, probe, and their merge', () => {
    expect(parts.map((p) => p.command)).toEqual(['eval', 'diff', 'lint', 'bench', 'skills eval', 'probe']);
    for (const result of [...parts, merged]) expect(resultSchemaErrors(JSON.parse(JSON.stringify(result))), result.command).toEqual([]);
    expect(Object.keys(merged)).toEqual(expect.arrayContaining(['summary', 'cases', 'diff', 'lint', 'bench', 'skills', 'probe']));
  });

  it('rejects a result that breaks it, naming the JSON path', () => {
    const bad = JSON.parse(JSON.stringify(parts[0])) as Record<string, unknown> & { summary: Record<string, unknown>; cases: Array<Record<string, unknown>> };
    bad.summary.accuracy = 'high';
    bad.cases[3].colour = 'red';
    const errors = resultSchemaErrors(bad);
    expect(errors).toContain('$.summary.accuracy must be number');
    expect(errors).toContain('$.cases[3].colour is an unknown key');
  });
});

describe('loadResultFile', () => {
  const dir = tempDir('toolvet-schema-');
  const write = (name: string, data: unknown): string => {
    const file = join(dir, name);
    writeFileSync(file, typeof data === 'string' ? data : JSON.stringify(data));
    return file;
  };
  const codeOf = (fn: () => unknown): ToolvetError => {
    try {
      fn();
    } catch (error) {
      if (error instanceof ToolvetError) return error;
      throw error;
    }
    throw new Error('expected a ToolvetError');
  };

  it('loads a saved result', () => {
    expect(loadResultFile(write('ok.json', parts[1])).diff?.ab.length).toBe(1);
  });

  it('names the file and $.schemaVersion for a result of another version', () => {
    const error = codeOf(() => loadResultFile(write('old.json', { ...parts[0], schemaVersion: '0.9' })));
    expect(error.code).toBe('E_FILE_INVALID');
    expect(error.path).toBe('$.schemaVersion');
    expect(error.message).toContain('old.json');
    expect(error.message).toContain(`this toolvet reads ${RESULT_SCHEMA_VERSION}`);
  });

  it('names the first path at fault and says how many more', () => {
    const { verdict: _verdict, ...rest } = parts[0];
    const error = codeOf(() => loadResultFile(write('broken.json', { ...rest, startedAt: 'yesterday' })));
    expect(error.code).toBe('E_FILE_INVALID');
    expect(error.message).toMatch(/broken\.json: \$\.(verdict|startedAt)/);
    expect(error.message).toContain('more problem');
  });

  it('refuses a JSON file that is not a result, and bad JSON with its line', () => {
    expect(codeOf(() => loadResultFile(write('list.json', [1, 2]))).message).toContain('is not a Toolvet result');
    expect(codeOf(() => loadResultFile(write('cut.json', '{\n"schemaVersion": "1.0",\n')))).toMatchObject({ code: 'E_FILE_PARSE' });
  });
});
