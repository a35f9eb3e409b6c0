/**
 * Diff by what is accepted: one test per defect of issue 14's Diff bullets, each on a fixture cut
 * from a real server's schemas (named in the test), each failing before input verdicts were decided
 * by calls. Every breaking verdict's counterexample is re-checked here with a separate Ajv.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../types.ts';
import { classifyDeltas } from './classify.ts';
import { diffTools } from './structural.ts';
import type { Change } from './types.ts';

const NOW = new Date('2026-11-23T00:00:00Z');
type Schema = Record<string, unknown>;
const tool = (inputSchema: Schema, name = 'search'): ToolDefinition => ({ name, description: 'Search.', inputSchema: inputSchema as ToolDefinition['inputSchema'] });
const diff = (o: Schema, n: Schema): Change[] => {
  const [old, next] = [[tool(o)], [tool(n)]];
  return classifyDeltas(diffTools(old, next), { oldTools: old, newTools: next, now: NOW });
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
/** The counterexample really is accepted by the old schema and (for `rejected`) refused by the new one. */
function expectChecked(c: Change, o: Schema, n: Schema): void {
  expect(c.counterexample, c.message).toBeDefined();
  expect(ajv.validate(o, c.counterexample!.call), `old schema refuses ${JSON.stringify(c.counterexample!.call)}`).toBe(true);
  expect(ajv.validate(n, c.counterexample!.call)).toBe(c.counterexample!.effect === 'ignored');
  expect(c.message).toContain(`old call ${JSON.stringify(c.counterexample!.call)}`);
}
const object = (properties: Schema, extra: Schema = {}): Schema => ({ type: 'object', properties, ...extra });

describe('equivalent rewrites are no change', () => {
  it('{type: string, enum} and an anyOf of consts with the same values (brave-search freshness shape)', () => {
    const o = object({ units: { type: 'string', enum: ['metric', 'imperial'], description: 'Units.' } });
    const n = object({ units: { anyOf: [{ const: 'imperial', type: 'string' }, { const: 'metric', type: 'string' }], description: 'Units.' } });
    expect(diff(o, n)).toEqual([]);
    expect(diff(n, o)).toEqual([]);
  });

  it('additionalProperties true, {} and absent (notion-mcp-server 1.9.1 -> 2.5.2 shape)', () => {
    const nested = (addl: unknown) => object({ filter: { type: 'object', properties: { value: { type: 'string' } }, ...(addl === undefined ? {} : { additionalProperties: addl }) } });
    expect(diff(nested(true), nested({}))).toEqual([]);
    expect(diff(nested(undefined), nested(true))).toEqual([]);
  });

  it('a nullable anyOf and a type list, integer bounds at +-(2^53-1), const and a one-value enum', () => {
    const o = object({ since: { anyOf: [{ type: 'string', format: 'date' }, { type: 'null' }] }, n: { type: 'integer' }, kind: { const: 'page' } });
    const n = object({ since: { type: ['string', 'null'], format: 'date' }, n: { type: 'integer', minimum: -9007199254740991, maximum: 9007199254740991 }, kind: { enum: ['page'] } });
    expect(diff(o, n)).toEqual([]);
  });

  it('properties that moved into a $defs target or an anyOf branch are not removed (notion-mcp-server parent)', () => {
    const o = object({ parent: { type: 'object', properties: { page_id: { type: 'string', format: 'uuid' } }, required: ['page_id'] } }, { required: ['parent'] });
    const n = {
      ...object({ parent: { $ref: '#/$defs/parentRequest' } }, { required: ['parent'] }),
      $defs: {
        parentRequest: { oneOf: [{ $ref: '#/$defs/pageIdParent' }, { type: 'object', properties: { database_id: { type: 'string' } }, required: ['database_id'] }] },
        pageIdParent: { type: 'object', properties: { page_id: { type: 'string', format: 'uuid' } }, required: ['page_id'] },
      },
    };
    const changes = diff(o, n);
    expect(changes.filter((c) => c.check.startsWith('parameter-removed'))).toEqual([]);
    expect(changes.filter((c) => c.level === 'breaking')).toEqual([]);
    for (const c of changes) expect(c.evidence?.calls, c.message).toBeGreaterThan(0);
  });
});

