/**
 * JSON nesting measured on the text, before it is parsed: `JSON.parse` takes any depth, but every
 * recursive step after it (schema validation, `JSON.stringify`, a walk of the data) overflows the stack
 * at some thousands of levels and ends the run with E_INTERNAL. One linear pass, no recursion.
 */

/** Deep enough for any result or message Toolvet writes (arguments, schemas and transcripts included). */
export const MAX_JSON_DEPTH = 512;

/** True when objects and arrays in `text` nest deeper than `max`; strings (and brackets in them) are skipped. */
export function jsonNestsDeeperThan(text: string, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}
