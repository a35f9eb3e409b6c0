import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkArguments } from '../scoring/schema-check.ts';
import type { ToolDefinition } from '../types.ts';
import { planBadArguments, sampleValue } from './bad-arguments.ts';

const TOOLS_DIR = new URL('../../fixtures/tools/', import.meta.url);
const fixtureTools: ToolDefinition[] = readdirSync(TOOLS_DIR)
  .filter((f) => f.endsWith('.json'))
  .flatMap((f) => JSON.parse(readFileSync(new URL(f, TOOLS_DIR), 'utf8')) as ToolDefinition[])
  .filter((t) => t.inputSchema?.type === 'object');

describe('planBadArguments', () => {
  it(`never plans arguments that pass the tool's schema (${fixtureTools.length} fixture tools)`, () => {
    let plans = 0;
    for (const tool of fixtureTools) {
      for (const plan of planBadArguments(tool)) {
        plans += 1;
        expect(checkArguments(tool.inputSchema, plan.arguments).valid, `${tool.name} ${JSON.stringify(plan.arguments)}`).toBe(false);
      }
    }
    expect(plans).toBeGreaterThan(fixtureTools.length);
  });

  it('leaves out the required arguments, and breaks one type while filling the other required ones', () => {
    const tool: ToolDefinition = {
      name: 'tag_item',
      inputSchema: {
        type: 'object',
        properties: {
          item_key: { type: 'string', pattern: '^[A-Z0-9]{8}$' },
          tags: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
          action: { type: 'string', enum: ['add', 'remove'], default: 'add' },
        },
        required: ['item_key', 'tags'],
      },
    };
    expect(planBadArguments(tool)).toEqual([
      { kind: 'missing-required', arguments: {}, property: 'item_key' },
      { kind: 'wrong-type', arguments: { item_key: 12345, tags: ['x'] }, property: 'item_key', othersValid: true },
    ]);
  });

  it('breaks one value inside an otherwise valid call: other required arguments with a pattern or format are filled validly', () => {
    const tool: ToolDefinition = {
      name: 'get_issue',
      inputSchema: {
        type: 'object',
        properties: {
          issue: { type: 'integer', minimum: 1 },
          repo: { type: 'string', pattern: '^[a-z]+/[a-z]+$' },
          since: { type: 'string', format: 'date' },
        },
        required: ['issue', 'repo', 'since'],
      },
    };
    const wrong = planBadArguments(tool).find((p) => p.kind === 'wrong-type')!;
    expect(wrong).toMatchObject({ property: 'issue', arguments: { issue: 'not a number' }, othersValid: true });
    // Every other argument passes the schema: only the target is wrong.
    const { issue: _bad, ...others } = wrong.arguments;
    expect(checkArguments({ ...tool.inputSchema, required: ['repo', 'since'] }, others).valid).toBe(true);
    expect(Object.keys(others).sort()).toEqual(['repo', 'since']);
  });

  it('drops a plan that would validate: an untyped property cannot be given a wrong type', () => {
    const tool: ToolDefinition = { name: 'anything', inputSchema: { type: 'object', properties: { value: {} } } };
    expect(planBadArguments(tool)).toEqual([]);
  });

  it('has no obvious sample for patterns, formats or required objects', () => {
    expect(sampleValue({ type: 'string', pattern: '^a$' })).toBeUndefined();
    expect(sampleValue({ type: 'string', format: 'uri' })).toBeUndefined();
    expect(sampleValue({ type: 'object', required: ['a'] })).toBeUndefined();
    expect(sampleValue({ type: 'integer', minimum: 3 })).toBe(3);
  });
});
