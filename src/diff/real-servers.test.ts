/**
 * Diff verdicts on real third-party servers: two published versions each of seven npm servers,
 * snapshotted with `toolvet snapshot` into fixtures/real-servers/ (see docs/diff.md for the
 * commands). The breaking verdicts below were each read against both schemas and judged true; every
 * input-schema breaking verdict's counterexample is re-checked with a separate Ajv, and no input
 * change is left to the unclassified fallback.
 */
import { Ajv } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture } from '../cli/testing.ts';
import type { ToolDefinition } from '../types.ts';
import { diffSides } from './run-diff.ts';
import { loadSide } from './sides.ts';
import type { Change } from './types.ts';

const NOW = new Date('2026-11-23T00:00:00Z');
const file = (name: string) => fixture(`${name.startsWith('mongodb-') ? 'real-servers-diff' : 'real-servers'}/${name}.tools.json`);
/** mongodb-mcp-server 0.3.0 -> 1.3.0 -> 2.1.1: hard schemas (zod unions, nested arrays of objects), judged by hand (the file says how). */
const MONGODB = (JSON.parse(readFileSync(fixture('real-servers-diff/judged.json'), 'utf8')) as { pairs: Pair[] }).pairs;

interface Pair {
  old: string;
  new: string;
  /** `tool check path` of every breaking verdict, each judged true by reading both schemas. */
  breaking: string[];
}

const PAIRS: Pair[] = [
  {
    old: 'server-filesystem@2025.11.25',
    new: 'server-filesystem@2026.8.31',
    // move_file's annotations now say destructive; read_media_file's content items may be a resource
    // item, without a top-level `data` or `mimeType` (one change each, on the same `required` path).
    breaking: [
      'move_file destructive-hint-added annotations.destructiveHint',
      'read_media_file output-property-became-optional outputSchema.properties.content.items.required',
      'read_media_file output-property-became-optional outputSchema.properties.content.items.required',
    ],
  },
  // Only the dialect moved (2020-12 -> draft-07) and no keyword means something else in it.
  { old: 'server-memory@2025.4.25', new: 'server-memory@2026.8.31', breaking: [] },
  // Its integer bounds at 2^53-1 accept the same interoperable calls as none (I-JSON).
  { old: 'server-sequential-thinking@2025.7.1', new: 'server-sequential-thinking@2026.8.31', breaking: [] },
  {
    old: 'brave-search-mcp-server@2.0.63',
    new: 'brave-search-mcp-server@2.1.4',
    // freshness: any string (or the literal placeholder "YYYY-MM-DDtoYYYY-MM-DD") -> pd/pw/pm/py or a real date range.
    breaking: ['brave_local_search', 'brave_news_search', 'brave_video_search', 'brave_web_search'].map((t) => `${t} alternatives-changed inputSchema.properties.freshness.anyOf`),
  },
  // 4.x no longer declares tools.listChanged.
  { old: 'context7-mcp@2.1.0', new: 'context7-mcp@4.1.1', breaking: ['capabilities capability-removed capabilities.tools.listChanged'] },
  {
    old: 'notion-mcp-server@1.9.1',
    new: 'notion-mcp-server@2.5.2',
    // Databases became data sources (three tools gone); search's filter.value is now "page" or "data_source".
    breaking: [
      'API-create-a-database tool-removed ',
      'API-post-database-query tool-removed ',
      'API-post-search enum-added inputSchema.properties.filter.properties.value.enum',
      'API-update-a-database tool-removed ',
    ],
  },
  {
    old: 'mcp-server-kubernetes@2.9.6',
    new: 'mcp-server-kubernetes@4.1.7',
    // exec_in_pod's command was a string or an array of strings and is now an array only; its shell parameter is gone.
    breaking: ['exec_in_pod parameter-type-narrowed inputSchema.properties.command.type', 'exec_in_pod parameter-removed-open inputSchema.properties.shell'],
  },
  ...MONGODB,
];

/** What Ajv says when each keyword rejects a value: a counterexample shown for a keyword must fail on that keyword. */
const SAYS: Record<string, RegExp> = { minLength: /fewer than/, maxLength: /more than/, pattern: /match pattern/, minimum: /must be >/, maximum: /must be </, enum: /allowed values/ };

