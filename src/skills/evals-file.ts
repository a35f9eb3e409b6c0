/**
 * Loading `evals/evals.json` in any dialect (see evals-dialects.ts) onto one internal case type.
 *
 * Mapping (also in the README, "Skills"):
 *   query           <- input | prompt | query
 *   behaviours      <- expected_behavior | expectations | assertions[].text (or the string),
 *                      plus `The reply matches the expected output: ...` for expected_output
 *   shouldTrigger   <- should_trigger, default true
 *   id              <- id, else the 1-based position
 *   skills          <- skills (best-practices dialect: skills to load besides the owner)
 */
import { dirname } from 'node:path';
import { ToolvetError } from '../errors.ts';
import { assertRegularFileInside } from './skill-read-guard.ts';
import { readDataFile } from '../config/read-file.ts';
import { validateData } from '../config/validate.ts';
import { detectDialect, DIALECT_SCHEMAS, EVALS_METADATA_KEYS, type EvalDialect } from './evals-dialects.ts';
import { evalsProblems, type EvalsProblemGroup } from './evals-problems.ts';
import { splitExtraKeys, type ExtraKeys, type IgnoredKey } from './evals-extra-keys.ts';

export interface SkillEvalCase {
  /** `<skill>/<id>`: unique across skills. */
  id: string;
  /** The skill that owns the evals file: the one expected to load. */
  skill: string;
  query: string;
  shouldTrigger: boolean;
  /** Expected behaviours, each scored on its own. */
  behaviours: string[];
  /** Other skills the case asks to load as well (best-practices dialect). */
  skills?: string[];
  files?: string[];
  dialect: EvalDialect;
  /** Where the case sits in the file, e.g. `$.evals[2]`. */
  path: string;
}

export interface SkillEvals {
  file: string;
  dialect: EvalDialect;
  /** `skill_name` as the file states it, when it does. */
  skillName?: string;
  /** Descriptive top-level keys (`category`, `version`, `description`) the file carries; accepted, noted by lint. */
  metadataKeys?: string[];
  /** Keys no dialect reads and no known key is a few edits from (`comment`): dropped, noted by lint. */
  ignoredKeys?: IgnoredKey[];
  cases: SkillEvalCase[];
}

type Raw = Record<string, unknown>;

/** An evals file that does not validate, with every problem grouped by case (the message names the first). */
export class EvalsFileError extends ToolvetError {
  readonly problems: EvalsProblemGroup[];
  constructor(first: ToolvetError, problems: EvalsProblemGroup[]) {
    const total = problems.reduce((n, g) => n + g.problems.length, 0);
    const message = first.message.replace(/ \(and \d+ more problems?\)$/, '') + (total > 1 ? ` (${total} problems in ${problems.length} place(s), each listed)` : '');
    super('E_FILE_INVALID', message, { ...(first.file ? { file: first.file } : {}), ...(first.path ? { path: first.path } : {}), ...(first.hint ? { hint: first.hint } : {}) });
    this.problems = problems;
  }
}

const DIALECT_HINT =
  'write one of: {"evals": [{"input", "expected_behavior": [...]}]}, {"skill_name", "evals": [{"id", "prompt", "expected_output", "expectations": [...]}]}, ' +
  '{"evals": [{"prompt", "assertions": [...]}]}, {"query", "expected_behavior": [...]}, or [{"query", "should_trigger"}]; see docs/skills.md (evals dialects)';

function behavioursOf(entry: Raw): string[] {
  const out: string[] = [];
  for (const key of ['expected_behavior', 'expectations'] as const) {
    if (Array.isArray(entry[key])) out.push(...(entry[key] as string[]));
  }
  if (Array.isArray(entry.assertions)) {
    for (const a of entry.assertions as Array<string | { text: string }>) out.push(typeof a === 'string' ? a : a.text);
  }
  if (typeof entry.expected_output === 'string' && entry.expected_output.trim() !== '') {
    out.push(`The reply matches the expected output: ${entry.expected_output.trim()}`);
  }
  return out;
}

