/**
 * The calibration figures a judged result shows beside it: read from a saved `judge calibrate --json`
 * result (`--judge-calibration FILE`). Only what the figures need is checked; their wording is in
 * calibration-text.ts.
 */
import { readDataFile } from '../config/read-file.ts';
import { validateData } from '../config/validate.ts';
import type { JudgeCalibrationSummary } from './judge-types.ts';
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
