/**
 * Every problem of an evals file, grouped by the case it is in, so that an author fixes the file in
 * one pass: `$.evals[3]: unknown key "grader"; missing required key "prompt"`. (The shared validator
 * in src/config/validate.ts names the first problem only, which suits a config file, not a
 * hundred-case evals file.)
 */
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { toJsonPath } from '../config/validate.ts';

const ajv = new Ajv({ allErrors: true, strict: true, allowUnionTypes: true });
const compiled = new WeakMap<object, ValidateFunction>();

export interface EvalsProblemGroup {
  /** The case (`$.evals[3]`, `$[0]`) or `$` for the file itself. */
  path: string;
  /** Each problem: the path inside the group and what is wrong. */
  problems: string[];
}

function describeError(error: ErrorObject): { path: string; message: string } | undefined {
  const params = error.params as Record<string, unknown>;
  // anyOf/oneOf say only "must match a schema"; the branch errors beside them say what is wrong.
  if (error.keyword === 'anyOf' || error.keyword === 'oneOf' || error.keyword === 'if') return undefined;
  if (error.keyword === 'additionalProperties') return { path: toJsonPath(error.instancePath, String(params.additionalProperty)), message: `unknown key "${String(params.additionalProperty)}"` };
  if (error.keyword === 'required') return { path: toJsonPath(error.instancePath, String(params.missingProperty)), message: `missing required key "${String(params.missingProperty)}"` };
  return { path: toJsonPath(error.instancePath), message: error.message ?? 'is invalid' };
}

/** The case a JSON path belongs to: `$.evals[3].assertions[0]` -> `$.evals[3]`. */
function groupOf(path: string): string {
  return /^\$(?:\.evals)?\[\d+\]/.exec(path)?.[0] ?? '$';
}

/** All problems of `data` against `schema`, grouped by case in file order; empty when valid. */
export function evalsProblems(schema: object, data: unknown): EvalsProblemGroup[] {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  if (validate(data)) return [];
  const groups = new Map<string, Set<string>>();
  for (const error of validate.errors ?? []) {
    const d = describeError(error);
    if (!d) continue;
    const group = groupOf(d.path);
    const set = groups.get(group) ?? new Set<string>();
    set.add(`${d.path} ${d.message}`);
    groups.set(group, set);
  }
  if (groups.size === 0) groups.set('$', new Set(['$ does not match the dialect']));
  return [...groups].map(([path, set]) => ({ path, problems: [...set] }));
}
