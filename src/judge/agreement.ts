/**
 * How far a judge agrees with human labels: raw agreement, Cohen's kappa and the judge's false pass
 * rate, each with a 95% interval. Agreement and the false pass rate are binomial proportions, so they
 * get the project's Wilson interval (src/scoring/metrics.ts). Kappa gets the large-sample interval of
 * Fleiss, Cohen & Everitt (1969, Psychol Bull 72:323), the one SAS PROC FREQ prints (checked against
 * its published example in agreement.test.ts). Kappa is undefined when chance agreement is 1 (both
 * raters gave every case the same one verdict): reported as `null` with the reason, never NaN.
 */
import type { AgreementTable, KappaEstimate, RateWithInterval } from './judge-types.ts';
import { wilsonInterval } from '../scoring/metrics.ts';

export type { AgreementTable, KappaEstimate, RateWithInterval } from './judge-types.ts';

export interface AgreementStats {
  table: AgreementTable;
  agreement: RateWithInterval;
  kappa: KappaEstimate;
  /** Judge pass among the cases the human failed. */
  falsePassRate: RateWithInterval;
}

const Z95 = 1.96;

function rate(successes: number, trials: number): RateWithInterval {
  return { value: trials === 0 ? null : successes / trials, successes, trials, interval: wilsonInterval(successes, trials, Z95), method: 'wilson' };
}

/**
 * Cohen's kappa of a square table of counts (rows: one rater, columns: the other, same category
 * order), with the Fleiss–Cohen–Everitt asymptotic standard error and a 95% interval clipped to [-1, 1].
 */
export function cohensKappa(counts: readonly (readonly number[])[]): KappaEstimate {
  const k = counts.length;
  const n = counts.reduce((sum, row) => sum + row.reduce((a, b) => a + b, 0), 0);
  const base = { method: 'fleiss-cohen-everitt-1969' as const };
  if (n === 0) return { ...base, value: null, interval: null, standardError: null, undefinedReason: 'no judged cases' };
  const p = counts.map((row) => row.map((c) => c / n));
  const rows = p.map((row) => row.reduce((a, b) => a + b, 0));
  const cols = Array.from({ length: k }, (_, j) => p.reduce((sum, row) => sum + row[j], 0));
  const po = p.reduce((sum, row, i) => sum + row[i], 0);
  const pe = rows.reduce((sum, r, i) => sum + r * cols[i], 0);
  if (1 - pe < 1e-12) {
    return { ...base, value: null, interval: null, standardError: null, undefinedReason: 'undefined: the judge and the humans each gave every case the same one verdict, so chance agreement is 1' };
  }
  const kappa = (po - pe) / (1 - pe);
  let diagonal = 0;
  let offDiagonal = 0;
  for (let i = 0; i < k; i++) {
    for (let j = 0; j < k; j++) {
      if (i === j) diagonal += p[i][i] * (1 - (rows[i] + cols[i]) * (1 - kappa)) ** 2;
      else offDiagonal += p[i][j] * (cols[i] + rows[j]) ** 2;
    }
  }
  const variance = (diagonal + (1 - kappa) ** 2 * offDiagonal - (kappa - pe * (1 - kappa)) ** 2) / (n * (1 - pe) ** 2);
  const standardError = Math.sqrt(Math.max(0, variance));
  return {
    ...base,
    value: kappa,
    standardError,
    interval: { low: Math.max(-1, kappa - Z95 * standardError), high: Math.min(1, kappa + Z95 * standardError) },
  };
}

/** Agreement, kappa and the false pass rate of one 2x2 table. */
export function agreementStats(table: AgreementTable): AgreementStats {
  const { bothPass, judgePassHumanFail, judgeFailHumanPass, bothFail } = table;
  const n = bothPass + judgePassHumanFail + judgeFailHumanPass + bothFail;
  return {
    table: { ...table },
    agreement: rate(bothPass + bothFail, n),
    kappa: cohensKappa([
      [bothPass, judgePassHumanFail],
      [judgeFailHumanPass, bothFail],
    ]),
    falsePassRate: rate(judgePassHumanFail, judgePassHumanFail + bothFail),
  };
}

/** The table of verdict pairs; `errored` judge verdicts are left out (the caller counts them). */
export function tableOf(pairs: ReadonlyArray<{ judge: 'pass' | 'fail' | 'error'; human: 'pass' | 'fail' }>): AgreementTable {
  const table: AgreementTable = { bothPass: 0, judgePassHumanFail: 0, judgeFailHumanPass: 0, bothFail: 0 };
  for (const { judge, human } of pairs) {
    if (judge === 'error') continue;
    if (judge === 'pass') table[human === 'pass' ? 'bothPass' : 'judgePassHumanFail'] += 1;
    else table[human === 'pass' ? 'judgeFailHumanPass' : 'bothFail'] += 1;
  }
  return table;
}
