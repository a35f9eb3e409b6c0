/**
 * A tool's argument schema compiled once per machine, not once per run: the validator Ajv generates
 * for it is kept as Ajv's standalone code (disk-cache.ts), and a later run loads that code without
 * loading Ajv or compiling (Ajv, its 2020-12 instance and one compile are about 40 ms of a one-case
 * eval's start; P7 in `npm run bench`). The code is what Ajv itself would run: it compiles the same
 * source in memory. Its runtime helpers resolve from Toolvet's own dependencies, and the pattern
 * engine (`linearRegExp`, src/safety/regex-engine.ts) is handed in, never serialised.
 */
import { createRequire } from 'node:module';
import type { Ajv, ValidateFunction } from 'ajv';
import { lazyRequire } from '../lazy-require.ts';
import { dependencyVersion, entryName, readEntry, writeEntry } from './disk-cache.ts';

const load = createRequire(import.meta.url);
const standalone = lazyRequire<{ default: (ajv: Ajv, refsOrFunc?: ValidateFunction) => string }>('ajv/dist/standalone');

/** What the entry is made from: the schema's key text, the options' fingerprint and the Ajv that generates the code. */
function nameOf(key: string, options: string): string {
  return entryName([key, options, dependencyVersion('ajv')], 'cjs');
}

/** The cached validator for `key`, or undefined. `scope` names the values the code refers to (the pattern engine). */
export function cachedValidator(key: string, options: string, scope: Record<string, unknown>): ValidateFunction | undefined {
  const name = nameOf(key, options);
  const code = readEntry('schemas', name);
  if (code === undefined) return undefined;
  try {
    const module = { exports: {} as { default?: ValidateFunction; key?: string } };
    const names = Object.keys(scope);
    // Ajv's own code, run as Ajv runs it (new Function); only from a folder of the user's own (disk-cache.ts).
    new Function('require', 'module', 'exports', ...names, code)(load, module, module.exports, ...names.map((n) => scope[n]));
    return module.exports.key === key && typeof module.exports.default === 'function' ? module.exports.default : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps `validate` (compiled by `ajv`, which must have `code.source`) for the next run; a schema standalone code cannot express is skipped. */
export function saveValidator(key: string, options: string, ajv: Ajv, validate: ValidateFunction): void {
  let code: string;
  try {
    code = standalone().default(ajv, validate);
  } catch {
    return;
  }
  writeEntry('schemas', nameOf(key, options), `${code}\nmodule.exports.key = ${JSON.stringify(key)};\n`);
}
