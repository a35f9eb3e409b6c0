/**
 * Merging results: the shards of a `vitest run --shard=i/n` (one result file each), or the several
 * results one vitest run collects. Cases are concatenated and every summary is recomputed from them,
 * so the merged totals equal those of one unsharded run; the verdict is the worst of the parts.
 */
import { mergeScenarioSections } from '../run/scenario-summary.ts';
import { lstatSync, readdirSync, statSync } from 'node:fs';
import { parseJsonText, readTextFile } from '../config/read-file.ts';
import { MAX_JSON_DEPTH } from '../safety/json-depth.ts';
import { basename, join } from 'node:path';
import { ToolvetError, type ErrorInfo } from '../errors.ts';
import { summarise } from '../scoring/metrics.ts';
import type { CaseResult } from '../types.ts';
import { VERSION } from '../version.ts';
import { RESULT_SCHEMA_VERSION, type Diagnostic, type ServerInfo, type SuiteSummary, type ToolvetResult, type VerdictStatus } from './model.ts';
import { mergeSections } from './merge-sections.ts';
import { MAX_RESULT_BYTES, validateResult } from './result-schema.ts';

// No gate ranks below pass: one gated part that passed makes the merged run pass.
const RANK: Record<VerdictStatus, number> = { none: -1, pass: 0, fail: 1, error: 2 };

const unique = <T>(items: T[], key: (item: T) => string): T[] => {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
};

const same = (values: Array<string | undefined>): string | undefined => {
  const set = [...new Set(values.filter((v): v is string => v !== undefined))];
  return set.length === 0 ? undefined : set.join(', ');
};

function mergeServers(parts: ToolvetResult[]): ServerInfo[] | undefined {
  const all = parts.flatMap((p) => p.servers ?? []);
  if (all.length === 0) return undefined;
  const byName = new Map<string, ServerInfo>();
  for (const s of all) {
    const seen = byName.get(s.name);
    // The same server started by several tests: keep one row, add up restarts, keep any error.
    byName.set(s.name, seen ? { ...seen, restarts: seen.restarts + s.restarts, ...(seen.error ?? s.error ? { error: seen.error ?? s.error } : {}) } : { ...s });
  }
  return [...byName.values()];
}

/** Query-set summaries: each part's cases of a set, regrouped by set and model, then summarised. */
function mergeSuites(parts: ToolvetResult[]): { suites: SuiteSummary[]; cases: CaseResult[] } {
  const groups = new Map<string, { suite: string; model: string; cases: CaseResult[] }>();
  const cases: CaseResult[] = [];
  for (const part of parts) {
    const partCases = part.cases ?? [];
    cases.push(...partCases);
    for (const s of part.suites ?? []) {
      const key = `${s.suite}\u0000${s.model}`;
      const group = groups.get(key) ?? { suite: s.suite, model: s.model, cases: [] };
      group.cases.push(...partCases.filter((c) => c.suite === s.suite));
      groups.set(key, group);
    }
  }
  return { suites: [...groups.values()].map((g) => ({ suite: g.suite, model: g.model, summary: summarise(g.cases) })), cases };
}

export interface MergeOptions {
  /** The merged result's command; defaults to the parts' command when they agree, else `merged`. */
  command?: string;
}

export function mergeResults(parts: ToolvetResult[], options: MergeOptions = {}): ToolvetResult {
  if (parts.length === 0) throw new ToolvetError('E_USAGE', 'nothing to merge: no results', { hint: 'run the suites with the Toolvet vitest reporter first' });
  const status = parts.map((p) => p.verdict.status).reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'none' as VerdictStatus);
  const hasEval = parts.some((p) => p.summary !== undefined || p.cases !== undefined);
  const { suites, cases } = mergeSuites(parts);
  const model = same(parts.map((p) => p.model));
  const servers = mergeServers(parts);
  const commands = [...new Set(parts.map((p) => p.command))];
  return {
    schemaVersion: RESULT_SCHEMA_VERSION,
    generator: { name: 'toolvet', version: VERSION },
    command: options.command ?? (commands.length === 1 ? commands[0] : 'merged'),
    startedAt: parts.map((p) => p.startedAt).sort()[0],
    finishedAt: parts.map((p) => p.finishedAt).sort().at(-1)!,
    complete: parts.every((p) => p.complete),
    verdict: { status, reasons: [...new Set(parts.filter((p) => p.verdict.status !== 'none' || status === 'none').flatMap((p) => p.verdict.reasons))] },
    ...(model ? { model } : {}),
    ...(servers ? { servers } : {}),
    ...(hasEval ? { summary: summarise(cases), suites, cases } : {}),
    ...mergeSections(parts),
    ...mergeScenarioSections(parts),
    warnings: unique<Diagnostic>(parts.flatMap((p) => p.warnings), (w) => `${w.code} ${w.message}`),
    errors: unique<ErrorInfo>(parts.flatMap((p) => p.errors), (e) => `${e.code} ${e.message}`),
  };
}

