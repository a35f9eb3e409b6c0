import { describe, expect, it } from 'vitest';
import type { JsonSchema, ToolDefinition } from '../types.ts';
import { applyFills, argumentFills, describedExample } from './fill-arguments.ts';

const tool = (properties: Record<string, JsonSchema>, required: string[] = Object.keys(properties), description = 'Do a thing.'): ToolDefinition => ({
  name: 't',
  description,
  inputSchema: { type: 'object', properties, required },
});
const fills = (t: ToolDefinition, variant = 0) => argumentFills(t, variant).map((f) => [f.param, f.value, f.phrase]);

describe('argumentFills: what a request spells out for each parameter', () => {
  it.each([
    ['an enum value, another per variant', tool({ operation: { type: 'string', enum: ['cordon', 'drain'] } }), 1, [['operation', 'drain', 'with operation drain']]],
    ['an output format', tool({ output: { type: 'string', enum: ['json', 'yaml'] } }), 0, [['output', 'json', 'as json']]],
    ['a sort order', tool({ sortBy: { type: 'string', enum: ['name', 'size'] } }), 1, [['sortBy', 'size', 'sorted by size']]],
    ['a number within its bounds', tool({ limit: { type: 'integer', minimum: 1, maximum: 3 } }), 0, [['limit', 3, 'with limit 3']]],
    ['a one-letter number named by its description', tool({ a: { type: 'number', description: 'First number' } }), 0, [['a', 12, 'with first number 12']]],
    ['a URL', tool({ url: { type: 'string', format: 'uri' } }), 0, [['url', 'https://example.com/docs/getting-started', 'at https://example.com/docs/getting-started']]],
    ['a file path', tool({ path: { type: 'string' } }), 0, [['path', 'notes/todo.md', 'for the file notes/todo.md']]],
    ['a namespace', tool({ namespace: { type: 'string' } }), 0, [['namespace', 'staging', 'in namespace staging']]],
    ["the example a parameter's description quotes", tool({ labelSelector: { type: 'string', description: "Filter by label (e.g. 'app=nginx')" } }), 0, [['labelSelector', 'app=nginx', 'with label selector app=nginx']]],
    ['names, as an array', tool({ names: { type: 'array', items: { type: 'string' } } }), 0, [['names', ['Alice', 'Bob'], 'for Alice and Bob']]],
    [
      'an object item, field by field',
      tool({ relations: { type: 'array', items: { type: 'object', properties: { from: { type: 'string' }, to: { type: 'string' }, relationType: { type: 'string' } }, required: ['from', 'to', 'relationType'] } } }),
      0,
      [['relations', [{ from: 'Alice', to: 'Bob', relationType: 'works with' }], 'with relations: from "Alice", to "Bob", relation type "works with"']],
    ],
    ['a command', tool({ command: { type: 'array', items: { type: 'string' } } }), 0, [['command', ['ls', '-la'], 'running "ls -la"']]],
    ['any other required string, under its own name', tool({ chart: { type: 'string' } }), 0, [['chart', 'demo', 'with chart "demo"']]],
    // Optional free text and booleans stay out: the request would only grow.
    ['nothing optional but one enum', tool({ verbose: { type: 'boolean' }, note: { type: 'string' }, level: { type: 'string', enum: ['a', 'b'] }, mode: { type: 'string', enum: ['x', 'y'] } }, []), 0, [['level', 'a', 'with level a']]],
  ] as const)('%s', (_what, t, variant, expected) => {
    expect(fills(t, variant)).toEqual(expected);
  });

  it('puts a value where its noun phrase stands, and joins the rest with "and"', () => {
    const t = tool({ path: { type: 'string' }, a: { type: 'number', description: 'First' }, b: { type: 'number', description: 'Second' } });
    expect(applyFills('the contents of a file as text', argumentFills(t))).toBe('the contents of the file notes/todo.md as text with first 30 and second 12');
  });

  it.each([
    ["Resource (e.g. 'pods' or 'pods.spec')", 'pods'],
    ['Type of resource (e.g., pods, deployments)', 'pods'],
    ['No example here', undefined],
  ])('describedExample(%j)', (description, example) => {
    expect(describedExample(description)).toBe(example);
  });
});
