/** The structured-result check as a table: each row a tool, a result, the status and the path named. */
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../types.ts';
import { checkStructuredResult, firstDifference, type StructuredStatus, type ToolResultLike } from './structured-result.ts';

const weather: ToolDefinition = {
  name: 'get_weather',
  inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  outputSchema: {
    type: 'object',
    properties: { temperature: { type: 'number' }, days: { type: 'array', items: { type: 'object', properties: { high: { type: 'number' } }, required: ['high'] } } },
    required: ['temperature'],
  },
};
const list: ToolDefinition = { ...weather, name: 'list_cities', outputSchema: { type: 'array', items: { type: 'string' } } };
const draft07: ToolDefinition = { ...weather, name: 'old_style', outputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] } };
const plain: ToolDefinition = { name: 'echo', inputSchema: { type: 'object' } };

const text = (value: unknown): ToolResultLike['content'] => [{ type: 'text', text: typeof value === 'string' ? value : JSON.stringify(value) }];
const good = { temperature: 21.5, days: [{ high: 23 }] };

const rows: Array<{ name: string; tool: ToolDefinition; result: ToolResultLike; status: StructuredStatus; path?: string; detail?: RegExp }> = [
  { name: 'valid, text carries the same JSON (keys in another order)', tool: weather, result: { structuredContent: good, content: text({ days: [{ high: 23 }], temperature: 21.5 }) }, status: 'pass' },
  { name: 'missing structuredContent', tool: weather, result: { content: text(good) }, status: 'fail', path: '$', detail: /returned no structuredContent/ },
  { name: 'wrong type deep inside', tool: weather, result: { structuredContent: { temperature: 21, days: [{ high: 'hot' }] }, content: text('x') }, status: 'fail', path: '$.days[0].high', detail: /at \$\.days\[0\]\.high: must be number/ },
  { name: 'missing required property is named, not its parent', tool: weather, result: { structuredContent: { days: [] } }, status: 'fail', path: '$.temperature' },
  { name: 'array root (2026-07-28) valid', tool: list, result: { structuredContent: ['Oslo', 'Lima'], content: text(['Oslo', 'Lima']) }, status: 'pass' },
  { name: 'array root with a bad item', tool: list, result: { structuredContent: ['Oslo', 7], content: text(['Oslo', 7]) }, status: 'fail', path: '$[1]' },
  { name: 'draft-07 schema', tool: draft07, result: { structuredContent: { n: 1.5 }, content: text({ n: 1.5 }) }, status: 'fail', path: '$.n' },
  { name: 'text JSON differs from structuredContent', tool: weather, result: { structuredContent: good, content: text({ ...good, temperature: 30 }) }, status: 'warn', path: '$.temperature' },
  { name: 'text is prose only', tool: weather, result: { structuredContent: good, content: text('It is 21.5 degrees.') }, status: 'warn', detail: /no text item carries it/ },
  {
    name: 'text is the same data as plain text (server-filesystem: {content: TEXT} beside TEXT)',
    tool: { ...weather, name: 'list_allowed_directories', outputSchema: { type: 'object', properties: { content: { type: 'string' } }, required: ['content'] } },
    result: { structuredContent: { content: 'Allowed directories:\n/tmp/a' }, content: text('Allowed directories:\n/tmp/a') },
    status: 'pass',
    detail: /same data as plain text/,
  },
  { name: 'an error result is not checked', tool: weather, result: { isError: true, content: text('city not found') }, status: 'skip' },
  { name: 'no outputSchema', tool: plain, result: { content: text('hi') }, status: 'skip' },
];

describe('checkStructuredResult', () => {
  it.each(rows)('$name -> $status', (row) => {
    const check = checkStructuredResult(row.tool, row.result);
    expect(check.status).toBe(row.status);
    expect(check.tool).toBe(row.tool.name);
    if (row.path) expect(check.path).toBe(row.path);
    if (row.detail) expect(check.detail).toMatch(row.detail);
  });

  it('says when text is JSON although no outputSchema is declared (the lint rule reads this)', () => {
    expect(checkStructuredResult(plain, { content: text({ a: 1 }) })).toMatchObject({ status: 'skip', jsonText: true, detail: /declare an outputSchema/ });
    expect(checkStructuredResult(plain, { content: text('12') }).jsonText).toBe(false);
  });

  it('names the first differing path', () => {
    expect(firstDifference({ a: [1, 2] }, { a: [1, 2] })).toBeUndefined();
    expect(firstDifference({ a: [1, 2] }, { a: [1, 3] })).toBe('$.a[1]');
    expect(firstDifference({ a: 1 }, { a: 1, 'b-c': 2 })).toBe('$["b-c"]');
  });
});
