/**
 * Argument matching after the Berkeley Function Calling Leaderboard's AST checker: each expected
 * argument lists acceptable values; strings match after BFCL's normalisation (normalise-string.ts);
 * numbers by value; arrays element-wise; an optional argument may be absent; an unexpected one fails.
 */
import type { ExpectedArg, JsonValue } from '../types.ts';
import { normaliseString } from './normalise-string.ts';

export { normaliseString };

export function valuesMatch(expected: JsonValue, actual: unknown): boolean {
  // Equal strings normalise alike: only different ones need normalising.
  if (typeof expected === 'string') return typeof actual === 'string' && (expected === actual || normaliseString(expected) === normaliseString(actual));
  if (typeof expected === 'number') return typeof actual === 'number' ? actual === expected : typeof actual === 'string' && actual.trim() !== '' && Number(actual) === expected;
  if (typeof expected === 'boolean' || expected === null) return actual === expected;
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => valuesMatch(e, actual[i]));
  }
  if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
  const a = actual as Record<string, unknown>;
  const keys = new Set([...Object.keys(expected), ...Object.keys(a)]);
  return [...keys].every((k) => k in expected && k in a && valuesMatch(expected[k], a[k]));
}

/** Returns the mismatches, one line each; empty when the arguments match. */
export function matchArguments(expected: Record<string, ExpectedArg>, actual: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const [name, spec] of Object.entries(expected)) {
    if (!(name in actual) || actual[name] === undefined) {
      if (!spec.optional) problems.push(`missing argument "${name}" (expected ${spec.any ? 'any value' : describe(spec.anyOf)})`);
      continue;
    }
    if (!spec.any && !spec.anyOf.some((value) => valuesMatch(value, actual[name]))) {
      problems.push(`argument "${name}" is ${JSON.stringify(actual[name])}, expected ${describe(spec.anyOf)}`);
    }
  }
  for (const name of Object.keys(actual)) {
    if (!(name in expected)) problems.push(`unexpected argument "${name}" = ${JSON.stringify(actual[name])}`);
  }
  return problems;
}

function describe(values: JsonValue[]): string {
  return values.length === 1 ? JSON.stringify(values[0]) : `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
}