function toCase(entry: Raw, index: number, path: string, owner: string, dialect: EvalDialect): SkillEvalCase {
  const query = (entry.input ?? entry.prompt ?? entry.query) as string;
  const local = entry.id !== undefined ? String(entry.id) : String(index + 1);
  const c: SkillEvalCase = {
    id: `${owner}/${local}`,
    skill: owner,
    query,
    shouldTrigger: entry.should_trigger === undefined ? true : (entry.should_trigger as boolean),
    behaviours: behavioursOf(entry),
    dialect,
    path,
  };
  if (Array.isArray(entry.skills)) c.skills = (entry.skills as string[]).filter((s) => s !== owner);
  if (Array.isArray(entry.files)) c.files = entry.files as string[];
  return c;
}

/** Parses an evals file already read from disk (for lint, which must not throw per skill). */
export function parseSkillEvals(data: unknown, file: string, owner: string): SkillEvals {
  const dialect = detectDialect(data);
  if (!dialect) {
    throw new ToolvetError('E_FILE_INVALID', `evals file ${file}: $ matches no known evals.json dialect`, { file, path: '$', hint: DIALECT_HINT });
  }
  const extra = splitExtraKeys(DIALECT_SCHEMAS[dialect], data);
  data = extra.data;
  const groups = withSuggestions(evalsProblems(DIALECT_SCHEMAS[dialect], data), extra.misspelt);
  if (groups.length > 0) {
    try {
      validateData(DIALECT_SCHEMAS[dialect], data, file, `evals file (${dialect} dialect)`, DIALECT_HINT);
    } catch (error) {
      if (!(error instanceof ToolvetError)) throw error;
      // A misspelt key explains the error it causes ("missing required key prompt"), so it leads.
      const [misspelt] = extra.misspelt;
      const first = misspelt
        ? new ToolvetError('E_FILE_INVALID', `evals file (${dialect} dialect) ${file}: ${misspelt[0]} unknown key "${misspelt[1].key}"; did you mean "${misspelt[1].meant}"?`, { file, path: misspelt[0], hint: DIALECT_HINT })
        : error;
      throw new EvalsFileError(first, groups);
    }
  }
  const entries: Array<{ entry: Raw; path: string }> = Array.isArray(data)
    ? (data as Raw[]).map((entry, i) => ({ entry, path: `$[${i}]` }))
    : Array.isArray((data as Raw).evals)
      ? ((data as Raw).evals as Raw[]).map((entry, i) => ({ entry, path: `$.evals[${i}]` }))
      : [{ entry: data as Raw, path: '$' }];
  const cases = entries.map(({ entry, path }, i) => toCase(entry, i, path, owner, dialect));
  const seen = new Map<string, string>();
  for (const c of cases) {
    const first = seen.get(c.id);
    if (first) {
      throw new ToolvetError('E_FILE_INVALID', `evals file ${file}: ${c.path} repeats id "${c.id.slice(owner.length + 1)}" of ${first}`, {
        file,
        path: c.path,
        hint: 'give every case its own id',
      });
    }
    seen.set(c.id, c.path);
  }
  const skillName = !Array.isArray(data) && typeof (data as Raw).skill_name === 'string' ? ((data as Raw).skill_name as string) : undefined;
  const metadataKeys = Array.isArray(data) ? [] : EVALS_METADATA_KEYS.filter((k) => Object.hasOwn(data as Raw, k));
  return { file, dialect, ...(skillName ? { skillName } : {}), ...(metadataKeys.length ? { metadataKeys } : {}), ...(extra.ignored.length ? { ignoredKeys: extra.ignored } : {}), cases };
}

/** `$.evals[1].promt unknown key "promt"` gains `; did you mean "prompt"?` where a known key is a few edits away. */
function withSuggestions(groups: EvalsProblemGroup[], misspelt: ExtraKeys['misspelt']): EvalsProblemGroup[] {
  if (misspelt.size === 0) return groups;
  return groups.map((g) => ({
    path: g.path,
    problems: g.problems.map((p) => {
      const at = /^(\S+) unknown key "/.exec(p)?.[1];
      const meant = at ? misspelt.get(at)?.meant : undefined;
      return meant ? `${p}; did you mean "${meant}"?` : p;
    }),
  }));
}

export function loadSkillEvals(file: string, owner: string): SkillEvals {
  // `<skill>/evals/evals.json`: a FIFO, a device or a link out of the skill folder is refused unread.
  assertRegularFileInside(file, dirname(dirname(file)), 'evals file');
  return parseSkillEvals(readDataFile(file, 'evals file'), file, owner);
}
