/**
 * The run history: a folder of result files, one per run, named `<time>.<commit>.<branch>.json` so a
 * listing sorts by time and says where each run came from. Commit and branch come from git in the
 * current folder when there is a repository, else from GITHUB_SHA / GITHUB_REF_NAME (CI checkouts
 * without .git), else `unknown`. Every part of the name goes through the file-name encoding, and the
 * file through the one contained, atomic writer, so a branch named `../x` cannot write outside DIR.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { decodeFileName, encodeFileName } from '../../safety/file-name.ts';
import { resolveInside } from '../../safety/write-file.ts';
import type { CaseResult } from '../../types.ts';
import { writeResultJson } from '../write-result-json.ts';
import type { ToolvetResult } from '../model.ts';

export interface RunOrigin {
  commit: string;
  branch: string;
}

function git(args: string[], cwd: string): string | undefined {
  try {
    const out = execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], timeout: 10_000 }).trim();
    return out === '' ? undefined : out;
  } catch {
    return undefined;
  }
}

/** Where this run came from: git first, then the GitHub Actions variables, then `unknown`. */
export function runOrigin(cwd: string = process.cwd(), env: NodeJS.ProcessEnv = process.env): RunOrigin {
  const commit = git(['rev-parse', 'HEAD'], cwd) ?? env.GITHUB_SHA ?? 'unknown';
  const head = git(['rev-parse', '--abbrev-ref', 'HEAD'], cwd);
  const branch = (head && head !== 'HEAD' ? head : undefined) ?? env.GITHUB_HEAD_REF ?? env.GITHUB_REF_NAME ?? head ?? 'unknown';
  return { commit, branch };
}

/** The file name a run gets in the history folder (time first, so names sort by time). */
export function historyFileName(result: ToolvetResult, origin: RunOrigin): string {
  // A short random tail: two runs started in the same millisecond on the same commit stay two files.
  const time = `${(result.startedAt || new Date().toISOString()).replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
  // `.` is never kept by the encoding, so it separates the parts unambiguously.
  return `${encodeFileName(time)}.${encodeFileName(origin.commit.slice(0, 12))}.${encodeFileName(origin.branch)}.json`;
}

/** The time, commit and branch a history file name holds; undefined for any other file. */
export function parseHistoryFileName(name: string): { time: string; commit: string; branch: string } | undefined {
  const parts = name.split('.');
  if (parts.length !== 4 || parts[3] !== 'json') return undefined;
  const [time, commit, branch] = parts.map((p) => decodeFileName(p));
  if (time === undefined || commit === undefined) return undefined;
  return { time, commit, branch: branch ?? parts[2] };
}

/**
 * Appends `result` to the history folder `dir`; returns the path written. `cases` (a streamed run's
 * every case) replaces the cases the result keeps in memory, as with --json.
 */
export function appendHistory(dir: string, result: ToolvetResult, origin: RunOrigin = runOrigin(), cases?: Iterable<CaseResult>): string {
  const target = resolveInside(dir, historyFileName(result, origin));
  writeResultJson(target, result, cases);
  return target;
}
