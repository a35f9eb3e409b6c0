/**
 * A YAML input file parsed once per content, not once per run: the value is kept as JSON
 * (disk-cache.ts), and a later run with the same text reads it back without loading the YAML library
 * (the library and the three query sets of `toolvet run` are about 50 ms of its start; P7 in
 * `npm run bench`). Only a value JSON carries exactly is kept (no -0, no infinities): anything else
 * is parsed every time.
 */
import { isDeepStrictEqual } from 'node:util';
import { dependencyVersion, entryName, readEntry, writeEntry } from './disk-cache.ts';

function nameOf(text: string, options: string): string {
  return entryName([text, options, dependencyVersion('yaml')], 'json');
}

/** The value the text parsed to on an earlier run (with the same options and library), or undefined. */
export function cachedYaml(text: string, options: string): unknown {
  const json = readEntry('yaml', nameOf(text, options));
  if (json === undefined) return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}

/** Keeps the value `text` parsed to, when JSON holds it exactly. */
export function saveYaml(text: string, options: string, value: unknown): void {
  if (value === undefined) return;
  const json = JSON.stringify(value);
  if (json === undefined || !isDeepStrictEqual(JSON.parse(json), value)) return;
  writeEntry('yaml', nameOf(text, options), json);
}