/** The name a vitest shard's result gets: `toolvet.shard-<i>-of-<n>.json`. */
export const SHARD_FILE = /^toolvet\.shard-(\d+)-of-(\d+)\.json$/;

export interface ShardFolder {
  shards: Array<{ file: string; result: ToolvetResult }>;
  /** Other `.json` files in the folder, left out (a merged `toolvet.json` would count every case twice). */
  skipped: string[];
  /** Shards of `n` that are not in the folder, as `i of n`. */
  missing: string[];
}

/** Every shard result in DIR, validated, and what was left out; a shard that is not a result is an error. */
export function readShardFolder(dir: string): ShardFolder {
  let all: string[];
  try {
    if (!statSync(dir).isDirectory()) throw new Error('not a folder');
    all = readdirSync(dir).filter((n) => n.endsWith('.json')).sort();
  } catch {
    throw new ToolvetError('E_FILE_MISSING', `--merge ${dir} is not a folder`, { file: dir, hint: 'pass the folder the shards wrote their result files into' });
  }
  const names = all.filter((n) => SHARD_FILE.test(n));
  const skipped = all.filter((n) => !SHARD_FILE.test(n)).map((n) => join(dir, n));
  if (names.length === 0) {
    const others = skipped.length ? `; it has ${skipped.map((f) => basename(f)).join(', ')}, which are not shard files` : '';
    throw new ToolvetError('E_FILE_MISSING', `--merge ${dir} holds no shard results (toolvet.shard-<i>-of-<n>.json)${others}`, {
      file: dir,
      hint: 'each shard of `vitest run --shard=i/n` writes one with the Toolvet vitest reporter (format json); to merge other result files, name them: toolvet report A.json B.json',
    });
  }
  return { shards: loadResults(dir, names), skipped, missing: missingShards(names) };
}

/** Shards listed one by one up to this many per count; past it, only how many more. */
const MISSING_LISTED = 20;

/**
 * The shards of each `n` not present, as `i of n`. Nothing is sized from a file name: a count in a name
 * (`-of-300000000`) costs a walk over the shards present plus at most MISSING_LISTED names.
 */
function missingShards(names: string[]): string[] {
  const byCount = new Map<number, Set<number>>();
  for (const name of names) {
    const [, i, n] = SHARD_FILE.exec(name)!.map(Number);
    byCount.set(n, (byCount.get(n) ?? new Set()).add(i));
  }
  const missing: string[] = [];
  for (const [n, present] of byCount) {
    const absent = n - [...present].filter((i) => i >= 1 && i <= n).length;
    let listed = 0;
    for (let i = 1; i <= n && listed < Math.min(absent, MISSING_LISTED); i++) {
      if (!present.has(i)) {
        missing.push(`${i} of ${n}`);
        listed++;
      }
    }
    if (absent > listed) missing.push(`${absent - listed} more of ${n}`);
  }
  return missing;
}

/** The shard results in DIR (see readShardFolder). */
export function loadShardResults(dir: string): Array<{ file: string; result: ToolvetResult }> {
  return readShardFolder(dir).shards;
}

function loadResults(dir: string, names: string[]): Array<{ file: string; result: ToolvetResult }> {
  const seen = new Map<string, string>();
  const out: Array<{ file: string; result: ToolvetResult }> = [];
  for (const name of names) {
    const file = join(dir, name);
    // Only regular files, never followed links: a FIFO blocks the read, a link to /dev/zero never ends.
    const link = lstatSync(file);
    if (!link.isFile()) {
      throw new ToolvetError('E_FILE_SPECIAL', `${file} is ${link.isSymbolicLink() ? 'a symbolic link' : 'not a regular file'}; shard results are read only from regular files`, {
        file,
        hint: 'copy the shard result into the folder as a plain file (download the artifact, do not link it)',
      });
    }
    const text = readTextFile(file, 'shard result', { maxBytes: MAX_RESULT_BYTES });
    const twin = seen.get(text);
    if (twin) {
      // A copied shard would count its cases twice and break "totals equal an unsharded run".
      throw new ToolvetError('E_FILE_INVALID', `${file} is identical to ${twin}; merging both would count its cases twice`, { file, hint: 'remove the copy from the folder' });
    }
    seen.set(text, file);
    out.push({ file, result: validateResult(parseJsonText(text, file, 'shard result', MAX_JSON_DEPTH), file) });
  }
  return out;
}
