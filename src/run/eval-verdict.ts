/**
 * The verdict of an eval run: one pure function of what the run measured and the gates it was given,
 * so the rule "is this run passing" is written once and pinned by a table (eval-verdict.test.ts).
 * Errors outrank failures, failures outrank a pass, and a run with no gate at all is `none`.
 */
import type { ErrorInfo } from '../errors.ts';
import type { EvalSummary, Verdict } from '../report/result-core.ts';
import type { GateOutcome } from './gates.ts';

export const NO_GATE_REASON = 'no gate set, so nothing passed or failed: add --min-accuracy 0.8 to the command, or `gate: {minAccuracy: 0.8}` to the query set';

export interface EvalVerdictInput {
  /** The run stopped before every case finished (and not because an input was refused). */
  interrupted?: { finished: number; total: number; resumeFile?: string };
  /** False when something kept the run from finishing (a server, the model). */
  complete: boolean;
  errors: readonly ErrorInfo[];
  summary?: Pick<EvalSummary, 'accuracy' | 'errored'>;
  scenarios: { total: number; failed: number; errored: number; firstFailed?: string; firstErroredReason?: string };
  costGates: GateOutcome;
  /** --min-accuracy. */
  minAccuracy?: number;
  /** Each query set with its own `gate.minAccuracy`, and the accuracy it reached. */
  setGates: ReadonlyArray<{ name: string; file: string; minAccuracy?: number; accuracy: number }>;
  /** Any cost gate was set (even one that passed). */
  costGated: boolean;
  /** --max-tool-tokens and what the largest suite's tool list is estimated to cost per request. */
  toolTokens?: { max?: number; perRequest: number; suite: string };
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

/** Accuracy meets a gate when it is at least the gate: `--min-accuracy 0.8` passes at exactly 80%. */
export const meetsAccuracy = (accuracy: number, minimum: number): boolean => accuracy >= minimum;

export function evalVerdict(input: EvalVerdictInput): Verdict {
  const reasons: string[] = [];
  let status: Verdict['status'] = 'pass';
  const fail = (reason: string): void => {
    if (status === 'pass') status = 'fail';
    reasons.push(reason);
  };
  if (input.interrupted) {
    status = 'error';
    const { finished, total, resumeFile } = input.interrupted;
    reasons.push(`run interrupted: ${finished} of ${total} cases finished (resume with --resume ${resumeFile ?? 'FILE'})`);
  }
  if (!input.complete) status = 'error';
  if (input.errors.length > 0) {
    status = 'error';
    reasons.push(...input.errors.map((e) => `${e.code}: ${e.message}`));
  }
  if (input.summary && input.summary.errored > 0) {
    status = 'error';
    reasons.push(`${input.summary.errored} case(s) errored: the model could not be evaluated on them`);
  }
  if (input.scenarios.errored > 0) {
    status = 'error';
    reasons.push(`${input.scenarios.errored} scenario(s) errored: ${input.scenarios.firstErroredReason ?? 'see the scenarios'}`);
  }
  if (input.scenarios.failed > 0) fail(`${input.scenarios.failed} of ${input.scenarios.total} scenario(s) failed; first ${input.scenarios.firstFailed ?? '?'}`);
  if (input.costGates.status === 'error') status = 'error';
  else if (input.costGates.status === 'fail' && status === 'pass') status = 'fail';
  reasons.push(...input.costGates.reasons);
  const tokens = input.toolTokens;
  if (tokens?.max !== undefined && tokens.perRequest > tokens.max) {
    fail(`the tool list of ${tokens.suite} costs about ${tokens.perRequest} tokens per request, above --max-tool-tokens ${tokens.max} (estimated at 4 characters per token)`);
  }
  if (input.summary && input.minAccuracy !== undefined && !meetsAccuracy(input.summary.accuracy, input.minAccuracy)) {
    fail(`accuracy ${pct(input.summary.accuracy)} is below --min-accuracy ${pct(input.minAccuracy)}`);
  }
  for (const set of input.setGates) {
    if (set.minAccuracy === undefined || meetsAccuracy(set.accuracy, set.minAccuracy)) continue;
    fail(`query set ${set.name}: accuracy ${pct(set.accuracy)} is below its gate.minAccuracy ${pct(set.minAccuracy)} (${set.file})`);
  }
  // Without a gate nothing was checked, so the run neither passes nor fails: it says how to set one.
  // Scenarios are gates of their own (each must hold), as are the cost gates.
  const gated = input.minAccuracy !== undefined || input.setGates.some((s) => s.minAccuracy !== undefined) || input.scenarios.total > 0 || input.costGated;
  if (status === 'pass' && !gated) {
    status = 'none';
    reasons.push(NO_GATE_REASON);
  }
  return { status, reasons };
}
