/**
 * Accuracy per tool over a suite's runs: for each tool, of the attempts that expected it, the share
 * that chose it (its recall in the run's per-tool table), with the Wilson 95% interval of those counts,
 * and the change from the previous run that had the tool, marked significant by the suite trend's own
 * rule (`intervalsApart`: the two intervals do not overlap).
 */
import { wilsonInterval } from '../../scoring/metrics.ts';
import type { Interval, ToolStats } from '../model.ts';

export interface ToolTrendPoint {
  /** The run's file name inside the history folder. */
  file: string;
  startedAt: string;
  commit: string;
  /** Attempts that expected the tool, and of those the ones that chose it. */
  expected: number;
  chosen: number;
  /** chosen / expected. */
  accuracy: number;
  interval: Interval;
  /** Change from the previous run that expected the tool; null for its first. */
  change: number | null;
  significant: boolean;
}

export interface ToolTrend {
  tool: string;
  points: ToolTrendPoint[];
}

/** A run of a suite as the tool trend reads it, in time order. */
export interface RunTools {
  file: string;
  startedAt: string;
  commit: string;
  perTool: readonly ToolStats[];
}

/** One trend per tool any run expected, tools by name; runs where no attempt expected a tool are left out of its line. */
export function toolTrends(runs: readonly RunTools[], apart: (a: Interval, b: Interval) => boolean): ToolTrend[] {
  const byTool = new Map<string, ToolTrendPoint[]>();
  for (const run of runs) {
    for (const t of run.perTool) {
      if (t.support === 0) continue;
      const points = byTool.get(t.tool) ?? [];
      const before = points.at(-1);
      const accuracy = t.truePositives / t.support;
      const interval = wilsonInterval(t.truePositives, t.support);
      points.push({
        file: run.file,
        startedAt: run.startedAt,
        commit: run.commit,
        expected: t.support,
        chosen: t.truePositives,
        accuracy,
        interval,
        change: before ? accuracy - before.accuracy : null,
        significant: before ? apart(before.interval, interval) : false,
      });
      byTool.set(t.tool, points);
    }
  }
  return [...byTool.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([tool, points]) => ({ tool, points }));
}
