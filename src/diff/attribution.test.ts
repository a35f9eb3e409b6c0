/**
 * Issue 26 item 1, row by row: each case asserts the exact `[check, level]` list (an extra check
 * firing fails), and every breaking counterexample is re-checked with a separate Ajv against the old
 * schema, the new schema, and a schema written here by hand with only that change applied, so a call
 * that breaks because of another change of the same tool is caught. The shapes are cut from
 * mongodb-mcp-server 0.3.0 -> 1.3.0 (projectId gaining minLength, maxLength and pattern at once; zod's
 * `anyOf [{not: {}}, ...]`; create-index's keys moving into a required definition), the held-out
 * server of docs/diff.md.
 */
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../types.ts';
import { InputPair } from './counterexample.ts';
import { classifyDeltas } from './classify.ts';
import { diffTools } from './structural.ts';
import type { Change, Level } from './types.ts';

type Schema = Record<string, unknown>;
const NOW = new Date('2026-11-23T00:00:00Z');
const tool = (inputSchema: Schema): ToolDefinition => ({ name: 't', description: 'T.', inputSchema: inputSchema as ToolDefinition['inputSchema'] });
const diff = (o: Schema, n: Schema): Change[] => {
  const [a, b] = [[tool(o)], [tool(n)]];
  return classifyDeltas(diffTools(a, b), { oldTools: a, newTools: b, now: NOW });
};
const ajv = new Ajv2020({ strict: false, allErrors: true });
const ajv07 = new Ajv({ strict: false, allErrors: true });
const accepts = (s: Schema, call: unknown): boolean => (String(s.$schema ?? '').includes('draft-07') ? ajv07 : ajv).validate(s, call) as boolean;
const object = (properties: Schema, extra: Schema = {}): Schema => ({ type: 'object', properties, ...extra });
const hexId = { type: 'string', minLength: 24, maxLength: 24, pattern: '^[0-9a-fA-F]+$' };

interface Row {
  name: string;
  old: Schema;
  new: Schema;
  /** `[check, level]` of every change, in the diff's order. */
  expected: Array<[string, Level]>;
  /** For breaking changes, by path: the old schema with only that change applied, written by hand. */
  only?: Record<string, Schema>;
  /** A phrase each message must contain, by path. */
  says?: Record<string, string>;
}

