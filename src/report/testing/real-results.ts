/**
 * Real results for the reporter tests: each comes from running the real command code on the bundled
 * fixtures with the deterministic mock model (live fixture servers where the command uses them).
 * Nothing here is hand-made, so a change in any producer shows up in the reporters' tests.
 */
import { fileURLToPath } from 'node:url';
import { runServerBench } from '../../bench/server-bench.ts';
import { runDiff } from '../../diff/run-diff.ts';
import { createMockModel } from '../../models/mock.ts';
import { runEval } from '../../run/eval-run.ts';
import { runSkillsEval } from '../../skills/skills-eval-run.ts';
import type { ToolproofResult } from '../model.ts';

export const fixture = (path: string): string => fileURLToPath(new URL(`../../../fixtures/${path}`, import.meta.url));

const HOST = fixture('hosts/example.json');

/** Selection eval of the three fixture servers' query sets (73 cases), live servers. */
export function evalResult(): Promise<ToolproofResult> {
  return runEval({ config: HOST, queries: ['refman', 'notebook', 'echo'].map((q) => fixture(`queries/${q}.yaml`)), model: createMockModel() });
}

/** The refman snapshot against a harmful rewording: description changes and an A/B with flipped queries. */
export function diffResult(): Promise<ToolproofResult> {
  return runDiff({ old: fixture('snapshots/refman.json'), new: fixture('tools/refman-v2-harmful.json'), queries: [fixture('queries/refman.yaml')], model: createMockModel(), now: new Date('2026-11-22T00:00:00Z') });
}

/** A short benchmark of the echo server (few samples: the numbers are not the point here). */
export function benchResult(): Promise<ToolproofResult> {
  return runServerBench({ config: HOST, servers: ['echo'], iterations: 5, timeMs: 50, starts: 2, kinds: ['cold-start', 'tools-list', 'tools-call'] });
}

/** Trigger eval of the fixture skills (office collection and the reference manager). */
export function skillsResult(): Promise<ToolproofResult> {
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
