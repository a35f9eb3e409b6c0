import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../types.ts';
import { checkCalls, planCalls } from './call-plan.ts';

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
      { task: 'tools/call wipe', tool: 'wipe', args: { all: true }, synthesized: false, allowedBy: 'calls' },
      { task: 'tools/call wipe #2', tool: 'wipe', args: { all: false }, synthesized: false, allowedBy: 'calls' },
    ]);
    // A call pinned to another server does not replace this server's own read call.
    expect(plan.find((p) => p.tool === 'read')).toMatchObject({ synthesized: true });
    expect(plan.find((p) => p.tool === 'unannotated')).toHaveProperty('skipped');
  });

  it('runs a tool named by --allow-tools with arguments built from its schema, and only that one', () => {
    const plan = planCalls('s', tools, [], ['append']);
    expect(plan.map((p) => [p.tool, 'skipped' in p ? 'skipped' : 'run'])).toEqual([
      ['read', 'run'],
      ['append', 'run'],
      ['wipe', 'skipped'],
      ['unannotated', 'skipped'],
    ]);
    expect(plan.find((p) => p.tool === 'append')).toEqual({ task: 'tools/call append', tool: 'append', args: {}, synthesized: true, allowedBy: 'allow-tools' });
    expect(plan.find((p) => p.tool === 'wipe')).toMatchObject({ skipped: expect.stringContaining('list it in --calls or --allow-tools') });
  });

  it('prefers the listed arguments of a tool that --allow-tools also names', () => {
    const plan = planCalls('s', tools, [{ tool: 'append', args: { line: 'a' } }], ['append']);
    expect(plan.find((p) => p.tool === 'append')).toEqual({ task: 'tools/call append', tool: 'append', args: { line: 'a' }, synthesized: false, allowedBy: 'calls' });
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
