/**
 * The table test of the prompt, resource, capability and instructions checks: one old/new surface
 * pair per check that must produce it at its level; each id has a file and a line in
 * docs/resources-prompts.md.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ServerSurface } from '../types.ts';
import { SURFACE_CHECKS } from './checks/surface-index.ts';
import { CHECKS } from './checks/index.ts';
import { classifyDeltas } from './classify.ts';
import { diffSurface } from './surface-deltas.ts';
import type { Change, Level } from './types.ts';

function base(): ServerSurface {
  return {
    capabilities: { prompts: { listChanged: true }, resources: { subscribe: true }, tools: {} },
    instructions: 'Use search_notes before read_note.',
    prompts: [
      { name: 'summarize_note', title: 'Summarize', description: 'Summarize one note for the user.', arguments: [{ name: 'note_id', description: 'The note to summarize.', required: true }, { name: 'style', description: 'Short or long.' }] },
      { name: 'daily_review', description: 'Review what changed today.' },
    ],
    resources: [{ uri: 'notes://index', name: 'index', description: 'Every note title.', mimeType: 'application/json', size: 120 }],
    resourceTemplates: [{ uriTemplate: 'notes://note/{id}', name: 'note', description: 'One note by id.', mimeType: 'text/markdown' }],
  };
}
type Edit = (s: Required<ServerSurface>) => void;
function edited(edit: Edit): ServerSurface {
  const s = structuredClone(base()) as Required<ServerSurface>;
  edit(s);
  return s;
}
const NOW = new Date('2026-11-22T00:00:00Z');
const classify = (o: ServerSurface | undefined, n: ServerSurface | undefined): Change[] => classifyDeltas(diffSurface(o, n), { oldTools: [], newTools: [], now: NOW });

const rows: Array<{ id: string; level: Level; edit: Edit; old?: Edit; path?: string }> = [
  { id: 'prompt-removed', level: 'breaking', edit: (s) => s.prompts.pop() },
  { id: 'prompt-renamed', level: 'breaking', edit: (s) => (s.prompts[1].name = 'daily-review') },
  { id: 'prompt-added', level: 'safe', edit: (s) => s.prompts.push({ name: 'weekly_review' }) },
  { id: 'prompt-argument-removed', level: 'breaking', edit: (s) => s.prompts[0].arguments!.pop(), path: 'arguments.style' },
  { id: 'prompt-argument-became-required', level: 'breaking', edit: (s) => (s.prompts[0].arguments![1].required = true), path: 'arguments.style.required' },
  { id: 'prompt-argument-became-optional', level: 'safe', edit: (s) => delete s.prompts[0].arguments![0].required },
  { id: 'prompt-required-argument-added', level: 'breaking', edit: (s) => s.prompts[1].arguments = [{ name: 'date', required: true }] },
  { id: 'prompt-optional-argument-added', level: 'safe', edit: (s) => s.prompts[0].arguments!.push({ name: 'language' }) },
  { id: 'prompt-description-changed', level: 'retest', edit: (s) => (s.prompts[0].arguments![0].description = 'Which note.'), path: 'arguments.note_id.description' },
  { id: 'resource-removed', level: 'breaking', edit: (s) => s.resourceTemplates.pop() },
  { id: 'resource-added', level: 'safe', edit: (s) => s.resources.push({ uri: 'notes://tags', name: 'tags' }) },
  { id: 'resource-description-changed', level: 'retest', edit: (s) => (s.resources[0].description = 'All titles.') },
  { id: 'resource-mime-type-changed', level: 'breaking', edit: (s) => (s.resources[0].mimeType = 'text/plain') },
  { id: 'surface-field-changed', level: 'retest', edit: (s) => (s.resources[0].annotations = { audience: ['user'] }) },
  { id: 'surface-title-changed', level: 'safe', edit: (s) => (s.prompts[0].title = 'Summary') },
  { id: 'capability-removed', level: 'breaking', edit: (s) => delete (s.capabilities.resources as Record<string, unknown>).subscribe, path: 'capabilities.resources.subscribe' },
  { id: 'capability-added', level: 'safe', edit: (s) => (s.capabilities.logging = {}) },
  { id: 'instructions-changed', level: 'retest', edit: (s) => (s.instructions = 'Always search first.') },
];

describe('surface diff checks: one old/new pair per check', () => {
  it.each(rows)('$id -> $level', (row) => {
    const changes = classify(row.old ? edited(row.old) : base(), edited(row.edit));
    const hit = changes.find((c) => c.check === row.id);
    expect(hit, `no ${row.id} among ${JSON.stringify(changes.map((c) => c.check))}`).toBeDefined();
    // The exact list: a check that fires beside the row's own fails the row (issue 27).
    expect(changes.map((c) => [c.check, c.level])).toEqual([[row.id, row.level]]);
    expect(hit!.level).toBe(row.level);
    expect(SURFACE_CHECKS[row.id].level).toBe(row.level);
    expect(hit!.message.length).toBeGreaterThan(10);
    if (row.path) expect(hit!.path).toBe(row.path);
  });

  it('covers every surface check, each registered, with its own file and a line in docs/resources-prompts.md', () => {
    expect(rows.map((r) => r.id).sort()).toEqual(Object.keys(SURFACE_CHECKS).sort());
    const docs = readFileSync(new URL('../../docs/resources-prompts.md', import.meta.url), 'utf8');
    for (const [id, check] of Object.entries(SURFACE_CHECKS)) {
      expect(check.id).toBe(id);
      expect(CHECKS[id]).toBe(check);
      expect(existsSync(new URL(`./checks/${id}.ts`, import.meta.url))).toBe(true);
      expect(docs, `docs lack a line for ${id}`).toContain(`| \`${id}\` | ${check.level} |`);
    }
  });

  it('reports nothing for identical surfaces, for a resource whose size changed, and for listing order', () => {
    expect(classify(base(), base())).toEqual([]);
    expect(classify(base(), edited((s) => (s.resources[0].size = 999)))).toEqual([]);
    expect(classify(base(), edited((s) => s.prompts.reverse()))).toEqual([]);
  });

  it('a mimeType change within one kind of content (text/markdown -> text/plain, a charset) is a re-test, not breaking', () => {
    const within = classify(base(), edited((s) => (s.resourceTemplates[0].mimeType = 'text/plain')));
    expect(within.map((c) => `${c.check} ${c.level}`)).toEqual(['surface-field-changed retest']);
    const charset = classify(base(), edited((s) => (s.resources[0].mimeType = 'application/json; charset=utf-8')));
    expect(charset.map((c) => c.check)).toEqual(['surface-field-changed']);
  });

  it('compares nothing when a side recorded no surface (an older snapshot), so absence is not removal', () => {
    expect(classify(undefined, base())).toEqual([]);
    expect(classify({}, base())).toEqual([]);
  });

  it('treats a list the new side no longer records (capability dropped) as every item removed', () => {
    const changes = classify(base(), edited((s) => {
      delete (s as ServerSurface).prompts;
      delete s.capabilities.prompts;
    }));
    expect(changes.filter((c) => c.check === 'prompt-removed').map((c) => c.tool)).toEqual(['prompt:daily_review', 'prompt:summarize_note']);
    expect(changes.find((c) => c.check === 'capability-removed')).toMatchObject({ path: 'capabilities.prompts', level: 'breaking' });
    // One change for the removed branch, not one per flag under it.
    expect(changes.filter((c) => c.check === 'capability-removed')).toHaveLength(1);
  });

  it('the 2026-07-28 tasks extension (a key with dots in it) dropped is one breaking change, also when its whole extensions branch goes', () => {
    const withTasks = edited((s) => (s.capabilities.extensions = { 'io.modelcontextprotocol/tasks': {}, 'io.modelcontextprotocol/skills': {} }));
    const one = classify(withTasks, edited((s) => (s.capabilities.extensions = { 'io.modelcontextprotocol/skills': {} })));
    expect(one.map((c) => [c.check, c.level, c.path])).toEqual([['capability-removed', 'breaking', 'capabilities.extensions.io.modelcontextprotocol/tasks']]);
    const branch = classify(edited((s) => (s.capabilities.extensions = { 'io.modelcontextprotocol/tasks': {} })), base());
    expect(branch.map((c) => [c.check, c.path])).toEqual([['capability-removed', 'capabilities.extensions']]);
  });
});