const loose = { strict: false, allErrors: true, validateFormats: false };
const validators = { '07': new Ajv(loose), '2020': new Ajv2020(loose) };
function accepts(schema: Record<string, unknown>, call: unknown): boolean {
  const { $schema, ...rest } = schema;
  const ajv = typeof $schema === 'string' && $schema.includes('draft-07') ? validators['07'] : validators['2020'];
  return ajv.validate(rest, call) as boolean;
}

async function changesOf(pair: Pair): Promise<{ changes: Change[]; oldTools: ToolDefinition[]; newTools: ToolDefinition[] }> {
  const [o, n] = [await loadSide(file(pair.old)), await loadSide(file(pair.new))];
  return { changes: diffSides(o, n, NOW), oldTools: [...o.groups.values()][0], newTools: [...n.groups.values()][0] };
}

describe('diff on real servers (eight npm servers, two or three versions each)', { timeout: 120_000 }, () => {
  it.each(PAIRS)('$old -> $new: the judged breaking verdicts, each input one with a checked counterexample', async (pair) => {
    const { changes, oldTools, newTools } = await changesOf(pair);
    expect(changes.filter((c) => c.level === 'breaking').map((c) => `${c.tool} ${c.check} ${c.path}`).sort()).toEqual([...pair.breaking].sort());
    for (const c of changes.filter((c) => c.level === 'breaking' && c.path.startsWith('inputSchema'))) {
      const call = c.counterexample!.call;
      const [o, n] = [oldTools.find((t) => t.name === c.tool)!, newTools.find((t) => t.name === c.tool)!];
      expect(accepts(o.inputSchema, call), `${c.tool}: old schema refuses ${JSON.stringify(call)}`).toBe(true);
      expect(accepts(n.inputSchema, call), `${c.tool}: new schema accepts ${JSON.stringify(call)}`).toBe(c.counterexample!.effect === 'ignored');
      // The counterexample belongs to its change: "maxLength 24 added" is never shown with a call the new minLength rejects.
      const keyword = c.path.split('.').pop()!;
      if (SAYS[keyword]) expect(c.counterexample!.reason, `${c.tool} ${c.path}`).toMatch(SAYS[keyword]);
    }
    // Every compatible verdict about what the input accepts is backed by generated old calls.
    const wording = /description|title|default|x-mcp-header/;
    for (const c of changes.filter((c) => c.path.startsWith('inputSchema') && c.level !== 'breaking' && !wording.test(c.check))) expect(c.evidence?.calls, `${c.tool} ${c.check}: ${c.message}`).toBeGreaterThan(0);
    // Nothing on the input side is left to the "Toolvet does not classify this" fallback.
    expect(changes.filter((c) => c.check === 'schema-changed' && c.path.startsWith('inputSchema'))).toEqual([]);
  });

  it('notion 1.9.1 -> 2.5.2: properties that moved into $defs and anyOf branches are not removed', async () => {
    const { changes } = await changesOf(PAIRS[5]);
    // Before: 17 parameter-removed-open; now a parameter is removed only where no branch describes it.
    expect(changes.filter((c) => c.check === 'parameter-removed-open' || c.check === 'parameter-removed-closed')).toEqual([]);
    // Page `properties` became a free-form object: its old keys still pass through, only their schema is gone.
    expect(changes.filter((c) => c.check === 'parameter-no-longer-described').map((c) => `${c.tool} ${c.path}`)).toEqual([
      'API-patch-page inputSchema.properties.properties.properties.title',
      'API-patch-page inputSchema.properties.properties.properties.type',
      'API-post-page inputSchema.properties.properties.properties.title',
      'API-post-page inputSchema.properties.properties.properties.type',
    ]);
  });

  it('kubernetes exec_in_pod: the message names the real old types (a string or an array), not "any"', async () => {
    const { changes } = await changesOf(PAIRS[6]);
    const narrowed = changes.find((c) => c.check === 'parameter-type-narrowed')!;
    expect(narrowed.message).toContain('type of parameter "command" narrowed from ["array","string"] to ["array"]');
    expect(narrowed.counterexample!.call).toMatchObject({ command: 'example' });
  });

  it('compatible input verdicts carry the count of generated old calls still accepted', async () => {
    const { changes } = await changesOf(PAIRS[3]);
    const widened = changes.filter((c) => c.check === 'parameter-type-widened');
    expect(widened.map((c) => c.tool).sort()).toEqual(['brave_local_search', 'brave_news_search', 'brave_web_search']);
    for (const c of widened) expect(c.evidence!.calls).toBeGreaterThan(50);
  });
});
