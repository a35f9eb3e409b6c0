/**
 * The baseline: findings a team accepted, each `tool:check-id` (or `suite:ab-regressed` /
 * `suite:ab-not-enough-data` for an A/B verdict) with a reason and an expiry date. An accepted
 * finding passes until it expires; an entry that matches nothing is stale and fails the run, so the
 * file cannot rot.
 */
import { resolve } from 'node:path';
import { readDataFile } from '../config/read-file.ts';
import { validateData } from '../config/validate.ts';
import type { AbResult, BaselineIssue, Change } from './types.ts';

export interface BaselineEntry {
  finding: string;
  reason: string;
  /** YYYY-MM-DD, inclusive. */
  expires: string;
}

export interface Baseline {
  file: string;
  accepted: BaselineEntry[];
}

const baselineSchema = {
  type: 'object',
  required: ['accepted'],
  properties: {
    accepted: {
      type: 'array',
      items: {
        type: 'object',
        required: ['finding', 'reason', 'expires'],
        properties: {
          finding: { type: 'string', pattern: '^[^:\\s][^\\s]*:[a-z0-9]+(-[a-z0-9]+)*$' },
          reason: { type: 'string', minLength: 3 },
          expires: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
} as const;

export function loadBaseline(path: string): Baseline {
  const file = resolve(path);
  const data = validateData<{ accepted: BaselineEntry[] }>(
    baselineSchema,
    readDataFile(file, 'baseline'),
    file,
    'baseline',
    'a baseline is {"accepted": [{"finding": "tool:check-id", "reason": "why", "expires": "YYYY-MM-DD"}]}; see docs/commands/diff.md (Baseline)',
  );
  return { file, accepted: data.accepted };
}

/** The A/B verdicts a baseline can accept, as check ids. */
export const AB_FINDINGS = { regressed: 'ab-regressed', 'not enough data': 'ab-not-enough-data' } as const;

/** The key a baseline entry names. */
export const changeKey = (c: Change): string => `${c.tool}:${c.check}`;
export function abKey(ab: AbResult): string | undefined {
  const id = AB_FINDINGS[ab.verdict as keyof typeof AB_FINDINGS];
  return id ? `${ab.suite}:${id}` : undefined;
}

function expired(entry: BaselineEntry, now: Date): boolean {
  return Date.parse(`${entry.expires}T23:59:59.999Z`) < now.getTime();
}

/** Marks accepted changes and A/B results in place; returns stale and expired entries. */
export function applyBaseline(baseline: Baseline, changes: Change[], ab: AbResult[], now: Date): BaselineIssue[] {
  const issues: BaselineIssue[] = [];
  for (const entry of baseline.accepted) {
    const hitChanges = changes.filter((c) => changeKey(c) === entry.finding);
    const hitAb = ab.filter((r) => abKey(r) === entry.finding);
    if (hitChanges.length === 0 && hitAb.length === 0) {
      issues.push({ finding: entry.finding, problem: 'stale', message: `baseline entry "${entry.finding}" matches no finding any more; remove it from ${baseline.file}` });
      continue;
    }
    if (expired(entry, now)) {
      issues.push({ finding: entry.finding, problem: 'expired', message: `baseline entry "${entry.finding}" expired on ${entry.expires}; the finding counts again (fix it, or renew the entry with a reason)` });
      continue;
    }
    const accepted = { reason: entry.reason, expires: entry.expires };
    for (const c of hitChanges) c.accepted = accepted;
    for (const r of hitAb) r.accepted = accepted;
  }
  return issues;
}
