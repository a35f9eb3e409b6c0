/**
 * The table test: every registered check gets an old/new pair that must produce it at its level,
 * and every check id has a file and a README line.
 */
import { allDocs } from '../testing/readme.ts';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../types.ts';
import { CHECKS } from './checks/index.ts';
import { SURFACE_CHECKS } from './checks/surface-index.ts';
import { classifyDeltas } from './classify.ts';
import { diffTools } from './structural.ts';
import type { Level } from './types.ts';

type Schema = Record<string, any>;

function base(): ToolDefinition {
  return {
    name: 'search_items',
    title: 'Search',
    description: 'Search the library for items. Do NOT use for reading one item.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', description: 'Words to look for.' },
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'How many.' },
        kind: { type: 'string', enum: ['any', 'book'], default: 'any' },
        key: { type: 'string', pattern: '^[A-Z]{8}$', format: 'regex' },
        note: { type: 'string' },
      },
      required: ['query', 'key'],
      additionalProperties: false,
    },
    outputSchema: { type: 'object', properties: { items: { type: 'array' }, total: { type: 'integer' }, cursor: { type: 'string' } }, required: ['items', 'total'] },
    annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  };
}

/** A copy of the base tool after `edit`. */
function edited(edit: (t: ToolDefinition & { inputSchema: Schema; outputSchema: Schema }) => void): ToolDefinition {
  const t = structuredClone(base()) as ToolDefinition & { inputSchema: Schema; outputSchema: Schema };
  edit(t);
  return t;
}
const other: ToolDefinition = { name: 'get_item', description: 'Read one item.', inputSchema: { type: 'object', properties: { item_key: { type: 'string' } }, required: ['item_key'] } };

interface Row {
  id: string;
  level: Level;
  old: ToolDefinition[];
  new: ToolDefinition[];
  /** Every `[check, level]` the pair produces, when more than the row's own (an extra check firing fails the row). */
  exact?: Array<[string, Level]>;
}
const pair = (id: string, level: Level, edit: Parameters<typeof edited>[0]): Row => ({ id, level, old: [base(), other], new: [edited(edit), other] });
const NOW = new Date('2026-11-22T00:00:00Z');