const ROWS: Row[] = [
  {
    name: 'three narrowings of one parameter: each counterexample is rejected by its own change (mongodb projectId)',
    old: object({ projectId: { type: 'string' } }, { required: ['projectId'] }),
    new: object({ projectId: hexId }, { required: ['projectId'] }),
    expected: [['bound-added', 'breaking'], ['bound-added', 'breaking'], ['pattern-added', 'breaking']],
    only: {
      'inputSchema.properties.projectId.maxLength': object({ projectId: { type: 'string', maxLength: 24 } }, { required: ['projectId'] }),
      'inputSchema.properties.projectId.minLength': object({ projectId: { type: 'string', minLength: 24 } }, { required: ['projectId'] }),
      'inputSchema.properties.projectId.pattern': object({ projectId: { type: 'string', pattern: '^[0-9a-fA-F]+$' } }, { required: ['projectId'] }),
    },
  },
  {
    name: 'a pattern that rejects what printable ASCII cannot show (mongodb roleName ^[\\x20-\\x7E]*$)',
    old: object({ roleName: { type: 'string' } }, { required: ['roleName'] }),
    new: object({ roleName: { type: 'string', pattern: '^[\\x20-\\x7E]*$' } }, { required: ['roleName'] }),
    expected: [['pattern-added', 'breaking']],
  },
  {
    name: "zod's optional in a union (anyOf [{not: {}}, string]) rewritten as a type list is no change",
    old: object({ password: { anyOf: [{ anyOf: [{ not: {} }, { type: 'string' }] }, { type: 'null' }] } }),
    new: object({ password: { type: ['string', 'null'] } }),
    expected: [],
  },
  {
    name: 'the same parameter gaining bounds inside that union: two bound changes, not four rewritten alternatives (mongodb password)',
    old: object({ password: { anyOf: [{ anyOf: [{ not: {} }, { type: 'string' }] }, { type: 'null' }] } }),
    new: object({ password: { anyOf: [{ type: 'string', minLength: 1, maxLength: 100 }, { type: 'null' }] } }),
    expected: [['bound-added', 'breaking'], ['bound-added', 'breaking']],
  },
  {
    name: 'description-only edits in the branches of an anyOf are wording, not breaking (beside a new required parameter whose rejections are not theirs)',
    old: object({ since: { anyOf: [{ type: 'string', description: 'a date' }, { type: 'string', format: 'date', description: 'd' }, { type: 'integer' }] } }),
    new: object({ since: { anyOf: [{ type: 'string', description: 'an ISO date' }, { type: 'string', format: 'date', description: 'dd' }, { type: 'integer' }] }, mode: { type: 'string' } }, { required: ['mode'] }),
    expected: [['required-parameter-added', 'breaking'], ['parameter-description-changed', 'retest']],
  },
  {
    name: "the input schema's own description is wording, not a keyword to review (mongodb connect)",
    old: object({ uri: { type: 'string' } }, { description: 'Options for connecting to MongoDB.' }),
    new: object({ uri: { type: 'string' } }),
    expected: [['parameter-description-changed', 'retest']],
  },
  {
    name: 'a narrowing that another branch still accepts is not breaking, though a new required parameter rejects every old call',
    old: object({ q: { anyOf: [{ type: 'string', maxLength: 50 }, { type: 'integer' }] } }),
    new: object({ q: { anyOf: [{ type: 'string', maxLength: 10 }, { type: 'integer' }, { type: 'string' }] }, mode: { type: 'string' } }, { required: ['mode'] }),
    expected: [['required-parameter-added', 'breaking'], ['alternatives-changed', 'safe']],
    says: { 'inputSchema.properties.q.anyOf': 'none of' },
  },
  {
    name: 'a removed parameter on an open schema beside a new required one: accepted and ignored, not "rejected"',
    old: object({ a: { type: 'string' }, b: { type: 'string' } }, { required: ['a'] }),
    new: object({ a: { type: 'string' }, c: { type: 'string' } }, { required: ['a', 'c'] }),
    expected: [['parameter-removed-open', 'breaking'], ['required-parameter-added', 'breaking']],
    only: { 'inputSchema.properties.c': object({ a: { type: 'string' }, b: { type: 'string' }, c: { type: 'string' } }, { required: ['a', 'c'] }) },
    says: { 'inputSchema.properties.b': 'so the server ignores it' },
  },
  {
    name: 'the same on a closed schema: the removed parameter is rejected, by its own name (mongodb create-index keys)',
    old: object({ a: { type: 'string' }, keys: { type: 'object' } }, { required: ['a', 'keys'], additionalProperties: false }),
    new: object({ a: { type: 'string' }, definition: { type: 'array', items: { type: 'object' } } }, { required: ['a', 'definition'], additionalProperties: false }),
    expected: [['required-parameter-added', 'breaking'], ['parameter-removed-closed', 'breaking']],
    only: {
      'inputSchema.properties.keys': object({ a: { type: 'string' } }, { required: ['a'], additionalProperties: false }),
      'inputSchema.properties.definition': object({ a: { type: 'string' }, keys: { type: 'object' }, definition: { type: 'array', items: { type: 'object' } } }, { required: ['a', 'keys', 'definition'], additionalProperties: false }),
    },
    says: { 'inputSchema.properties.keys': 'must NOT have additional properties ("keys")' },
  },
  {
    name: 'narrowings inside $defs items reached through $ref, each with its own call',
    old: { type: 'object', $defs: { S: { type: 'object', properties: { field: { type: 'string' }, dir: { enum: [1, -1] } }, required: ['field', 'dir'] } }, properties: { sort: { type: 'array', items: { $ref: '#/$defs/S' }, minItems: 1 } }, required: ['sort'] },
    new: { type: 'object', $defs: { S: { type: 'object', properties: { field: { type: 'string', maxLength: 8 }, dir: { enum: [1] } }, required: ['field', 'dir'] } }, properties: { sort: { type: 'array', items: { $ref: '#/$defs/S' }, minItems: 1 } }, required: ['sort'] },
    expected: [['enum-value-removed', 'breaking'], ['bound-added', 'breaking']],
    only: {
      'inputSchema.properties.sort.items.properties.dir.enum': object({ sort: { type: 'array', minItems: 1, items: object({ field: { type: 'string' }, dir: { enum: [1] } }, { required: ['field', 'dir'] }) } }, { required: ['sort'] }),
      'inputSchema.properties.sort.items.properties.field.maxLength': object({ sort: { type: 'array', minItems: 1, items: object({ field: { type: 'string', maxLength: 8 }, dir: { enum: [1, -1] } }, { required: ['field', 'dir'] }) } }, { required: ['sort'] }),
    },
  },
  {
    name: "a change inside the second branch of an array's alternatives is reached through that branch (mongodb explain's find arguments)",
    old: object({ method: { type: 'array', items: { anyOf: [object({ name: { const: 'aggregate' }, arguments: object({ pipeline: { type: 'array' } }, { additionalProperties: false }) }, { required: ['name', 'arguments'], additionalProperties: false }), object({ name: { const: 'find' }, arguments: object({ sort: { type: 'object', additionalProperties: {} } }, { additionalProperties: false }) }, { required: ['name', 'arguments'], additionalProperties: false })] } } }, { required: ['method'] }),
    new: object({ method: { type: 'array', items: { anyOf: [object({ name: { const: 'aggregate' }, arguments: object({ pipeline: { type: 'array' } }, { additionalProperties: false }) }, { required: ['name', 'arguments'], additionalProperties: false }), object({ name: { const: 'find' }, arguments: object({ sort: { type: 'object', additionalProperties: { enum: [1, -1] } } }, { additionalProperties: false }) }, { required: ['name', 'arguments'], additionalProperties: false })] } } }, { required: ['method'] }),
    expected: [['additional-properties-narrowed', 'breaking']],
  },
  {
    name: 'no valid old call can be generated (overlapping oneOf objects): a breaking shape stays breaking, marked not verified',
    old: object({ target: { oneOf: [object({ id: { type: 'string' } }), object({ name: { type: 'string' } })] } }, { required: ['target'] }),
    new: object({ target: { oneOf: [object({ id: { type: 'string' } }), object({ name: { type: 'string' } })] }, mode: { enum: ['a'] } }, { required: ['target', 'mode'] }),
    expected: [['required-parameter-added', 'breaking']],
    says: { 'inputSchema.properties.mode': 'breaking by its shape, not verified by a call: no valid old call could be generated to check it' },
  },
];