describe('narrowings are breaking, with a checked counterexample', () => {
  it('inside an anyOf: any string -> four values or a date range (brave-search 2.0.63 -> 2.1.4, freshness)', () => {
    const o = object({ query: { type: 'string' }, freshness: { anyOf: [{ const: 'pd', type: 'string' }, { const: 'pw', type: 'string' }, { type: 'string' }], default: 'pd' } }, { required: ['query'] });
    const n = object({ query: { type: 'string' }, freshness: { anyOf: [{ enum: ['pd', 'pw', 'pm', 'py'], type: 'string' }, { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}to\\d{4}-\\d{2}-\\d{2}$' }] } }, { required: ['query'] });
    const [change] = diff(o, n).filter((c) => c.level === 'breaking');
    expect(change).toMatchObject({ check: 'alternatives-changed', path: 'inputSchema.properties.freshness.anyOf' });
    // The message names the real types on both sides, not "enum removed" or "widened to any".
    expect(change.message).toContain('accepted any string and now accepts one of "pd", "pm", "pw", "py" or a string matching');
    expect(change.message).toMatch(/is now rejected: \/freshness must be equal to one of the allowed values \["pd","pw","pm","py"\] or \/freshness must match pattern/);
    expectChecked(change, o, n);
  });

  it('a removed optional parameter on an open schema is breaking (conventions 9), its value now ignored', () => {
    const o = object({ query: { type: 'string' }, country: { type: 'string' } }, { required: ['query'] });
    const n = object({ query: { type: 'string' } }, { required: ['query'] });
    const [change] = diff(o, n);
    expect(change).toMatchObject({ check: 'parameter-removed-open', level: 'breaking', counterexample: { effect: 'ignored' } });
    expect(change.message).toContain('sends "country", which the new schema no longer declares, so the server ignores it');
    expectChecked(change, o, n);
  });

  it('a removed required parameter never says old calls still validate', () => {
    const o = object({ path: { type: 'string' }, recursive: { type: 'boolean' } }, { required: ['path', 'recursive'] });
    const n = object({ path: { type: 'string' } }, { required: ['path'] });
    const [change] = diff(o, n);
    expect(change.message).toMatch(/^required parameter "recursive" was removed: every old call sends it/);
    expect(change.message).not.toContain('still validate');
    expect(change.level).toBe('breaking');
  });

  it('a lower bound added where there was none is breaking like a raised one (sequential-thinking thoughtNumber shape)', () => {
    const o = object({ thoughtNumber: { type: 'integer' } }, { required: ['thoughtNumber'] });
    const n = object({ thoughtNumber: { type: 'integer', minimum: 1 } }, { required: ['thoughtNumber'] });
    const [change] = diff(o, n);
    expect(change).toMatchObject({ check: 'bound-added', level: 'breaking' });
    expect(change.message).toContain('is now rejected: /thoughtNumber must be >= 1');
    expectChecked(change, o, n);
  });

  it('a free value that became an enum inside an anyOf object branch (notion-mcp-server search filter.value)', () => {
    const o = object({ filter: { type: 'object', properties: { property: { type: 'string' }, value: { type: 'string' } }, additionalProperties: true } });
    const n = object({ filter: { anyOf: [{ type: 'object', properties: { property: { type: 'string' }, value: { type: 'string', enum: ['page', 'data_source'] } }, additionalProperties: true }, { type: 'string' }] } });
    const breaking = diff(o, n).filter((c) => c.level === 'breaking');
    expect(breaking.map((c) => c.check)).toEqual(['enum-added']);
    expectChecked(breaking[0], o, n);
  });

  it('a narrowing no keyword shows (anyOf -> oneOf over overlapping branches) is caught by whole calls', () => {
    const branches = [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'string' } }, required: ['b'] }];
    const o = { type: 'object', anyOf: branches };
    const n = { type: 'object', oneOf: branches };
    const [change] = diff(o, n);
    expect(change).toMatchObject({ check: 'old-call-rejected', level: 'breaking' });
    expectChecked(change, o, n);
  });
});

describe('compatible verdicts are backed by calls', () => {
  it('a widening counts the generated old calls the new schema still accepts, the same ones every run', () => {
    const o = object({ limit: { type: 'integer', minimum: 1, maximum: 20 }, kind: { enum: ['a', 'b'] } });
    const n = object({ limit: { type: 'integer', minimum: 1, maximum: 100 }, kind: { enum: ['a', 'b', 'c'] } });
    const first = diff(o, n);
    expect(first.map((c) => `${c.check} ${c.level}`).sort()).toEqual(['bound-relaxed safe', 'enum-value-added safe']);
    for (const c of first) expect(c.evidence!.calls, c.message).toBeGreaterThan(10);
    expect(diff(o, n)).toEqual(first);
  });

  it('a breaking check with no old call the new schema rejects is downgraded and says so', () => {
    // maxLength added far beyond anything the old pattern allows: no old call is outside it.
    const o = object({ code: { type: 'string', pattern: '^[A-Z]{3}$' } });
    const n = object({ code: { type: 'string', pattern: '^[A-Z]{3}$', maxLength: 3 } });
    const [change] = diff(o, n);
    expect(change).toMatchObject({ check: 'bound-added', level: 'retest' });
    expect(change.message).toMatch(/but none of \d+ generated old calls is rejected by the new schema/);
  });
});

describe('untrusted patterns', () => {
  it('a backtracking pattern with a new maxLength does not make the diff slow (strings stay short under a pattern)', () => {
    const o = object({ id: { type: 'string', pattern: '^(x+)+y$' } });
    const n = object({ id: { type: 'string', pattern: '^(x+)+y$', maxLength: 4000 } });
    // With a 4,001-character candidate this never returned (exponential backtracking); the test timeout is the guard.
    const changes = diff(o, n);
    expect(changes.map((c) => c.check)).toEqual(['bound-added']);
  });
});

describe('allOf', () => {
  it('an allOf of object parts reads as one object: the same parameters written as a composition are no change', () => {
    const o = object({ query: { type: 'string' }, limit: { type: 'integer' } }, { required: ['query'] });
    const n = { allOf: [object({ query: { type: 'string' } }, { required: ['query'] }), object({ limit: { type: 'integer' } })] };
    expect(diff(o, n)).toEqual([]);
  });
});
