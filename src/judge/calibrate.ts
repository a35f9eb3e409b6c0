/**
 * `toolvet judge calibrate`: the judge judges every labelled answer; its verdicts against the human
 * ones give agreement, Cohen's kappa and the false pass rate (agreement.ts). A judge error (no JSON, a
 * quote not in the answer, a failed request) is counted apart and left out of the table: it is no
 * verdict, and reporting it as a fail would flatter a judge that fails most things.
 */
import pLimit from 'p-limit';
import type { ModelDriver } from '../types.ts';
import type { ErrorInfo } from '../errors.ts';
import type { PriceTable } from '../run/cost.ts';
import { agreementStats, tableOf, type AgreementStats } from './agreement.ts';
import { judgeText } from './judge-answer.ts';
import { addUsage, judgeCostOf, NO_USAGE } from './judge-cost.ts';
import type { JudgeCost, JudgeUsage } from './judge-types.ts';

export type { JudgeCost } from './judge-types.ts';
import type { LabelsFile } from './labels-file.ts';

export interface CalibrationCase {
  id: string;
  human: 'pass' | 'fail';
  judge: 'pass' | 'fail' | 'error';
  /** null for a judge error. */
  agrees: boolean | null;
  reason: string;
  evidence?: string;
  error?: ErrorInfo;
  tags?: string[];
}

export interface CalibrationResult {
  kind: 'judge-calibration';
  /** The labels file. */
  labels: string;
  /** The judge's driver id, e.g. `openai:qwen3@http://127.0.0.1:8080/v1`. */
  judge: string;
  startedAt: string;
  cases: CalibrationCase[];
  /** Labelled cases, judge errors included. */
  total: number;
  judgeErrors: number;
  stats: AgreementStats;
  judgeCost: JudgeCost;
}

export interface CalibrateOptions {
  judge: ModelDriver;
  labels: LabelsFile;
  concurrency?: number;
  prices?: PriceTable;
  signal?: AbortSignal;
}

export async function calibrateJudge(options: CalibrateOptions): Promise<CalibrationResult> {
  const startedAt = new Date().toISOString();
  const limit = pLimit(options.concurrency ?? 4);
  let usage: JudgeUsage = NO_USAGE;
  const cases = await Promise.all(
    options.labels.cases.map((c) =>
      limit(async (): Promise<CalibrationCase> => {
        const verdict = await judgeText(
          options.judge,
          { expectation: c.expectation, ...(c.rubric ? { rubric: c.rubric } : {}), ...(c.request ? { request: c.request } : {}), text: c.answer },
          options.signal,
        );
        usage = addUsage(usage, verdict.usage);
        return {
          id: c.id,
          human: c.human,
          judge: verdict.verdict,
          agrees: verdict.verdict === 'error' ? null : verdict.verdict === c.human,
          reason: verdict.reason,
          ...(verdict.evidence ? { evidence: verdict.evidence } : {}),
          ...(verdict.error ? { error: verdict.error } : {}),
          ...(c.tags ? { tags: c.tags } : {}),
        };
      }),
    ),
  );
  return {
    kind: 'judge-calibration',
    labels: options.labels.file,
    judge: options.judge.id,
    startedAt,
    cases,
    total: cases.length,
    judgeErrors: cases.filter((c) => c.judge === 'error').length,
    stats: agreementStats(tableOf(cases)),
    judgeCost: judgeCostOf(usage, options.judge.id, options.prices),
  };
}