describe('breaking changes never missed, each counterexample its own', () => {
  it.each(ROWS)('$name', (row) => {
    const changes = diff(row.old, row.new);
    expect(changes.map((c) => [c.check, c.level]), changes.map((c) => `${c.path}: ${c.message}`).join('\n')).toEqual(row.expected);
    for (const c of changes) {
      if (row.says?.[c.path]) expect(c.message).toContain(row.says[c.path]);
      if (c.level !== 'breaking' || !c.counterexample) continue;
      const call = c.counterexample.call;
      expect(accepts(row.old, call), `${c.path}: the old schema refuses ${JSON.stringify(call)}`).toBe(true);
      expect(accepts(row.new, call), `${c.path}: ${JSON.stringify(call)}`).toBe(c.counterexample.effect === 'ignored');
      const only = row.only?.[c.path];
      if (only) expect(accepts(only, call), `${c.path}: the schema with only this change accepts ${JSON.stringify(call)}, so the call breaks because of another change`).toBe(false);
    }
    // Every breaking change whose shape allows a call carries one; the one row without an old call says so.
    for (const c of changes.filter((x) => x.level === 'breaking')) expect(!!c.counterexample || c.message.includes('not verified by a call')).toBe(true);
  });

  it('a verified breaking verdict is never downgraded for want of a call, and an unverified one is never upgraded to a counterexample', () => {
    const [row] = ROWS.slice(-1);
    const [change] = diff(row.old, row.new);
    expect(change.counterexample).toBeUndefined();
    expect(change.evidence).toBeUndefined();
  });
});

