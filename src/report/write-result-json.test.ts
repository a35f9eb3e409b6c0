/** --json with the cases passed apart (a streamed eval's): the bytes of JSON.stringify(result, null, 2) with every case. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockModel } from '../models/mock.ts';
import { runEval } from '../run/eval-run.ts';
import { clearSecrets, registerSecret } from '../safety/secrets.ts';
import { tempDir } from '../testing/temp-dir.ts';
import type { CaseResult } from '../types.ts';
import type { ToolvetResult } from './model.ts';
import { writeResultJson } from './write-result-json.ts';

const fixture = (p: string): string => fileURLToPath(new URL(`../../fixtures/${p}`, import.meta.url));
const dir = tempDir('toolvet-write-json-');
let result: ToolvetResult;

beforeAll(async () => {
  result = await runEval({ toolsFiles: [fixture('tools/refman.json')], queries: [fixture('queries/refman.yaml')], model: createMockModel() });
});
afterEach(() => clearSecrets());

function casesOf(count: number, query = ''): CaseResult[] {
  const real = result.cases!;
  return Array.from({ length: count }, (_, i) => ({ ...real[i % real.length], id: `case-${i}`, ...(query ? { query } : {}) }));
}

const written = (cases: Iterable<CaseResult>): string => {
  const file = join(dir, 'result.json');
  writeResultJson(file, result, cases);
  return readFileSync(file, 'utf8');
};

describe('writeResultJson', () => {
  it.each([0, 1, 255, 256, 257, 1000])('%d cases from a generator: the bytes of the whole result stringified', (count) => {
    const cases = casesOf(count);
    function* one(): Generator<CaseResult> {
      yield* cases;
    }
    expect(written(one())).toBe(`${JSON.stringify({ ...result, cases }, null, 2)}\n`);
  });

  it('cases past the 1 MiB piece, from a list: the same bytes', () => {
    const cases = casesOf(700, 'a long query '.repeat(200));
    expect(written(cases)).toBe(`${JSON.stringify({ ...result, cases }, null, 2)}\n`);
  });

  it('a secret in a case is redacted', () => {
    registerSecret('sk-live-0123456789');
    const text = written(casesOf(3, 'my key is sk-live-0123456789'));
    expect(text).not.toContain('sk-live-0123456789');
    expect(text).toContain('my key is ***');
  });
});
