/** What the tool list costs per request: reported by every eval, gated by --max-tool-tokens at its exact value. */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadToolFile } from '../config/tool-file.ts';
import { estimateTokens } from '../lint/token-estimate.ts';
import { createMockModel } from '../models/mock.ts';
import { runEval } from './eval-run.ts';

const fixture = (p: string): string => fileURLToPath(new URL(`../../fixtures/${p}`, import.meta.url));
const toolsFiles = [fixture('tools/refman.json')];
const queries = [fixture('queries/refman.yaml')];
const expected = estimateTokens(loadToolFile(toolsFiles[0]!).tools);

describe('tool tokens', () => {
  it('are reported per suite and for the run, labelled an estimate', async () => {
    const result = await runEval({ toolsFiles, queries, model: createMockModel() });
    expect(expected).toBeGreaterThan(100);
    expect(result.toolTokens).toEqual({ method: 'estimate', perRequest: expected, suite: 'refman' });
    expect(result.suites?.map((s) => s.toolTokens)).toEqual([expected]);
  });

  it.each([[expected - 1], [1]])('--max-tool-tokens %d, below the list, fails the run naming the figure', async (max) => {
    const result = await runEval({ toolsFiles, queries, model: createMockModel(), gates: { maxToolTokens: max } });
    expect(result.verdict.status).toBe('fail');
    expect(result.verdict.reasons).toContain(`the tool list of refman costs about ${expected} tokens per request, above --max-tool-tokens ${max} (estimated at 4 characters per token)`);
  });

  it('--max-tool-tokens exactly at the list passes, and counts as a gate', async () => {
    const result = await runEval({ toolsFiles, queries, model: createMockModel(), gates: { maxToolTokens: expected } });
    expect(result.verdict).toEqual({ status: 'pass', reasons: [] });
  });
});