/** Shapes real schemas use; the generator must make at least one call each accepts (checked with a separate Ajv). */
const HARD: Record<string, Schema> = {
  'pydantic Optional[list[$ref]] with a default': { type: 'object', $defs: { F: object({ col: { type: 'string' }, op: { enum: ['eq', 'lt'] }, value: { anyOf: [{ type: 'string' }, { type: 'number' }] } }, { required: ['col', 'op', 'value'], additionalProperties: false }) }, properties: { table: { type: 'string', minLength: 1 }, filters: { anyOf: [{ type: 'array', items: { $ref: '#/$defs/F' }, minItems: 1 }, { type: 'null' }], default: null } }, required: ['table', 'filters'] },
  'oneOf discriminated by const': object({ op: { oneOf: [object({ kind: { const: 'insert' }, doc: { type: 'object' } }, { required: ['kind', 'doc'] }), object({ kind: { const: 'delete' }, id: { type: 'string' } }, { required: ['kind', 'id'] })] } }, { required: ['op'] }),
  'root oneOf of required names': { type: 'object', oneOf: [{ properties: { id: { type: 'string' } }, required: ['id'] }, { properties: { name: { type: 'string' } }, required: ['name'] }] },
  'allOf whose parts both describe one property': { type: 'object', allOf: [{ properties: { a: { type: 'string', minLength: 2 } }, required: ['a'] }, { properties: { a: { maxLength: 5 }, b: { type: 'integer' } }, required: ['b'] }] },
  dependentRequired: object({ user: { type: 'string' }, password: { type: 'string' } }, { required: ['user'], dependentRequired: { user: ['password'] } }),
  'patternProperties, closed, with a required name': { type: 'object', patternProperties: { '^x-[a-z]+$': { type: 'integer' } }, additionalProperties: false, required: ['x-limit'] },
  'if/then': object({ mode: { enum: ['a', 'b'] }, n: { type: 'integer' } }, { required: ['mode'], if: { properties: { mode: { const: 'a' } } }, then: { required: ['n'] } }),
  'pattern with an exact length (a SHA-1)': object({ sha: { type: 'string', pattern: '^[0-9a-f]+$', minLength: 40, maxLength: 40 } }, { required: ['sha'] }),
  'unique enum items': object({ cols: { type: 'array', items: { enum: ['a', 'b', 'c'] }, minItems: 2, uniqueItems: true } }, { required: ['cols'] }),
  multipleOf: object({ size: { type: 'integer', multipleOf: 7919, minimum: 1000 }, ratio: { type: 'number', exclusiveMinimum: 0, maximum: 1 } }, { required: ['size', 'ratio'] }),
  'recursive $ref': { type: 'object', $defs: { Node: object({ name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/Node' } } }, { required: ['name', 'children'] }) }, properties: { tree: { $ref: '#/$defs/Node' } }, required: ['tree'] },
  'nested arrays of closed objects with formats': object({ rows: { type: 'array', minItems: 1, items: { type: 'array', minItems: 2, items: object({ k: { type: 'string', format: 'uuid' }, v: { type: 'string', format: 'date-time' } }, { required: ['k', 'v'], additionalProperties: false }) } } }, { required: ['rows'] }),
  'draft-07 definitions': { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', definitions: { Sort: object({ field: { type: 'string' }, dir: { enum: [1, -1] } }, { required: ['field', 'dir'] }) }, properties: { sort: { type: 'array', items: { $ref: '#/definitions/Sort' }, minItems: 1 } }, required: ['sort'] },
  'const values': object({ v: { const: 2 }, w: { const: { a: 1 } } }, { required: ['v', 'w'] }),
  'propertyNames and minProperties': object({ labels: { type: 'object', propertyNames: { pattern: '^[a-z]+$' }, minProperties: 1, additionalProperties: { type: 'string' } } }, { required: ['labels'] }),
  contains: object({ tags: { type: 'array', contains: { const: 'prod' } } }, { required: ['tags'] }),
};

describe('the generator makes old calls from the schemas real servers publish', () => {
  it.each(Object.entries(HARD))('%s', (_name, schema) => {
    const calls = new InputPair(schema as ToolDefinition['inputSchema'], schema as ToolDefinition['inputSchema']).baseCalls();
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(accepts(schema, call), JSON.stringify(call)).toBe(true);
  });
});
