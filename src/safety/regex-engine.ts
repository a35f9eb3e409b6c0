/**
 * Patterns from servers' schemas (`pattern`, `patternProperties`) are untrusted: `^(a+)+$` against 30
 * a's and a "b" takes V8's backtracking engine minutes. Every Ajv instance that validates untrusted
 * schemas runs them on RE2 (the pure-JS port `re2js`: linear time in the input, no native build, so it
 * installs anywhere npm does). RE2 has no lookaround and no backreferences; a pattern that needs them
 * falls back to the native engine, with the input capped so that even a catastrophic one stays bounded.
 */
import { RE2JS } from 're2js';

export interface RegExpLike {
  test: (input: string) => boolean;
  /** Ajv keys its compiled patterns by this string: it must differ per pattern. */
  toString: () => string;
}

/** Inputs longer than this are not matched by a native fallback pattern (they fail it instead). */
const NATIVE_INPUT_LIMIT = 256;

const cache = new Map<string, RegExpLike>();

function compile(pattern: string, flags: string): RegExpLike {
  try {
    const re = RE2JS.compile(pattern, flags.includes('i') ? RE2JS.CASE_INSENSITIVE : 0);
    return { test: (input) => re.test(input), toString: () => `re2:/${pattern}/${flags}` };
  } catch {
    // Lookaround or a backreference: valid ECMA-262 (JSON Schema's dialect), outside RE2.
    const native = new RegExp(pattern, flags);
    return { test: (input) => input.length <= NATIVE_INPUT_LIMIT && native.test(input), toString: () => `native:/${pattern}/${flags}` };
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
