/**
 * MCP 2026-07-28 lets an outputSchema have any JSON type at its root (an array of results, a string,
 * a number). Lint, the tool-file loader and diff accept such schemas and still compare them.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadToolFile } from '../config/tool-file.ts';
import { classifyDeltas } from '../diff/classify.ts';
import { diffTools } from '../diff/structural.ts';
import type { ToolDefinition } from '../types.ts';
import { lintTools } from './lint-tools.ts';
import { cleanTool } from './testing/rule-table.ts';
import { tempDir } from '../testing/temp-dir.ts';

const arrayRoot = (itemType: string): ToolDefinition => cleanTool({ outputSchema: { type: 'array', items: { type: 'object', properties: { title: { type: itemType } }, required: ['title'] } } });
const stringRoot = cleanTool({ name: 'summarize_notes', outputSchema: { type: 'string', maxLength: 2000 } });

describe('outputSchema of any root type', () => {
  it('draws no lint finding about the output schema under any profile', () => {
    for (const profile of ['spec', 'recommended', 'portable', 'openai-strict']) {
      const findings = lintTools([arrayRoot('string'), stringRoot], { profile }).findings.filter((f) => f.path.includes('outputSchema'));
      expect(findings, profile).toEqual([]);
    }
  });

  it('loads from a snapshot file', () => {
    const file = join(tempDir('toolvet-root-'), 's.json');
    writeFileSync(file, JSON.stringify({ toolvetSnapshot: 1, server: { name: 's' }, tools: [arrayRoot('string'), stringRoot] }));
    expect(loadToolFile(file).tools.map((t) => t.outputSchema?.type)).toEqual(['array', 'string']);
  });

  it('diffs inside an array root: an item property whose type changed is breaking for clients', () => {
    const [before, after] = [[arrayRoot('string')], [arrayRoot('integer')]];
    const changes = classifyDeltas(diffTools(before, after), { oldTools: before, newTools: after, now: new Date() });
    expect(changes.map((c) => `${c.check} ${c.level} ${c.path}`)).toEqual(['output-type-changed breaking outputSchema.items.properties.title.type']);
  });
});
