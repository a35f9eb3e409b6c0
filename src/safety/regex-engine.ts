/**
 * Patterns from servers' schemas (`pattern`, `patternProperties`) are untrusted: `^(a+)+$` against 30
 * a's and a "b" takes V8's backtracking engine minutes. Every Ajv instance that validates untrusted
 * schemas runs them on RE2 (the pure-JS port `re2js`: linear time in the input, no native build, so it
 * installs anywhere npm does). RE2 has no lookaround and no backreferences; a pattern that needs them
 * is never handed to a backtracking engine, whatever the input length (`^(?=a)(a+)+$` took 79 s on 30
 * characters): it is unverifiable, its check is skipped (every value passes it), and lint notes it
 * (`pattern-verifiable`, info).
 */
import { lazyRequire } from '../lazy-require.ts';

// Loaded when the first pattern is compiled: most runs meet none, and the engine costs a command ~10 ms at start.
const re2 = lazyRequire<typeof import('re2js')>('re2js');

export interface RegExpLike {
  test: (input: string) => boolean;
  /** Ajv keys its compiled patterns by this string: it must differ per pattern. */
  toString: () => string;
}

const cache = new Map<string, RegExpLike>();

/** Why RE2 refuses `pattern` (lookaround, a backreference, a syntax error), or undefined when it takes it. */
export function unverifiableReason(pattern: string, flags = 'u'): string | undefined {
  const { RE2JS } = re2();
  try {
    RE2JS.compile(pattern, flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
    return undefined;
  } catch (error) {
    return (error as Error).message || 'not a pattern the linear-time engine (RE2) supports';
  }
}

function compile(pattern: string, flags: string): RegExpLike {
  const { RE2JS } = re2();
  try {
    const re = RE2JS.compile(pattern, flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
    return { test: (input) => re.test(input), toString: () => `re2:/${pattern}/${flags}` };
  } catch {
    // Lookaround or a backreference: valid ECMA-262 (JSON Schema's dialect), outside RE2. Running it
    // natively would let a server's schema hang the run, so the check is skipped instead.
    return { test: () => true, toString: () => `unverifiable:/${pattern}/${flags}` };
  }
}

/** Ajv's `code.regExp` engine. */
export const linearRegExp = Object.assign(
  (pattern: string, flags: string): RegExpLike => {
    const key = `${flags}/${pattern}`;
    let re = cache.get(key);
    if (!re) {
      re = compile(pattern, flags);
      if (cache.size > 10_000) cache.clear();
      cache.set(key, re);
    }
    return re;
  },
  { code: 'linearRegExp' },
);
