/**
 * Keys of an evals file that its dialect does not read. A key a few edits from a known one
 * (`promt`, `expected_behaviour`, `expected` for `expected_behavior`) is a likely misspelling: it stays
 * in the data, so validation fails on it, and gets "did you mean". Any other extra key (`comment`,
 * `notes`, `tags`) is dropped before validation and reported as ignored (lint's skill-evals-metadata,
 * an info), so one comment key per case no longer refuses the whole file.
 */
import { editDistance } from '../lint/edit-distance.ts';

export interface IgnoredKey {
  /** The object holding the key: `$`, `$.evals[2]`, `$[0]`. */
  path: string;
  key: string;
}

export interface ExtraKeys {
  /** The data with ignored keys removed (a shallow copy where something was removed). */
  data: unknown;
  ignored: IgnoredKey[];
  /** JSON path of a misspelt key (`$.evals[1].promt`) -> the key and the known key it likely means. */
  misspelt: Map<string, { key: string; meant: string }>;
}

type Raw = Record<string, unknown>;
const isRecord = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The known key an unknown one likely misspells, or undefined. */
export function likelyMeant(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  let best: { name: string; d: number } | undefined;
  for (const name of known) {
    if (name.toLowerCase() === lower || name.startsWith(`${lower}_`)) return name;
    const d = editDistance(lower, name.toLowerCase());
    const limit = Math.min(2, Math.floor(Math.max(key.length, name.length) / 4));
    if (d <= limit && (!best || d < best.d)) best = { name, d };
  }
  return best?.name;
}

/** `properties` keys of a schema, or of the object branch of an `anyOf`. */
function propertiesOf(schema: unknown): string[] | undefined {
  if (!isRecord(schema)) return undefined;
  if (isRecord(schema.properties)) return Object.keys(schema.properties);
  if (Array.isArray(schema.anyOf)) for (const branch of schema.anyOf) if (isRecord(branch) && branch.type === 'object') return propertiesOf(branch);
  return undefined;
}

/** The case schema of a dialect: `evals.items`, `items`, or the array branch's `items`. */
function caseSchemaOf(schema: unknown): unknown {
  if (!isRecord(schema)) return undefined;
  if (isRecord(schema.properties) && isRecord(schema.properties.evals)) return schema.properties.evals.items;
  if (schema.type === 'array') return schema.items;
  if (Array.isArray(schema.anyOf)) return schema.anyOf.find((b) => isRecord(b) && b.type === 'object');
  return undefined;
}

function split(object: Raw, path: string, known: readonly string[], out: ExtraKeys): Raw {
  let copy: Raw | undefined;
  for (const key of Object.keys(object)) {
    if (known.includes(key)) continue;
    const meant = likelyMeant(key, known);
    if (meant) {
      out.misspelt.set(`${path}.${key}`, { key, meant });
      continue;
    }
    copy ??= { ...object };
    delete copy[key];
    out.ignored.push({ path, key });
  }
  return copy ?? object;
}

/** Splits the extra keys of `data` (top level and each case) for the dialect `schema`. */
export function splitExtraKeys(schema: object, data: unknown): ExtraKeys {
  const out: ExtraKeys = { data, ignored: [], misspelt: new Map() };
  const caseKeys = propertiesOf(caseSchemaOf(schema)) ?? [];
  const cases = (list: unknown[], prefix: string) => list.map((c, i) => (isRecord(c) ? split(c, `${prefix}[${i}]`, caseKeys, out) : c));
  if (Array.isArray(data)) {
    out.data = cases(data, '$');
  } else if (isRecord(data)) {
    // For the best-practices dialect's single object (itself a case), these are the case's keys.
    const top = split(data, '$', propertiesOf(schema) ?? [], out);
    out.data = Array.isArray(top.evals) ? { ...top, evals: cases(top.evals, '$.evals') } : top;
  }
  return out;
}
