/**
 * `toolvet improve` on a tool set nobody here tuned on, run as a user runs it: the nine tools of the
 * real `@modelcontextprotocol/server-memory` (its own tools/list, through a host config in a temporary
 * folder, src/testing/real-servers.ts) and 105 requests written for it before improve ever ran on it
 * (fixtures/queries/memory-graph.yaml), half held out (48 queries). On seed 5 the improve before the
 * honesty rule accepted three rewordings, each gaining 1 of 48 held-out queries with a Newcombe
 * interval that included zero. Now: every accepted step's interval excludes zero, no accepted edit
 * adds a word another tool owns, every refusal names its rule and reason in the console and the JSON,
 * and the run says what 48 queries can prove and how many failures no wording can fix.
 */
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, runCli } from '../cli/testing.ts';
import { loadQuerySet } from '../config/query-set.ts';
import type { ToolvetResult } from '../report/model.ts';
import { resultSchemaErrors } from '../report/result-schema.ts';
import { realServersHost } from '../testing/real-servers.ts';
import type { ImproveResult } from './improve.ts';
import { forbiddenWordsAdded } from './word-ownership.ts';

const cases = loadQuerySet(fixture('queries/memory-graph.yaml')).cases;

describe('toolvet improve on server-memory (a tool set not tuned on, 48 held-out queries)', () => {
  it.each([1, 5])('seed %i: accepts nothing whose held-out interval includes zero, and says why for every candidate', async (seed) => {
    const host = realServersHost('toolvet-improve-honest-');
    const dir = dirname(host.config);
    try {
      const out = join(dir, 'improve.json');
      const run = await runCli(['improve', '--config', host.config, '--server', 'memory', '--queries', fixture('queries/memory-graph.yaml'), '--split', '0.5', '--seed', String(seed), '--json', out], { timeoutMs: 400_000 });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const saved = JSON.parse(readFileSync(out, 'utf8')) as ToolvetResult;
      expect(resultSchemaErrors(saved)).toEqual([]);
      const result = saved.improve as ImproveResult;
      expect(result.split.heldOut.length).toBeGreaterThanOrEqual(40);

      // What 48 held-out queries can prove, and the failures no wording can fix, said plainly.
      expect(result.power.queries).toBe(result.split.heldOut.length);
      expect(result.power.smallestGain?.units).toBe(5);
      expect(result.power.argumentFailures).toBeGreaterThan(0);
      expect(run.stdout).toContain(`a rewording must turn at least 5 of the ${result.power.units} counted queries from fail to pass with none going the other way`);
      expect(run.stdout).toContain(`${result.power.failing} fail now, ${result.power.argumentFailures} of them on arguments (right tool, wrong arguments), which no wording of a description can fix`);
      expect(run.stdout).toContain('counted: each held-out query counts once (the model is not declared stochastic; --stochastic K declares it)');

      // Every accepted step: its interval excludes zero, its own cases did not get worse, no owned word added.
      const train = cases.filter((c) => result.split.train.includes(c.id)).map((c) => ({ id: c.id, query: c.query, expected: c.expect }));
      for (const step of result.steps) {
        expect(step.heldOut.interval.low).toBeGreaterThan(0);
        expect(step.heldOut.ownRegressed).toEqual([]);
        const before = step.changes.map((c) => ({ name: c.tool, description: c.old, inputSchema: { type: 'object' as const } }));
        const after = step.changes.map((c) => ({ name: c.tool, description: c.new, inputSchema: { type: 'object' as const } }));
        expect(forbiddenWordsAdded(before, after, train)).toEqual([]);
      }
      if (result.steps.length === 0) expect(run.stdout).toContain('no rewording was proved on the held-out queries (no interval excluded zero); nothing to apply');

      // Every refusal names its rule and reason, in the JSON and on the console; past the lint and the
      // word rule, with its held-out interval, and an interval-includes-zero refusal's interval does.
      expect(result.refused.length).toBeGreaterThan(10);
      for (const r of result.refused) {
        expect(r.rule).toMatch(/^(lint-error|forbidden-words|no-train-gain|not-cross-fitted|not-kept|interval-includes-zero|own-case-regressed|other-case-regressed|superseded)$/);
        expect(run.stdout).toContain(`iteration ${r.iteration}, ${r.tool}, ${r.candidate}: ${r.rule}: ${r.reason}`);
        if (r.rule !== 'lint-error' && r.rule !== 'forbidden-words') expect(r.heldOut?.counted.queries).toBe(result.split.heldOut.length);
        if (r.rule === 'interval-includes-zero') {
          expect(r.heldOut!.interval.low).toBeLessThanOrEqual(0);
          expect(r.reason).toMatch(/held-out interval includes zero \([-+]\d+\.\d points, Newcombe 95% -\d+\.\d points to \+\d+\.\d points over 48 held-out queries, each counted once\)/);
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 420_000);
});
