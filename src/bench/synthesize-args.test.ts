/**
 * Argument synthesis for `toolvet bench`: each schema shape as a table, the anyOf [boolean, string]
 * parameter bench used to skip (cut from server-sequential-thinking), and every tool of every
 * real-server snapshot in fixtures/real-servers, checked with Ajv with formats on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { Ajv } from 'ajv';
import formatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import type { JsonSchema, ToolDefinition } from '../types.ts';
import { planCalls } from './call-plan.ts';
import { synthesizeArgs } from './synthesize-args.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const obj = (properties: Record<string, unknown>, required: string[], extra: Record<string, unknown> = {}): JsonSchema => ({ type: 'object', properties, required, ...extra });

describe('synthesizeArgs', () => {
  it.each([
    ['bounds', obj({ q: { type: 'string', minLength: 3 }, n: { type: 'integer', minimum: 2 }, opt: { type: 'string' } }, ['q', 'n']), { q: 'xxx', n: 2 }],
    ['enum and default', obj({ mode: { enum: ['fast', 'slow'] }, flag: { type: 'boolean', default: true } }, ['mode', 'flag']), { mode: 'fast', flag: true }],
    ['array with minItems', obj({ tags: { type: 'array', items: { type: 'string' }, minItems: 1 } }, ['tags']), { tags: ['x'] }],
    ['nested object', obj({ at: obj({ x: { type: 'number' } }, ['x']) }, ['at']), { at: { x: 1 } }],
    ['nothing required', { type: 'object', properties: {} }, {}],
    ['anyOf [boolean, string]', obj({ more: { anyOf: [{ type: 'boolean' }, { type: 'string' }] } }, ['more']), { more: false }],
    ['anyOf with null first', obj({ c: { anyOf: [{ type: 'null' }, { enum: ['light', 'dark'] }] } }, ['c']), { c: 'light' }],
    ['anyOf whose first branch cannot hold', obj({ v: { anyOf: [{ type: 'string', maxLength: 0, minLength: 1 }, { type: 'integer', minimum: 5 }] } }, ['v']), { v: 5 }],
    ['oneOf: the branch that matches alone', obj({ v: { oneOf: [{ type: 'string', enum: ['a', 'b'] }, { type: 'string', minLength: 1 }] } }, ['v']), { v: 'x' }],
    ['oneOf of a string or a list', obj({ command: { oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] } }, ['command']), { command: 'x' }],
    ['allOf merged', obj({ p: { allOf: [obj({ a: { type: 'string' } }, ['a']), obj({ b: { type: 'integer', minimum: 3 } }, ['b'])] } }, ['p']), { p: { a: 'x', b: 3 } }],
    ['local $ref into $defs', obj({ f: { $ref: '#/$defs/Filter' } }, ['f'], { $defs: { Filter: obj({ field: { enum: ['title'] } }, ['field']) } }), { f: { field: 'title' } }],
    ['local $ref into definitions (draft-07)', { $schema: 'http://json-schema.org/draft-07/schema#', ...obj({ f: { $ref: '#/definitions/Id' } }, ['f'], { definitions: { Id: { type: 'string', format: 'uuid' } } }) }, { f: '123e4567-e89b-12d3-a456-426614174000' }],
    ['anyOf of $refs (discriminated)', obj({ b: { $ref: '#/$defs/block' } }, ['b'], { $defs: { block: { anyOf: [{ $ref: '#/$defs/p' }] }, p: obj({ type: { const: 'paragraph' } }, ['type']) } }), { b: { type: 'paragraph' } }],
    ['root anyOf of required sets', { type: 'object', properties: { id: { type: 'string' }, url: { type: 'string', format: 'uri' } }, anyOf: [{ required: ['url'] }, { required: ['id'] }] }, { url: 'https://example.com/a' }],
    ['pattern', obj({ day: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } }, ['day']), expect.objectContaining({ day: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) })],
    ['unique items', obj({ ids: { type: 'array', items: { type: 'integer' }, minItems: 2, uniqueItems: true } }, ['ids']), { ids: [1, 2] }],
    ['a property that allows anything', obj({ any: { description: 'any JSON' } }, ['any']), { any: 'x' }],
    ['multipleOf and exclusiveMinimum', obj({ n: { type: 'number', exclusiveMinimum: 0, multipleOf: 5 } }, ['n']), { n: 5 }],
  ])('%s', (_name, schema, expected) => {
    expect(synthesizeArgs(schema as JsonSchema)).toEqual(expected);
  });

  it('gives up on schemas nothing satisfies', () => {
    expect(synthesizeArgs(obj({ y: { type: 'array', minItems: 1, items: { oneOf: [] } } }, ['y']))).toBeUndefined();
    expect(synthesizeArgs(obj({ x: { type: 'string' } }, ['x'], { additionalProperties: false, minProperties: 2 }))).toBeUndefined();
  });

  it('ends on a recursive $ref', () => {
    const tree = obj({ node: { $ref: '#/$defs/node' } }, ['node'], { $defs: { node: obj({ child: { $ref: '#/$defs/node' } }, ['child']) } });
    expect(synthesizeArgs(tree)).toBeUndefined();
    const optional = obj({ node: { $ref: '#/$defs/node' } }, ['node'], { $defs: { node: obj({ child: { $ref: '#/$defs/node' }, name: { type: 'string' } }, ['name']) } });
    expect(synthesizeArgs(optional)).toEqual({ node: { name: 'x' } });
  });
});

describe('the anyOf [boolean, string] parameter bench used to skip', () => {
  const file = join(ROOT, 'fixtures/bench/anyof-boolean-string.tools.json');
  const [tool] = (JSON.parse(readFileSync(file, 'utf8')) as { tools: ToolDefinition[] }).tools;

  it('is benchmarked with arguments that pick the boolean branch', () => {
    expect(planCalls('sequential-thinking', [tool], [])).toEqual([
      { task: 'tools/call sequentialthinking', tool: 'sequentialthinking', args: { thought: 'x', nextThoughtNeeded: false, thoughtNumber: 1, totalThoughts: 1 }, synthesized: true, allowedBy: 'read-only' },
    ]);
  });
});

describe('every tool of the real-server snapshots', () => {
  // Stricter than the bench check (which, like eval, ignores formats): a server may validate them.
  const addFormats = (formatsModule as unknown as { default: <T>(a: T) => T }).default;
  const ajv2020 = addFormats(new Ajv2020({ strict: false, logger: false }));
  const ajv07 = addFormats(new Ajv({ strict: false, logger: false }));
  const validWithFormats = (schema: JsonSchema, value: unknown): boolean => {
    const { $schema, ...rest } = schema;
    return (typeof $schema === 'string' && /draft-0/.test($schema) ? ajv07 : ajv2020).validate(rest, value) as boolean;
  };
  const dir = join(ROOT, 'fixtures/real-servers');
  const tools = readdirSync(dir)
    .filter((f) => f.endsWith('.tools.json'))
    .sort()
    .flatMap((f) => (JSON.parse(readFileSync(join(dir, f), 'utf8')) as { tools: ToolDefinition[] }).tools.map((t) => ({ file: f, tool: t })));

  it('gets arguments valid under its own schema, formats included (214 of 214; 209 before anyOf/$ref support, 202 with formats)', () => {
    expect(tools.length).toBeGreaterThanOrEqual(214);
    const failed = tools.filter(({ tool }) => {
      const args = synthesizeArgs(tool.inputSchema);
      return args === undefined || !validWithFormats(tool.inputSchema, args);
    });
    expect(failed.map(({ file, tool }) => `${file} ${tool.name}`)).toEqual([]);
  }, 120_000);
});
