/** Small helpers the checks share: which side a delta is on, how to name a parameter and a value. */
import type { Delta } from './types.ts';
import { clipText } from '../safety/clip.ts';

export const onInput = (d: Delta): boolean => d.side === 'input';
export const onOutput = (d: Delta): boolean => d.side === 'output';

/** `parameter "limit"` or `output property "items[].title"`. */
export function subject(d: Delta): string {
  if (!d.param) return d.side === 'output' ? 'the output schema' : 'the input schema';
  return d.side === 'output' ? `output property "${d.param}"` : `parameter "${d.param}"`;
}

/** A value as it reads in a message; long values are cut. */
export function show(value: unknown, max = 80): string {
  if (value === undefined) return '(absent)';
  const text = JSON.stringify(value);
  return clipText(text, max, { ellipsis: '...' });
}

/** Whether one type set is a strict subset of another, counting integer as a subset of number. */
export function typeSubset(inner: readonly string[], outer: readonly string[]): boolean {
  return inner.every((t) => outer.includes(t) || (t === 'integer' && outer.includes('number')));
}

export const UPPER_BOUNDS: ReadonlySet<string> = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']);
export const LOWER_BOUNDS: ReadonlySet<string> = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties']);

export const isBound = (d: Delta): boolean => d.kind === 'keyword' && (UPPER_BOUNDS.has(d.keyword ?? '') || LOWER_BOUNDS.has(d.keyword ?? ''));
export const isNumber = (v: unknown): v is number => typeof v === 'number';

/** True when the property schema declares a default value. */
export const hasDefault = (node: Record<string, unknown> | undefined): boolean => node !== undefined && 'default' in node;
