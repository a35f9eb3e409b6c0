/**
 * `diff` end to end: load the baseline and query sets first (bad input fails before servers start),
 * load both sides, diff and classify, run the A/B when wording or the tool set changed and query sets
 * are given, apply the baseline, gate, and return the one result model with its `diff` section.
 */
import { loadQuerySet } from '../config/query-set.ts';
import { toErrorInfo, ToolvetError } from '../errors.ts';
import { type ToolvetResult } from '../report/model.ts';
import type { ServerTimeouts } from '../servers/server-connection.ts';
import type { ModelDriver, ToolDefinition } from '../types.ts';
import { DEFAULT_AB_MARGIN, runAb } from './ab.ts';
import type { AbPlan } from './ab-interval.ts';
import { applyBaseline, loadBaseline } from './baseline.ts';
import { classifyDeltas, countLevels } from './classify.ts';
import { gateDiff } from './gate.ts';
import { loadSide, pairGroups, type Side } from './sides.ts';
import { diffTools } from './structural.ts';
import { checkVersions } from './version-gate.ts';
import { diffSideSurfaces } from './surface-deltas.ts';
import type { AbResult, Change, DiffResult, FailOn } from './types.ts';
import { resultHeader } from '../report/result-header.ts';

export interface DiffOptions {
  old: string;
  new: string;
  queries?: string[];
  /** Needed when `queries` are given. */
  model?: ModelDriver;
  repeat?: number;
  concurrency?: number;
  caseTimeoutMs?: number;
  margin?: number;
  /** A/B: model calls per query set, both sides (default 2000). */
  budget?: number;
  /** A/B: called with each query set's power plan before any model call. */
  onPlan?: (plan: AbPlan, suite: string) => void;
  failOn?: FailOn;
  baseline?: string;
  /** Fail when a server's breaking changes ship without a major version bump (a minor below 1.0.0). */
  requireSemver?: boolean;
  /** Only these servers, on folder and `live:` sides alike. */
  servers?: string[];
  serverTimeouts?: Partial<ServerTimeouts>;
  /** "Today" for sunsets and baseline expiry; tests pin it. */
  now?: Date;
  signal?: AbortSignal;
}

/** Classified changes between two loaded sides. */
export function diffSides(oldSide: Side, newSide: Side, now: Date = new Date()): Change[] {
  const flat = (s: Side): ToolDefinition[] => [...s.groups.values()].flat();
  const context = { oldTools: flat(oldSide), newTools: flat(newSide), now };
  const deltas = [...pairGroups(oldSide, newSide).flatMap((p) => diffTools(p.old, p.new, p.server)), ...diffSideSurfaces(oldSide, newSide)];
  return classifyDeltas(deltas, context);
}

export async function runDiff(options: DiffOptions): Promise<ToolvetResult> {
  const startedAt = new Date().toISOString();
  const now = options.now ?? new Date();
  const failOn = options.failOn ?? 'breaking';
  const baseline = options.baseline ? loadBaseline(options.baseline) : undefined;
  const sets = (options.queries ?? []).map((q) => loadQuerySet(q));
  if (sets.length > 0 && !options.model) throw new ToolvetError('E_USAGE', 'the A/B of descriptions needs a model', { hint: 'pass a model driver (the CLI defaults to the mock)' });
  const sideOptions = { ...(options.servers ? { servers: options.servers } : {}), ...(options.serverTimeouts ? { timeouts: options.serverTimeouts } : {}) };
  const oldSide = await loadSide(options.old, sideOptions);
  const newSide = await loadSide(options.new, sideOptions);
  const changes = diffSides(oldSide, newSide, now);
  // A removed or added tool moves queries as much as a reworded one, so any non-safe change triggers the A/B.
  const needsAb = sets.length > 0 && changes.some((c) => c.level !== 'safe');
  const ab: AbResult[] = needsAb
    ? await runAb({ sets, oldSide, newSide, model: options.model!, repeat: options.repeat, concurrency: options.concurrency, caseTimeoutMs: options.caseTimeoutMs, margin: options.margin ?? DEFAULT_AB_MARGIN, ...(options.budget !== undefined ? { budget: options.budget } : {}), ...(options.onPlan ? { onPlan: options.onPlan } : {}), signal: options.signal })
    : [];
  const issues = baseline ? applyBaseline(baseline, changes, ab, now) : [];
  // After the baseline, so an accepted change needs no bump.
  const versions = options.requireSemver ? checkVersions(pairGroups(oldSide, newSide), changes) : undefined;
  const gated = gateDiff(changes, ab, failOn, issues, versions);
  const gate = gated.gate;
  const diff: DiffResult = {
    old: options.old,
    new: options.new,
    failOn,
    changes: gated.changes,
    counts: countLevels(changes),
    ab: gated.ab,
    ...(baseline ? { baseline: { file: baseline.file, issues } } : {}),
    ...(versions ? { versions } : {}),
    gate,
  };
  const errors = ab.filter((r) => r.excluded > 0).map((r) => toErrorInfo(new ToolvetError('E_MODEL_BAD_RESPONSE', `A/B ${r.suite}: ${r.excluded} query(ies) errored on one side and were left out`, { hint: 'see the eval output for the model errors; check the endpoint' })));
  const complete = !options.signal?.aborted;
  const status = !complete || errors.length > 0 ? 'error' : gate.pass ? 'pass' : 'fail';
  const warnings = [
    ...issues.filter((i) => i.problem === 'expired').map((i) => ({ code: 'W_BASELINE_EXPIRED', message: i.message })),
    ...(sets.length > 0 && !needsAb ? [{ code: 'W_AB_SKIPPED', message: 'no change reaches retest, so the A/B of descriptions did not run' }] : []),
  ];
  return {
    ...resultHeader('diff', startedAt),
    complete,
    verdict: { status, reasons: [...(complete ? [] : ['run interrupted']), ...errors.map((e) => e.message), ...gate.reasons] },
    ...(needsAb ? { model: options.model!.id } : {}),
    diff,
    warnings,
    errors,
  };
}
