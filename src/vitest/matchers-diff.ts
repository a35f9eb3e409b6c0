/**
 * Diff helpers and matchers for vitest suites: compare a server (or tool file) with a committed
 * snapshot and fail on breaking changes, and run the A/B of descriptions as a test whose failure
 * message lists the queries that flipped.
 */
import { createModel, type ModelOptions } from '../models/index.ts';
import type { ToolvetResult } from '../report/model.ts';
import { runDiff, type DiffOptions } from '../diff/run-diff.ts';
import type { AbResult, Change, GatedAbResult } from '../diff/types.ts';
import { shareSecrets } from './secrets-bridge.ts';

export interface DiffToolListsOptions extends Omit<DiffOptions, 'model'> {
  /** Model for the A/B (default: the mock). */
  model?: ModelOptions;
}

/** `runDiff` with a model made from options (the mock by default) and closed afterwards. */
export async function diffToolLists(options: DiffToolListsOptions): Promise<ToolvetResult> {
  const model = createModel(options.model ?? { kind: 'mock' });
  try {
    return await runDiff({ ...options, model });
  } finally {
    await model.close?.();
    shareSecrets();
  }
}

interface MatcherResult {
  pass: boolean;
  message: () => string;
}

const changeLine = (c: Change): string => `  - ${c.server ? `${c.server}/` : ''}${c.tool} ${c.check} at ${c.path || '(tool)'}: ${c.message}`;

/** Every flipped query of one A/B, one per line, failures first. */
export function describeFlips(ab: AbResult): string {
  const head = `${ab.suite}: ${ab.verdict}, accuracy ${(ab.oldAccuracy * 100).toFixed(1)}% -> ${(ab.newAccuracy * 100).toFixed(1)}% (95% CI of the difference ${(ab.interval.low * 100).toFixed(1)} to ${(ab.interval.high * 100).toFixed(1)} pts, ${ab.queries} queries)`;
  const flips = ab.flipped.map((f) => `    ${f.direction} ${f.id}: "${f.query}" expects ${f.expected}; old chose ${f.oldChoice}, new chooses ${f.newChoice}`);
  return [head, ...(flips.length ? flips : ['    no query flipped'])].join('\n');
}

const abFails = (ab: GatedAbResult): boolean => ab.failing;

export const diffMatchers = {
  /** No breaking change that the baseline does not accept. */
  toHaveNoBreakingChanges(received: ToolvetResult): MatcherResult {
    const breaking = (received.diff?.changes ?? []).filter((c) => c.level === 'breaking' && !c.accepted);
    const pass = received.diff !== undefined && breaking.length === 0;
    return {
      pass,
      message: () =>
        received.diff === undefined
          ? 'expected a diff result (from diffToolLists or runDiff), got a result without a diff section'
          : pass
            ? 'expected breaking changes, found none'
            : `expected no breaking changes between ${received.diff!.old} and ${received.diff!.new}, found ${breaking.length}:\n${breaking.map(changeLine).join('\n')}`,
    };
  },
  /** The A/B of descriptions ran and no query set regressed or came out "not enough data". */
  toKeepSelectionAccuracy(received: ToolvetResult): MatcherResult {
    const ab = received.diff?.ab ?? [];
    const failing = ab.filter(abFails);
    const pass = ab.length > 0 && failing.length === 0 && received.errors.length === 0;
    return {
      pass,
      message: () => {
        if (ab.length === 0) return 'expected an A/B of descriptions, but none ran (give queries, and a change that reaches retest)';
        const errors = received.errors.map((e) => `  ! ${e.code}: ${e.message}`);
        return pass
          ? `expected the A/B to fail, but every query set kept its accuracy:\n${ab.map(describeFlips).join('\n')}`
          : `expected the rewording to keep selection accuracy, but:\n${failing.map(describeFlips).join('\n')}${errors.length ? `\n${errors.join('\n')}` : ''}`;
      },
    };
  },
  /** The whole diff gate passed (changes, A/B and baseline). */
  toPassDiffGate(received: ToolvetResult): MatcherResult {
    const pass = received.diff !== undefined && received.verdict.status === 'pass';
    return {
      pass,
      message: () => (pass ? 'expected the diff gate to fail, it passed' : `expected the diff gate to pass, got ${received.verdict.status}:\n${received.verdict.reasons.map((r) => `  - ${r}`).join('\n')}`),
    };
  },
};

declare module 'vitest' {
  // vitest declares `Matchers<T = any>`; a merged declaration must repeat it exactly.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  interface Matchers<T = any> {
    toHaveNoBreakingChanges(): T;
    toKeepSelectionAccuracy(): T;
    toPassDiffGate(): T;
  }
}