const rows: Row[] = [
  { id: 'tool-removed', level: 'breaking', old: [base(), other], new: [other] },
  { id: 'deprecated-tool-removed', level: 'safe', old: [edited((t) => (t._meta = { deprecated: { since: '2026-01-01', sunset: '2026-06-01', replacement: 'get_item' } })), other], new: [other] },
  { id: 'deprecated-tool-removed-early', level: 'breaking', old: [edited((t) => (t._meta = { deprecated: { sunset: '2027-06-01' } })), other], new: [other] },
  { id: 'tool-added', level: 'retest', old: [base()], new: [base(), other] },
  { id: 'tool-renamed', level: 'breaking', old: [base(), other], new: [edited((t) => (t.name = 'searchItems')), other] },
  { id: 'versioned-tool-predecessor-active', level: 'retest', old: [base()], new: [base(), edited((t) => (t.name = 'search_items_v2'))], exact: [['tool-added', 'retest'], ['versioned-tool-predecessor-active', 'retest']] },
  { ...pair('deprecation-changed', 'safe', (t) => (t.description = `Deprecated: use search_v2. ${t.description}`)), exact: [['description-changed', 'retest'], ['deprecation-changed', 'safe']] },
  pair('description-changed', 'retest', (t) => (t.description = 'Find items in the library.')),
  pair('parameter-description-changed', 'retest', (t) => (t.inputSchema.properties.query.description = 'A topic or author.')),
  pair('title-changed', 'safe', (t) => (t.title = 'Find items')),
  pair('required-parameter-added', 'breaking', (t) => {
    t.inputSchema.properties.year = { type: 'integer', default: 2020 };
    t.inputSchema.required.push('year');
  }),
  pair('optional-parameter-added', 'safe', (t) => (t.inputSchema.properties.sort = { type: 'string', default: 'relevance' })),
  pair('optional-parameter-added-without-default', 'retest', (t) => (t.inputSchema.properties.sort = { type: 'string' })),
  pair('parameter-became-required', 'breaking', (t) => t.inputSchema.required.push('limit')),
  pair('parameter-became-optional', 'safe', (t) => (t.inputSchema.required = ['query'])),
  pair('parameter-removed-closed', 'breaking', (t) => delete t.inputSchema.properties.note),
  {
    ...pair('parameter-removed-open', 'breaking', (t) => {
      delete t.inputSchema.properties.note;
      delete t.inputSchema.additionalProperties;
    }),
    exact: [['parameter-removed-open', 'breaking'], ['additional-properties-opened', 'safe']],
  },
  pair('parameter-type-changed', 'breaking', (t) => (t.inputSchema.properties.note.type = 'boolean')),
  { id: 'parameter-type-narrowed', level: 'breaking', old: [edited((t) => (t.inputSchema.properties.limit.type = 'number'))], new: [base()] },
  pair('parameter-type-widened', 'safe', (t) => (t.inputSchema.properties.limit.type = 'number')),
  pair('enum-value-removed', 'breaking', (t) => (t.inputSchema.properties.kind.enum = ['any'])),
  pair('enum-value-added', 'safe', (t) => t.inputSchema.properties.kind.enum.push('thesis')),
  pair('enum-added', 'breaking', (t) => (t.inputSchema.properties.note.enum = ['short', 'long'])),
  pair('enum-removed', 'safe', (t) => delete t.inputSchema.properties.kind.enum),
  pair('maximum-lowered', 'breaking', (t) => (t.inputSchema.properties.limit.maximum = 20)),
  pair('minimum-raised', 'breaking', (t) => (t.inputSchema.properties.limit.minimum = 5)),
  pair('bound-added', 'breaking', (t) => (t.inputSchema.properties.note.maxLength = 200)),
  pair('bound-relaxed', 'safe', (t) => (t.inputSchema.properties.limit.maximum = 100)),
  pair('pattern-added', 'breaking', (t) => (t.inputSchema.properties.note.pattern = '^[a-z ]+$')),
  pair('pattern-changed', 'retest', (t) => (t.inputSchema.properties.key.pattern = '^[A-Z0-9]{8}$')),
  pair('pattern-removed', 'safe', (t) => delete t.inputSchema.properties.key.pattern),
  { id: 'additional-properties-closed', level: 'breaking', old: [edited((t) => delete t.inputSchema.additionalProperties)], new: [base()] },
  pair('additional-properties-opened', 'safe', (t) => delete t.inputSchema.additionalProperties),
  pair('default-changed', 'retest', (t) => (t.inputSchema.properties.limit.default = 20)),
  pair('format-changed', 'retest', (t) => delete t.inputSchema.properties.key.format),
  {
    id: 'schema-dialect-changed',
    level: 'retest',
    old: [edited((t) => (t.inputSchema.properties.pair = { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] }))],
    new: [edited((t) => ((t.inputSchema.properties.pair = { type: 'array', items: [{ type: 'string' }, { type: 'integer' }] }), (t.inputSchema.$schema = 'http://json-schema.org/draft-07/schema#')))],
  },
  pair('schema-dialect-changed-harmless', 'safe', (t) => (t.inputSchema.$schema = 'http://json-schema.org/draft-07/schema#')),
  pair('read-only-hint-removed', 'breaking', (t) => (t.annotations!.readOnlyHint = false)),
  // destructiveHint absent counts as true: dropping `false` makes the tool destructive.
  pair('destructive-hint-added', 'breaking', (t) => delete t.annotations!.destructiveHint),
  pair('idempotent-hint-removed', 'breaking', (t) => (t.annotations!.idempotentHint = false)),
  pair('annotation-hint-changed', 'safe', (t) => delete t.annotations!.openWorldHint),
  pair('output-schema-removed', 'breaking', (t) => delete (t as ToolDefinition).outputSchema),
  { id: 'output-schema-added', level: 'safe', old: [edited((t) => delete (t as ToolDefinition).outputSchema)], new: [base()] },
  pair('output-property-removed', 'breaking', (t) => delete t.outputSchema.properties.cursor),
  pair('output-property-added', 'safe', (t) => (t.outputSchema.properties.page = { type: 'integer' })),
  pair('output-property-became-optional', 'breaking', (t) => (t.outputSchema.required = ['items'])),
  pair('output-property-became-required', 'safe', (t) => t.outputSchema.required.push('cursor')),
  pair('output-type-changed', 'breaking', (t) => (t.outputSchema.properties.total.type = 'string')),
  // contentMediaType is an annotation in 2020-12: it changes nothing a validator checks, so the calls find no break.
  pair('schema-changed', 'retest', (t) => (t.inputSchema.properties.note.contentMediaType = 'text/markdown')),
  // Cut from @brave/brave-search-mcp-server 2.0.63 -> 2.1.4 (freshness): any string -> four values or a date range.
  pair('alternatives-changed', 'breaking', (t) => (t.inputSchema.properties.note = { anyOf: [{ type: 'string', enum: ['pd', 'pw', 'pm', 'py'] }, { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}to\\d{4}-\\d{2}-\\d{2}$' }] })),
  {
    id: 'parameter-no-longer-described',
    level: 'retest',
    old: [edited((t) => (t.inputSchema.properties.filters = { type: 'object', properties: { year: { type: 'integer' } } }))],
    new: [edited((t) => (t.inputSchema.properties.filters = { type: 'object' }))],
  },
  // Cut from notion-mcp-server 1.9.1 -> 2.5.2 (API-post-page parent): a page parent became page, data source or workspace.
  {
    id: 'alternative-parameter-added',
    level: 'safe',
    old: [edited((t) => (t.inputSchema.properties.parent = { type: 'object', properties: { page_id: { type: 'string' } }, required: ['page_id'] }))],
    new: [edited((t) => (t.inputSchema.properties.parent = { oneOf: [{ type: 'object', properties: { page_id: { type: 'string' } }, required: ['page_id'] }, { type: 'object', properties: { database_id: { type: 'string' } }, required: ['database_id'] }] }))],
    // page_id is required only in its own branch now.
    exact: [['alternative-parameter-added', 'safe'], ['parameter-became-optional', 'safe']],
  },
  {
    id: 'old-call-rejected',
    level: 'breaking',
    // anyOf -> oneOf over overlapping branches: a call that matches both is now rejected, and no keyword of either branch changed.
    old: [{ name: 'pick', inputSchema: { type: 'object', anyOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'string' } }, required: ['b'] }] } }],
    new: [{ name: 'pick', inputSchema: { type: 'object', oneOf: [{ properties: { a: { type: 'string' } }, required: ['a'] }, { properties: { b: { type: 'string' } }, required: ['b'] }] } }],
  },
  {
    id: 'additional-properties-narrowed',
    level: 'breaking',
    // Cut from mongodb-mcp-server 1.3.0 -> 2.1.1 (find's sort): any value -> a sort direction.
    old: [edited((t) => (t.inputSchema.properties.sort = { type: 'object', additionalProperties: {} }))],
    new: [edited((t) => (t.inputSchema.properties.sort = { type: 'object', additionalProperties: { enum: [1, -1, 'asc', 'desc'] } }))],
  },
  {
    id: 'property-names-changed',
    level: 'breaking',
    old: [edited((t) => (t.inputSchema.properties.sort = { type: 'object' }))],
    new: [edited((t) => (t.inputSchema.properties.sort = { type: 'object', propertyNames: { pattern: '^[a-z]+$' } }))],
  },
  pair('tool-became-app-only', 'breaking', (t) => (t._meta = { ui: { resourceUri: 'ui://lib/app.html', visibility: ['app'] } })),
  { id: 'tool-became-model-visible', level: 'retest', old: [edited((t) => (t._meta = { ui: { visibility: ['app'] } })), other], new: [edited((t) => (t._meta = { ui: { visibility: ['model', 'app'] } })), other] },
  pair('task-support-required', 'breaking', (t) => ((t as unknown as Schema).execution = { taskSupport: 'required' })),
  pair('x-mcp-header-changed', 'breaking', (t) => (t.inputSchema.properties.kind['x-mcp-header'] = 'Kind')),
  pair('tool-field-changed', 'retest', (t) => ((t as unknown as Schema).icons = [{ src: 'https://example.org/icon.png' }])),
];

