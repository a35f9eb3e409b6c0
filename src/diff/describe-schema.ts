/**
 * A schema in words, for messages that must name the real old and new types: `any string`,
 * `one of "pd", "pw", "pm", "py"`, `a string matching "^\d{4}-\d{2}-\d{2}$"`, `an integer from 1 to 50`,
 * `a string or null`. Alternatives are joined with "or".
 */
import { effectiveTypes } from './effective.ts';
import { asSchema, own, type Schema } from './normalize.ts';

const MAX_VALUES = 6;
const ARTICLE: Readonly<Record<string, string>> = { string: 'a string', integer: 'an integer', number: 'a number', boolean: 'a boolean', null: 'null', array: 'an array', object: 'an object' };

export function describeSchema(value: unknown): string {
  const s = asSchema(value);
  if (!s || Object.keys(s).length === 0) return 'any value';
  if (Array.isArray(s.enum)) {
    const values = (s.enum as unknown[]).map((v) => JSON.stringify(v));
    const shown = values.length > MAX_VALUES ? [...values.slice(0, MAX_VALUES), `... (${values.length} values)`] : values;
    return values.length === 1 ? `only ${shown[0]}` : `one of ${shown.join(', ')}`;
  }
  const branches = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(branches)) return branches.map(describeSchema).join(' or ');
  const types = effectiveTypes(s);
  if (!types) return constraints(s, 'any value');
  return types.map((t) => constraints(s, t === 'string' && Object.keys(s).every((k) => k === 'type' || k === 'description' || k === 'title' || k === 'default') ? 'any string' : ARTICLE[t] ?? t, t)).join(' or ');
}

function constraints(s: Schema, noun: string, type?: string): string {
  const parts: string[] = [];
  const n = (k: string) => (typeof own(s, k) === 'number' ? (own(s, k) as number) : undefined);
  if (type === 'string' || type === undefined) {
    if (typeof s.pattern === 'string') parts.push(`matching "${s.pattern}"`);
    if (typeof s.format === 'string') parts.push(`in format ${JSON.stringify(s.format)}`);
    const [min, max] = [n('minLength'), n('maxLength')];
    if (min !== undefined || max !== undefined) parts.push(`of ${min ?? 0}${max !== undefined ? `-${max}` : '+'} characters`);
  }
  if (type === 'integer' || type === 'number' || type === undefined) {
    const min = n('minimum') ?? n('exclusiveMinimum');
    const max = n('maximum') ?? n('exclusiveMaximum');
    if (min !== undefined && max !== undefined) parts.push(`from ${min} to ${max}`);
    else if (min !== undefined) parts.push(`of at least ${min}`);
    else if (max !== undefined) parts.push(`of at most ${max}`);
  }
  if (type === 'array' && asSchema(s.items)) parts.push(`of ${describeSchema(s.items)}`);
  if (type === 'object') {
    const names = Object.keys(asSchema(s.properties) ?? {});
    if (names.length) parts.push(`with ${names.slice(0, 5).join(', ')}${names.length > 5 ? `, ... (${names.length} properties)` : ''}`);
  }
  return [noun, ...parts].join(' ');
}
