import { describe, expect, it } from 'vitest';
import type { ModelResponse, SelectionCase, ToolDefinition } from '../types.ts';
import { scoreAttempt } from './score-attempt.ts';

const tools = new Map<string, ToolDefinition>(
  [
    { name: 'search_items', inputSchema: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } }, required: ['query'], additionalProperties: false } },
    { name: 'get_item', inputSchema: { type: 'object', properties: { key: { type: 'string' } }, required: ['key'] } },
  ].map((t) => [t.name, t]),
);

const cased = (expect: SelectionCase['expect']): SelectionCase => ({ id: 'c', suite: 's', query: 'q', expect });

function call(name: string, raw: string, finishReason: ModelResponse['finishReason'] = 'tool_calls'): ModelResponse {
  // As drivers do: `arguments` only when the raw string is a JSON object.
  let parsed: Record<string, unknown> | undefined;
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) parsed = value as Record<string, unknown>;
  } catch {
    parsed = undefined;
  }
  return { text: '', finishReason, toolCalls: [{ id: '1', name, rawArguments: raw, ...(parsed ? { arguments: parsed } : {}) }] };
}

const text: ModelResponse = { text: 'hello', toolCalls: [], finishReason: 'stop' };

describe('scoreAttempt', () => {
  it.each([
    ['no tool, as expected', cased({ tool: null }), text, 'passed', /without a tool, as expected/],
    ['no tool, a tool expected', cased({ tool: 'search_items' }), text, 'failed', /expected search_items, the model called no tool/],
    ['the right tool', cased({ tool: 'search_items' }), call('search_items', '{"query":"coral"}'), 'passed', /called search_items/],
    ['any of a list', cased({ tool: ['get_item', 'search_items'] }), call('search_items', '{"query":"coral"}'), 'passed', /called search_items/],
    ['the wrong tool', cased({ tool: 'search_items' }), call('get_item', '{"key":"A"}'), 'failed', /expected search_items, the model called get_item/],
    ['a ruled-out tool', cased({ tool: ['get_item', 'search_items'], notTools: ['get_item'] }), call('get_item', '{"key":"A"}'), 'failed', /rules out/],
    ['a tool when none fits', cased({ tool: null }), call('get_item', '{"key":"A"}'), 'failed', /expected no tool/],
    ['a hallucinated name', cased({ tool: 'search_items' }), call('find_items', '{}'), 'failed', /nobody lists \(hallucinated name\)/],
    ['cut-off arguments on the right tool', cased({ tool: 'search_items' }), call('search_items', '{"que', 'length'), 'failed', /were cut off \(finish_reason length\)/],
    ['cut-off arguments on the wrong tool', cased({ tool: 'search_items' }), call('get_item', '{"ke', 'length'), 'failed', /called get_item; its arguments were cut off \(finish_reason length\)/],
    ['arguments that are not an object', cased({ tool: 'search_items' }), call('search_items', '"coral"'), 'failed', /are not a JSON object/],
    ['matching arguments', cased({ tool: 'search_items', args: { query: { anyOf: ['Coral'], optional: false } } }), call('search_items', '{"query":"coral"}'), 'passed', /with matching arguments/],
    ['arguments that break the schema', cased({ tool: 'search_items', args: { query: { anyOf: ['coral'], optional: false }, limit: { anyOf: ['5'], optional: false } } }), call('search_items', '{"query":"coral","limit":"5"}'), 'failed', /schema: \/limit must be integer/],
  ] as const)('%s', (_name, c, response, state, reason) => {
    const attempt = scoreAttempt(c, response, tools, 12);
    expect(attempt.state).toBe(state);
    expect(attempt.reason).toMatch(reason);
    expect(attempt.latencyMs).toBe(12);
  });

  it('fails the right tool with arguments that break its schema, even when the case names no arguments', () => {
    const attempt = scoreAttempt(cased({ tool: 'search_items' }), call('search_items', '{"query":"coral","sort":"date"}'), tools, 1);
    expect(attempt.state).toBe('failed');
    expect(attempt.reason).toBe('right tool search_items, wrong arguments: schema: (arguments) must NOT have additional properties "sort"');
    expect(attempt.argCheck).toMatchObject({ schemaValid: false, matches: null });
    expect(attempt.argCheck?.schemaErrors?.join()).toContain('must NOT have additional properties "sort"');
  });
});
