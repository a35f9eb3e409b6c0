import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../types.ts';
import { checkCalls, planCalls, synthesizeArgs } from './call-plan.ts';

const tool = (name: string, annotations: ToolDefinition['annotations'], inputSchema: ToolDefinition['inputSchema'] = { type: 'object', properties: {}, required: [] }): ToolDefinition => ({
  name,
  description: name,
  inputSchema,
  ...(annotations ? { annotations } : {}),
});

describe('planCalls: the probe safety rule', () => {
  const tools = [
    tool('read', { readOnlyHint: true }),
    tool('append', { readOnlyHint: false, destructiveHint: false }),
    tool('wipe', { destructiveHint: true }),
    tool('unannotated', undefined),
  ];

  it('benchmarks read-only tools only, and skips the rest (non-destructive writers too) unless listed', () => {
    const plan = planCalls('s', tools, []);
    expect(plan.map((p) => [p.tool, 'skipped' in p ? 'skipped' : 'run'])).toEqual([
      ['read', 'run'],
      ['append', 'skipped'],
      ['wipe', 'skipped'],
      ['unannotated', 'skipped'],
    ]);
  });

  it('runs an unsafe tool only as listed, with the listed arguments, and labels repeats', () => {
    const plan = planCalls('s', tools, [
      { tool: 'wipe', args: { all: true } },
      { tool: 'wipe', args: { all: false } },
      { tool: 'read', args: {}, server: 'other' },
    ]);
    expect(plan.filter((p) => p.tool === 'wipe')).toEqual([
      { task: 'tools/call wipe', tool: 'wipe', args: { all: true }, synthesized: false },
      { task: 'tools/call wipe #2', tool: 'wipe', args: { all: false }, synthesized: false },
    ]);
    // A call pinned to another server does not replace this server's own read call.
    expect(plan.find((p) => p.tool === 'read')).toMatchObject({ synthesized: true });
    expect(plan.find((p) => p.tool === 'unannotated')).toHaveProperty('skipped');
  });
});

describe('synthesizeArgs', () => {
  it.each([
    [{ type: 'object', properties: { q: { type: 'string', minLength: 3 }, n: { type: 'integer', minimum: 2 }, opt: { type: 'string' } }, required: ['q', 'n'] }, { q: 'xxx', n: 2 }],
    [{ type: 'object', properties: { mode: { enum: ['fast', 'slow'] }, flag: { type: 'boolean', default: true } }, required: ['mode', 'flag'] }, { mode: 'fast', flag: true }],
    [{ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' }, minItems: 1 } }, required: ['tags'] }, { tags: ['x'] }],
    [{ type: 'object', properties: { at: { type: 'object', properties: { x: { type: 'number' } }, required: ['x'] } }, required: ['at'] }, { at: { x: 1 } }],
    [{ type: 'object', properties: {} }, {}],
  ])('%j -> %j', (schema, expected) => {
    expect(synthesizeArgs(schema)).toEqual(expected);
  });

  it('gives up on a required property it cannot build', () => {
    expect(synthesizeArgs({ type: 'object', properties: { x: { type: 'string' } }, required: ['x', 'y'] })).toBeUndefined();
    expect(synthesizeArgs({ type: 'object', properties: { x: { type: 'string', format: 'uuid' } }, required: ['x'] })).toEqual({ x: 'x' }); // planCalls then rejects it through ajv
    expect(synthesizeArgs({ type: 'object', properties: { y: { type: 'array', minItems: 1, items: { oneOf: [] } } }, required: ['y'] })).toBeUndefined();
  });
});

describe('checkCalls', () => {
  const calls = { file: 'calls.yaml', calls: [{ tool: 'read', args: {} }, { tool: 'other_tool', args: {} }, { tool: 'x', server: 'b', args: {} }] };
  const selected = new Map([['a', [tool('read', { readOnlyHint: true })]]]);

  it('reports calls for servers left out by --server as unused', () => {
    expect(checkCalls(calls, selected, ['a', 'b'])).toEqual(['$[1] (other_tool)', '$[2] (b: x)']);
  });

  it('throws with the JSON path when every server is selected and none lists the tool', () => {
    expect(() => checkCalls({ file: 'calls.yaml', calls: calls.calls.slice(0, 2) }, selected, ['a'])).toThrow(expect.objectContaining({ code: 'E_UNKNOWN_TOOL', path: '$[1].tool', file: 'calls.yaml' }));
    expect(() => checkCalls({ file: 'calls.yaml', calls: [{ tool: 'read', server: 'nope', args: {} }] }, selected, ['a'])).toThrow(expect.objectContaining({ code: 'E_UNKNOWN_SERVER', path: '$[0].server' }));
  });
});
