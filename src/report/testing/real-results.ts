/**
 * Real results for the reporter tests: each comes from running the real command code on the bundled
 * fixtures with the deterministic mock model (live fixture servers where the command uses them).
 * Nothing here is hand-made, so a change in any producer shows up in the reporters' tests.
 */
import { existsSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runServerBench } from '../../bench/server-bench.ts';
import { runDiff } from '../../diff/run-diff.ts';
import { runLint } from '../../lint/lint-run.ts';
import { runProbe } from '../../probe/probe-run.ts';
import { createMockModel } from '../../models/mock.ts';
import { runEval } from '../../run/eval-run.ts';
import { runSkillsEval } from '../../skills/skills-eval-run.ts';
import { mergeResults } from '../merge.ts';
import type { ToolvetResult } from '../model.ts';

export const fixture = (path: string): string => fileURLToPath(new URL(`../../../fixtures/${path}`, import.meta.url));

const HOST = fixture('hosts/example.json');

/** Selection eval of the three fixture servers' query sets (73 cases), live servers, gated as `toolvet run` is. */
export function evalResult(): Promise<ToolvetResult> {
  return runEval({ config: HOST, queries: ['refman', 'notebook', 'echo'].map((q) => fixture(`queries/${q}.yaml`)), model: createMockModel(), minAccuracy: 0.7 });
}

/** The refman snapshot against a harmful rewording: description changes and an A/B with flipped queries. */
export function diffResult(): Promise<ToolvetResult> {
  return runDiff({ old: fixture('snapshots/refman.json'), new: fixture('tools/refman-v2-harmful.json'), queries: [fixture('queries/refman.yaml')], model: createMockModel(), now: new Date('2026-11-22T00:00:00Z') });
}

/** A short benchmark of the echo server (few samples: the numbers are not the point here). */
export function benchResult(): Promise<ToolvetResult> {
  return runServerBench({ config: HOST, servers: ['echo'], iterations: 5, timeMs: 50, starts: 1, kinds: ['cold-start', 'tools-list', 'tools-call'] });
}

/** Trigger eval of the fixture skills (office collection and the reference manager). */
export function skillsResult(): Promise<ToolvetResult> {
  return runSkillsEval({
    roots: [
      { dir: fixture('skills/user'), scope: 'user', explicit: true },
      { dir: fixture('skills/project'), scope: 'project', explicit: true },
    ],
    model: createMockModel(),
    behaviour: false,
    repeat: 1,
  });
}

/** Tool lint of the deliberately bad fixture server (live): findings at every severity. */
export function lintResult(): Promise<ToolvetResult> {
  return runLint({ config: fixture('hosts/bad.json'), cwd: fixture('hosts') });
}

/** Probe of the bad fixture server and refman (live): structured failures and not. */
export function probeResult(): Promise<ToolvetResult> {
  return runProbe({ config: fixture('hosts/bad.json') });
}

/**
 * Eval, diff with A/B, lint, bench, skills and probe, and all five merged the way the vitest reporter
 * merges. Computed once per `vitest run` and kept in the run's own temporary folder (global setup's
 * $TOOLVET_TEST_RUN_DIR, removed when the run ends), so the reporter tests do not rerun the same
 * servers ten times on CI's 2 cores; a test file run alone gets a folder of its own.
 */
let ownDir: string | undefined;
function runDir(): string {
  if (process.env.TOOLVET_TEST_RUN_DIR) return process.env.TOOLVET_TEST_RUN_DIR;
  ownDir ??= mkdtempSync(join(tmpdir(), 'toolvet-real-results-'));
  return ownDir;
}

export async function everyResult(): Promise<{ parts: ToolvetResult[]; merged: ToolvetResult }> {
  const cache = join(runDir(), 'real-results.json');
  if (existsSync(cache)) return JSON.parse(readFileSync(cache, 'utf8')) as { parts: ToolvetResult[]; merged: ToolvetResult };
  const parts: ToolvetResult[] = [];
  for (const make of [evalResult, diffResult, lintResult, benchResult, skillsResult, probeResult]) parts.push(await make());
  const out = { parts, merged: mergeResults(parts) };
  const partial = `${cache}.${process.pid}`;
  writeFileSync(partial, JSON.stringify(out));
  renameSync(partial, cache);
  return out;
}
