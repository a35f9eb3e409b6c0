/**
 * A large eval's result in memory holds only some of its cases (its first failed ones, see
 * src/run/case-fold.ts); every case is in the results file. What the reports need beyond the summary
 * (the cost per query set, and where the cases are) is kept beside the result object, not in it:
 * the JSON written from it holds every case again, so the result schema does not change.
 */
import type { ToolvetResult } from './model.ts';

export interface SuiteCostRow {
  suite: string;
  items: number;
  tokens: number;
  modelMs: number;
  toolMs: number;
  p95Ms: number;
  cost: number | null;
}

export interface CasesElsewhere {
  /** The results file holding every case; none when the run kept no file. */
  file?: string;
  /** Cost per query set over every case and scenario. */
  costBySuite: SuiteCostRow[];
}

const notes = new WeakMap<ToolvetResult, CasesElsewhere>();

export function noteCasesElsewhere(result: ToolvetResult, note: CasesElsewhere): void {
  notes.set(result, note);
}

/** Set only on a result whose `cases` are a part of the run's (a streamed eval's, in memory). */
export function casesElsewhere(result: ToolvetResult): CasesElsewhere | undefined {
  return notes.get(result);
}

/** Failed and errored cases the result counts but does not hold (0 when it holds them all). */
export function failedNotShown(result: ToolvetResult): number {
  const s = result.summary;
  if (!s || !result.cases) return 0;
  const shown = result.cases.filter((c) => c.state === 'failed' || c.state === 'errored').length;
  return Math.max(0, s.failed + s.errored - shown);
}

/** One line: how many failed cases are not listed and where they are. */
export function moreFailedText(result: ToolvetResult, more: number): string {
  const file = casesElsewhere(result)?.file;
  return `… and ${more} more failed case(s) not listed here${file ? `: every case is in ${file}` : ': every case is in the --results file and the --json result'}`;
}
