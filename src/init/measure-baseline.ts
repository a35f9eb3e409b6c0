/**
 * The ratchet `toolvet init` writes: it runs each drafted query set once, exactly as the generated
 * test will (`runEval` with the mock model against the live server), and the accuracy it measures
 * becomes the set's `gate.minAccuracy`. The first `vitest run` is therefore green, a drop below the
 * baseline fails, and the user raises the gate as the drafts are reviewed.
 */
import type { ServerTimeouts } from '../servers/server-connection.ts';
import type { ToolvetResult } from '../report/model.ts';

export interface Baseline {
  /** Accuracy the mock reached on the drafts, 0-1, cut (never rounded up) to four decimals. */
  minAccuracy: number;
  passed: number;
  cases: number;
}

/** Cut to four decimals, down: the gate must never sit above what was measured. */
export function baselineOf(result: ToolvetResult): Baseline | undefined {
  const summary = result.summary;
  if (!summary || summary.cases === 0 || result.errors.length > 0 || summary.errored > 0) return undefined;
  return { minAccuracy: Math.floor(summary.accuracy * 10_000) / 10_000, passed: summary.passed, cases: summary.cases };
}

/** Runs one query set with the mock model, as the generated test does; undefined when the run errored. */
export async function measureBaseline(config: string, server: string, queries: string, timeouts?: Partial<ServerTimeouts>): Promise<Baseline | undefined> {
  const [{ runEval }, { createMockModel }] = await Promise.all([import('../run/eval-run.ts'), import('../models/mock.ts')]);
  const result = await runEval({ config, servers: [server], queries: [queries], model: createMockModel(), ...(timeouts ? { serverTimeouts: timeouts } : {}) });
  return baselineOf(result);
}
