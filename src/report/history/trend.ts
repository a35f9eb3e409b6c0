/**
 * Reads a history folder and lays each suite's runs out in time order: accuracy with its Wilson
 * interval, tokens, cost and latency, and whether the change from the suite's previous run was
 * significant. The rule: the two runs' Wilson 95% intervals (src/scoring/metrics.ts, already in
 * every summary) do not overlap. Runs are independent samples, so the paired statistics of the A/B
 * do not apply; non-overlap is the conservative test (it misses some real changes, it flags no
 * noise a wider run would not).
 */
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ToolvetError } from '../../errors.ts';
import type { Interval, ToolStats } from '../model.ts';
import { toolTrends, type ToolTrend } from './tool-trend.ts';
import { loadResultFile } from '../result-schema.ts';
import { parseHistoryFileName } from './store.ts';

export interface TrendPoint {
  /** The run's file name inside the history folder. */
  file: string;
  startedAt: string;
  commit: string;
  branch: string;
  model: string;
  accuracy: number;
  interval: Interval;
  passed: number;
  attempts: number;
  /** Tokens the run's model used (prompt + completion), over the whole run. */
  tokens: number | null;
  /** Estimated cost of the whole run; null without --prices. */
  cost: number | null;
  meanLatencyMs: number;
  /** Estimated tokens of the suite's tool list per request. */
  toolTokens: number | null;
  /** Accuracy change from the suite's previous run; null for its first. */
  change: number | null;
  significant: boolean;
  /** The run's per-tool counts, which the tool trends read. */
  perTool: ToolStats[];
}

export interface SuiteTrend {
  suite: string;
  points: TrendPoint[];
  /** Accuracy per tool over the same runs, significant changes marked by the same rule (tool-trend.ts). */
  tools: ToolTrend[];
}

export interface History {
  dir: string;
  suites: SuiteTrend[];
  /** Files in the folder that are not history runs (named otherwise, or not a result). */
  skipped: string[];
}

/** True when two Wilson intervals do not overlap: the rule that marks a change significant. */
export function intervalsApart(a: Interval, b: Interval): boolean {
  return a.high < b.low || b.high < a.low;
}

export function readHistory(dir: string): History {
  let names: string[];
  try {
    names = readdirSync(dir).sort();
  } catch (error) {
    throw new ToolvetError('E_USAGE', `cannot read the history folder ${dir}: ${(error as Error).message}`, { file: dir, hint: 'name a folder written by --history or --append-history' });
  }
  const bySuite = new Map<string, TrendPoint[]>();
  const skipped: string[] = [];
  for (const name of names) {
    const origin = parseHistoryFileName(name);
    const path = join(dir, name);
    // Only regular files: a link in the folder is never followed out of it.
    if (!origin || !lstatSync(path).isFile()) {
      if (!name.startsWith('.')) skipped.push(name);
      continue;
    }
    const result = loadResultFile(path);
    const tokens = result.cost ? result.cost.promptTokens + result.cost.completionTokens : null;
    for (const s of result.suites ?? []) {
      const points = bySuite.get(s.suite) ?? [];
      points.push({
        file: name,
        startedAt: result.startedAt,
        commit: origin.commit,
        branch: origin.branch,
        model: s.model,
        accuracy: s.summary.accuracy,
        interval: s.summary.interval,
        passed: s.summary.attemptsPassed,
        attempts: s.summary.attempts,
        tokens,
        cost: result.cost?.cost ?? null,
        meanLatencyMs: s.summary.meanLatencyMs,
        toolTokens: s.toolTokens ?? null,
        change: null,
        significant: false,
        perTool: s.summary.perTool,
      });
      bySuite.set(s.suite, points);
    }
  }
  const suites = [...bySuite.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([suite, points]) => {
    points.sort((a, b) => a.startedAt.localeCompare(b.startedAt) || a.file.localeCompare(b.file));
    points.forEach((p, i) => {
      if (i === 0) return;
      const before = points[i - 1];
      p.change = p.accuracy - before.accuracy;
      p.significant = intervalsApart(before.interval, p.interval);
    });
    return { suite, points, tools: toolTrends(points, intervalsApart) };
  });
  return { dir, suites, skipped };
}
