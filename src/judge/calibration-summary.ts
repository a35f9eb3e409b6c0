/**
 * The calibration figures a judged result shows beside it: read from a saved `judge calibrate --json`
 * result (`--judge-calibration FILE`), or "uncalibrated" when none is given. One line of wording for
 * every report (console, Markdown), made here once.
 */
import { readDataFile } from '../config/read-file.ts';
import { validateData } from '../config/validate.ts';
import type { Interval } from '../report/result-core.ts';
import type { JudgeCalibrationSummary, KappaEstimate, RateWithInterval } from './judge-types.ts';
import type { CalibrationResult } from './calibrate.ts';

export type { JudgeCalibrationSummary } from './judge-types.ts';

const interval = { type: 'object', required: ['low', 'high'], properties: { low: { type: 'number' }, high: { type: 'number' } } } as const;
const rate = { type: 'object', required: ['value', 'successes', 'trials', 'interval'], properties: { value: { type: ['number', 'null'] }, successes: { type: 'integer' }, trials: { type: 'integer' }, interval } } as const;

/** Only what the summary reads is checked; the rest of the result may grow. */
const calibrationResultSchema = {
  type: 'object',
  required: ['kind', 'labels', 'judge', 'judgeErrors', 'stats'],
  properties: {
    kind: { const: 'judge-calibration' },
    labels: { type: 'string' },
    judge: { type: 'string' },
    judgeErrors: { type: 'integer' },
    stats: {
      type: 'object',
      required: ['agreement', 'kappa', 'falsePassRate'],
      properties: {
        agreement: rate,
        falsePassRate: rate,
        kappa: { type: 'object', required: ['value', 'interval'], properties: { value: { type: ['number', 'null'] }, interval: { anyOf: [interval, { type: 'null' }] } } },
      },
    },
  },
} as const;

export function summariseCalibration(result: CalibrationResult, file: string): JudgeCalibrationSummary {
  const { agreement, kappa, falsePassRate } = result.stats;
  return { file, labels: result.labels, judge: result.judge, judged: agreement.trials, judgeErrors: result.judgeErrors, agreement, kappa, falsePassRate };
}

/** Reads a `judge calibrate --json` result. */
export function loadCalibration(file: string): JudgeCalibrationSummary {
  const data = readDataFile(file, 'judge calibration result');
  const result = validateData<CalibrationResult>(
    calibrationResultSchema,
    data,
    file,
    'judge calibration result',
    'pass the JSON that `toolvet judge calibrate --labels FILE --json OUT` wrote; see docs/judge.md',
  );
  return summariseCalibration(result, file);
}

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
const span = (i: Interval, f: (x: number) => string): string => `${f(i.low)} to ${f(i.high)}`;

export function rateText(r: RateWithInterval): string {
  if (r.value === null) return 'n/a (no cases)';
  return `${pct(r.value)} (${r.successes}/${r.trials}; 95% Wilson ${span(r.interval, pct)})`;
}

export function kappaText(k: KappaEstimate): string {
  if (k.value === null || k.interval === null) return `undefined (${k.undefinedReason ?? 'no cases'})`;
  return `${k.value.toFixed(2)} (95% asymptotic ${span(k.interval, (x) => x.toFixed(2))})`;
}

/**
 * The line beside a judged result. `judgeId`: the judge that judged it; a calibration of another
 * judge is shown with that said, since its figures do not carry over.
 */
export function calibrationLine(summary: JudgeCalibrationSummary | undefined, judgeId?: string): string {
  if (!summary) return 'judge uncalibrated (no --judge-calibration): its verdicts have no measured agreement with human labels';
  const other = judgeId !== undefined && judgeId !== summary.judge ? `; calibrated for ${summary.judge}, not this judge (${judgeId})` : '';
  const errors = summary.judgeErrors > 0 ? `, ${summary.judgeErrors} judge error(s) left out` : '';
  return `judge calibration: agreement ${rateText(summary.agreement)}, kappa ${kappaText(summary.kappa)}, false pass rate ${rateText(summary.falsePassRate)} on ${summary.judged} labelled answers${errors} (${summary.labels})${other}`;
}
