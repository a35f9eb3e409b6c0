/**
 * Argument matching after the Berkeley Function Calling Leaderboard's AST checker: each expected
 * argument lists acceptable values; strings match after BFCL's normalisation (normalise-string.ts);
 * numbers by value (integers past 2^53 by their digits, exact-integers.ts); arrays element-wise; an
 * optional argument may be absent or sent as `""` (BFCL's `""` in the list); an unexpected one fails.
 */
import { integerText, parseJsonKeepingIntegers } from '../exact-integers.ts';
import type { ExpectedArg, JsonValue } from '../types.ts';
import { normaliseString } from './normalise-string.ts';

export { normaliseString };

/** Where a value sits (its container and key), so an integer past 2^53 is compared by its digits. */
interface Place {
  expected: object;
  expectedKey: string | number;
  actual: object;
  actualKey: string | number;
}

const at = (expected: object, actual: object, key: string | number): Place => ({ expected, expectedKey: key, actual, actualKey: key });

export function valuesMatch(expected: JsonValue, actual: unknown, place?: Place): boolean {
  // Equal strings normalise alike: only different ones need normalising.
  if (typeof expected === 'string') return typeof actual === 'string' && (expected === actual || normaliseString(expected) === normaliseString(actual));
  if (typeof expected === 'number') return numbersMatch(expected, actual, place);
  if (typeof expected === 'boolean' || expected === null) return actual === expected;
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((e, i) => valuesMatch(e, actual[i], at(expected, actual, i)));
  }
  if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return false;
  const a = actual as Record<string, unknown>;
  const keys = new Set([...Object.keys(expected), ...Object.keys(a)]);
  return [...keys].every((k) => k in expected && k in a && valuesMatch(expected[k], a[k], at(expected, a, k)));
}

/**
 * A number matches the same number, integers past 2^53 digit for digit. A string matches only the
 * number's own spelling ("5" for 5, the documented difference for a value the schema check then
 * judges): "0x5", " 5 ", "5e0" and "05" are other strings.
 */
function numbersMatch(expected: number, actual: unknown, place?: Place): boolean {
  const expectedText = (): string => (Number.isSafeInteger(expected) || !Number.isInteger(expected) ? String(expected) : integerText(place?.expected, place?.expectedKey ?? '', expected));
  if (typeof actual === 'string') return actual === expectedText();
  if (typeof actual !== 'number') return false;
  if (Number.isInteger(expected) && Number.isInteger(actual) && (!Number.isSafeInteger(expected) || !Number.isSafeInteger(actual))) {
    return expectedText() === integerText(place?.actual, place?.actualKey ?? '', actual);
  }
  return actual === expected;
}

/**
 * Returns the mismatches, one line each; empty when the arguments match. `rawArguments`, the call's
 * JSON text, lets integers past 2^53 be compared by their digits.
 */
export function matchArguments(expected: Record<string, ExpectedArg>, actual: Record<string, unknown>, rawArguments?: string): string[] {
  const exact = rawArguments !== undefined ? exactArguments(rawArguments, actual) : actual;
  const problems: string[] = [];
  for (const name of Object.keys(expected)) {
    const spec = expected[name];
    if (!(name in actual) || actual[name] === undefined) {
      if (!spec.optional) problems.push(`missing argument "${name}" (expected ${spec.any ? 'any value' : describe(spec.anyOf)})`);
      continue;
    }
    // BFCL's "" in the list of an optional argument accepts "" sent as well as the argument left out.
    if (spec.any || (spec.optional && actual[name] === '')) continue;
    if (!anyMatches(spec.anyOf, exact, name)) {
      problems.push(`argument "${name}" is ${JSON.stringify(actual[name])}, expected ${spec.anyOf.length > 0 ? describe(spec.anyOf) : 'it left out (the case lists no value for it)'}`);
    }
  }
  for (const name of Object.keys(actual)) {
    if (!(name in expected)) problems.push(`unexpected argument "${name}" = ${JSON.stringify(actual[name])}`);
  }
  return problems;
}

/** Whether one of the acceptable values matches the argument (a number's place is passed, for its digits). */
function anyMatches(anyOf: JsonValue[], exact: Record<string, unknown>, name: string): boolean {
  for (let i = 0; i < anyOf.length; i++) {
    const value = anyOf[i];
    if (valuesMatch(value, exact[name], typeof value === 'number' ? { expected: anyOf, expectedKey: i, actual: exact, actualKey: name } : undefined)) return true;
  }
  return false;
}

/** The call's arguments re-read from their text when it holds long integers (else the parsed ones). */
function exactArguments(raw: string, parsed: Record<string, unknown>): Record<string, unknown> {
  if (!/\d{16}/.test(raw)) return parsed;
  try {
    const value = parseJsonKeepingIntegers(raw);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : parsed;
  } catch {
    return parsed;
  }
}

function describe(values: JsonValue[]): string {
  return values.length === 1 ? JSON.stringify(values[0]) : `one of ${values.map((v) => JSON.stringify(v)).join(', ')}`;
}
