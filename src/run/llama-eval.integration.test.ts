/**
 * The whole eval path against a real llama.cpp server with a random-weight model: its choices are
 * noise, so this asserts plumbing: every case ends as a well-formed result, and arguments cut off by
 * the token cap (finish_reason length) are a failed case with a clear reason, never a crash.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, stringify } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOpenAIModel } from '../models/openai.ts';
import { LLAMA_MODEL, llamaSkipReason, sharedLlamaBaseUrl } from '../testing/llama.ts';
import { runEval } from './eval-run.ts';
import { tempDir } from '../testing/temp-dir.ts';

const fixture = (path: string): string => fileURLToPath(new URL(`../../fixtures/${path}`, import.meta.url));
const skip = llamaSkipReason();
if (skip) console.log(`[llama eval] skipped: ${skip}`);

describe.skipIf(skip !== undefined)('eval against a real llama.cpp server', () => {
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = await sharedLlamaBaseUrl();
  }, 660_000);

  it('ends every case with a well-formed result; cut-off arguments fail with a clear reason', async () => {
    const model = createOpenAIModel({ baseUrl, modelName: LLAMA_MODEL, maxRetries: 0, timeoutMs: 60_000 });
    // A dozen of the bundled queries: enough to see cut-off calls, few enough for CI's time budget.
    const set = parse(readFileSync(fixture('queries/refman.yaml'), 'utf8')) as { cases: unknown[] };
    const queries = join(tempDir('toolvet-llama-'), 'refman-12.yaml');
    writeFileSync(queries, stringify({ ...set, cases: set.cases.slice(0, 12) }));
    const result = await runEval({
      toolsFiles: [fixture('tools/refman.json')],
      queries: [queries],
      model,
      concurrency: 1,
      maxTokens: 48,
    });
    const cases = result.cases!;
    expect(cases.length).toBe(12);
    for (const c of cases) {
      expect(['passed', 'failed', 'errored']).toContain(c.state);
      expect(c.reason).not.toBe('');
      expect(c.attempts).toHaveLength(1);
      if (c.state === 'errored') expect(c.attempts[0].error?.code).toMatch(/^E_MODEL_/);
    }
    // With 48 tokens, a random model runs out mid-call on some cases: those fail, with the reason said.
    const cut = cases.filter((c) => c.attempts[0].finishReason === 'length');
    expect(cut.length).toBeGreaterThan(0);
    for (const c of cut) {
      const a = c.attempts[0];
      if (a.chosen && a.arguments === undefined) {
        expect(c.state).toBe('failed');
        expect(c.reason).toMatch(/cut off \(finish_reason length\)/);
      }
    }
    expect(result.summary!.cases).toBe(cases.length);
    console.log(
      `llama: ${result.summary!.passed}/${cases.length} passed, ${result.summary!.errored} errored, ${cut.length} cut off; finish reasons ${JSON.stringify(
        cases.reduce<Record<string, number>>((m, c) => ({ ...m, [c.attempts[0].finishReason ?? 'none']: (m[c.attempts[0].finishReason ?? 'none'] ?? 0) + 1 }), {}),
      )}`,
    );
  }, 600_000);
});
