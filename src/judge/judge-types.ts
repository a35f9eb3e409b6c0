/**
 * The judge's types that results carry (a leaf: it imports no feature), so the skills and scenario
 * result models can hold judge usage and calibration figures without importing the judge.
 */
import type { Interval } from '../report/result-core.ts';

/** One or more judge calls' tokens and time (tokens 0 when the endpoint reports no usage). */
export interface JudgeUsage {
  calls: number;
  promptTokens: number;
  completionTokens: number;
  latencyMs: number;
}

/** The judge's own tokens, time and estimated cost: never added to an agent's. */
export interface JudgeCost extends JudgeUsage {
  /** USD from --prices, null when the judge model has no price. */
  cost: number | null;
  /** The price table's key that priced the judge, when one did. */
  priceKey?: string;
}

/** Counts of (judge, human) verdict pairs; judge errors are not in the table. */
export interface AgreementTable {
  /** Judge pass, human pass. */
  bothPass: number;
  /** Judge pass, human fail: the judge's false passes. */
  judgePassHumanFail: number;
  /** Judge fail, human pass. */
  judgeFailHumanPass: number;
  /** Judge fail, human fail. */
  bothFail: number;
}

/** A proportion with its interval; `value` null when nothing was counted (the interval is then 0 to 1). */
export interface RateWithInterval {
  value: number | null;
  successes: number;
  trials: number;
  interval: Interval;
  method: 'wilson';
}

export interface KappaEstimate {
  /** null when kappa is undefined (see `undefinedReason`). */
  value: number | null;
  interval: Interval | null;
  standardError: number | null;
  method: 'fleiss-cohen-everitt-1969';
  undefinedReason?: string;
}

/** What a judged result carries about its judge's calibration (`--judge-calibration FILE`). */
export interface JudgeCalibrationSummary {
  /** The calibration result file it was read from. */
  file: string;
  /** The labels file the calibration ran on. */
  labels: string;
  /** The judge that was calibrated. */
  judge: string;
  /** Labelled answers that got a verdict (judge errors left out). */
  judged: number;
  judgeErrors: number;
  agreement: RateWithInterval;
  kappa: KappaEstimate;
  falsePassRate: RateWithInterval;
}