describe('diff checks: one old/new pair per check', () => {
  it.each(rows)('$id -> $level', (row) => {
    const changes = classifyDeltas(diffTools(row.old, row.new), { oldTools: row.old, newTools: row.new, now: NOW });
    const hit = changes.find((c) => c.check === row.id);
    expect(hit, `no ${row.id} among ${JSON.stringify(changes.map((c) => c.check))}`).toBeDefined();
    // The exact list: a check that fires beside the row's own fails the row (issue 27).
    expect(changes.map((c) => [c.check, c.level]), changes.map((c) => c.message).join('\n')).toEqual(row.exact ?? [[row.id, row.level]]);
    expect(hit!.level, hit!.message).toBe(row.level);
    // A check decided by calls is breaking when it finds an old call the new schema rejects, else its own level.
    expect(CHECKS[row.id].decidedByCalls ? [CHECKS[row.id].level, 'breaking'] : [CHECKS[row.id].level]).toContain(row.level);
    expect(hit!.message.length).toBeGreaterThan(10);
  });

  it('covers every registered check, each with its own file and a README line', () => {
    // Prompt and resource checks have their own table test (surface-checks.test.ts) and docs page.
    const toolChecks = Object.entries(CHECKS).filter(([id]) => !(id in SURFACE_CHECKS));
    expect(rows.map((r) => r.id).sort()).toEqual(toolChecks.map(([id]) => id).sort());
    const readme = allDocs();
    for (const [id, check] of toolChecks) {
      expect(check.id).toBe(id);
      expect(existsSync(new URL(`./checks/${id}.ts`, import.meta.url))).toBe(true);
      expect(readme, `README lacks a line for ${id}`).toContain(`\`${id}\``);
    }
  });

  it('reports nothing for identical lists and for absent values equal to their defaults', () => {
    const explicit = edited((t) => {
      t.inputSchema.$schema = 'https://json-schema.org/draft/2020-12/schema';
      t.annotations = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };
    });
    const implicit = edited((t) => delete t.annotations);
    expect(classifyDeltas(diffTools([base()], [base()]), { oldTools: [], newTools: [], now: NOW })).toEqual([]);
    expect(classifyDeltas(diffTools([implicit], [explicit]), { oldTools: [], newTools: [], now: NOW })).toEqual([]);
  });

  it('says a type change on a kept name is a change of meaning and names a versioned replacement', () => {
    const row = rows.find((r) => r.id === 'parameter-type-changed')!;
    const [change] = classifyDeltas(diffTools(row.old, row.new), { oldTools: row.old, newTools: row.new, now: NOW });
    expect(change.message).toContain('search_items_v2');
    expect(change.path).toBe('inputSchema.properties.note.type');
  });
});
