import { describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import type { ModelRequest, ToolDefinition } from '../types.ts';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { indexTools } from './mock-index.ts';
import { bestCandidate } from './mock-rank.ts';
import { terms } from './text/tokenize.ts';
import { createMockModel, rankTools } from './mock.ts';

const searchTool: ToolDefinition = {
  name: 'search_items',
  description:
    "Search the library for papers by topic or author, e.g. 'find papers on coral bleaching'. Returns matching items. " +
    'Do NOT use for tagging items (use tag_item).',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Words to look for.' },
      limit: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'Maximum number of items to return.' },
    },
    required: ['query'],
  },
};
const tagTool: ToolDefinition = {
  name: 'tag_item',
  description: "Add tags to one item, e.g. 'tag ABCD2345 with review'. Returns the item's tags. Do NOT use for finding items (use search_items).",
  inputSchema: {
    type: 'object',
    properties: {
      item_key: { type: 'string', pattern: '^[A-Z0-9]{8}$', description: 'The item key.' },
      tags: { type: 'array', items: { type: 'string' }, description: 'Tags to add.' },
    },
    required: ['item_key', 'tags'],
  },
};
const tools = [searchTool, tagTool];

function ask(query: string, extra: Partial<ModelRequest> = {}, model = createMockModel()) {
  return model.complete({ messages: [{ role: 'user', content: query }], tools, ...extra });
}

describe('mock model', () => {
  it('is the driver with id mock and answers the same way every time', async () => {
    const model = createMockModel();
    expect(model.id).toBe('mock');
    const first = await ask('find papers about coral bleaching', {}, model);
    for (let i = 0; i < 5; i++) expect(await ask('find papers about coral bleaching', {}, model)).toEqual(first);
    // A second driver, and a fresh copy of the tools (a content-cache hit), answer identically too.
    const copy = structuredClone(tools);
    const again = await createMockModel().complete({ messages: [{ role: 'user', content: 'find papers about coral bleaching' }], tools: copy });
    expect(again).toEqual(first);
  });

  it('calls the best tool with finish_reason tool_calls, JSON raw arguments and usage', async () => {
    const response = await ask("find papers on 'coral bleaching', top 5");
    expect(response.finishReason).toBe('tool_calls');
    expect(response.text).toBe('');
    expect(response.toolCalls).toHaveLength(1);
    const [call] = response.toolCalls;
    expect(call.name).toBe('search_items');
    expect(call.id).toMatch(/^call_[0-9a-f]{8}$/);
    expect(JSON.parse(call.rawArguments)).toEqual(call.arguments);
    expect(call.arguments).toEqual({ query: 'coral bleaching', limit: 5 });
    expect(response.usage?.promptTokens).toBeGreaterThan(50);
    expect(response.usage?.completionTokens).toBeGreaterThan(0);
  });

  it('answers in text when nothing scores above the threshold', async () => {
    const response = await ask('what a lovely morning');
    expect(response.toolCalls).toEqual([]);
    expect(response.finishReason).toBe('stop');
    expect(response.text).toMatch(/without a tool/);
  });

  it('honours tool_choice none, required and a named tool', async () => {
    expect((await ask('find papers on reefs', { toolChoice: 'none' })).toolCalls).toEqual([]);
    const required = await ask('what a lovely morning', { toolChoice: 'required' });
    expect(required.toolCalls).toHaveLength(1);
    const named = await ask('find papers on reefs', { toolChoice: { name: 'tag_item' } });
    expect(named.toolCalls[0].name).toBe('tag_item');
    await expect(ask('find papers', { toolChoice: { name: 'delete_everything' } })).rejects.toMatchObject({
      code: 'E_UNKNOWN_TOOL',
      tool: 'delete_everything',
    });
    await expect(ask('find papers', { toolChoice: { name: 'nope' } })).rejects.toBeInstanceOf(ToolvetError);
  });

  it('answers a tool result with text quoting it, so an agent loop ends', async () => {
    const model = createMockModel();
    const response = await model.complete({
      tools,
      messages: [
        { role: 'user', content: 'find papers on coral bleaching' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'search_items', rawArguments: '{"query":"coral"}', arguments: { query: 'coral' } }] },
        { role: 'tool', toolCallId: 'c1', content: '{"success":true,"data":{"total":2}}' },
      ],
    });
    expect(response.toolCalls).toEqual([]);
    expect(response.finishReason).toBe('stop');
    expect(response.text).toContain('"total":2');
  });

  it('counts words found only in a "Do NOT use for" clause against the tool', () => {
    const [search, tag] = ['search_items', 'tag_item'].map((name) => rankTools('tagging items', tools).find((s) => s.name === name)!);
    expect(search.penalised).toContain('tag');
    expect(search.penalty).toBeGreaterThan(0);
    expect(tag.penalty).toBe(0);
  });
});

describe('the flip test: rewording only a description moves the choice', () => {
  const query = 'I need the bibliography entries for my thesis';
  const lookup = (description: string): ToolDefinition => ({
    name: 'lookup_references',
    description,
    inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'Words to look for.' } }, required: ['query'] },
  });
  const export_: ToolDefinition = {
    name: 'export_citations',
    description: 'Export formatted citations for a document, e.g. a reference list in APA style.',
    inputSchema: { type: 'object', properties: { style: { type: 'string', enum: ['apa', 'chicago'], description: 'Citation style.' } }, required: [] },
  };

  it('picks the tool whose description mentions the request, then drops it once those words move into its exclusion clause', async () => {
    const before = lookup('Find bibliography entries in the library for a thesis or paper. Returns matching entries.');
    const after = lookup(
      'Find entries in the library by topic. Returns matching entries. Do NOT use for bibliography entries for a thesis (use export_citations).',
    );
    const model = createMockModel();
    const first = await model.complete({ messages: [{ role: 'user', content: query }], tools: [before, export_] });
    const second = await model.complete({ messages: [{ role: 'user', content: query }], tools: [after, export_] });
    expect(first.toolCalls[0]?.name).toBe('lookup_references');
    expect(second.toolCalls[0]?.name).not.toBe('lookup_references');
    const reworded = rankTools(query, [after, export_]).find((s) => s.name === 'lookup_references')!;
    expect(reworded.penalised).toEqual(expect.arrayContaining(['bibliographi', 'thesi']));
  });

  it('moves the choice with the exclusion clause alone: the same wording with the penalty off still calls the tool', async () => {
    const narrowed = lookup(
      'Find bibliography entries in the library. Returns matching entries. Do NOT use for a thesis reference list (use export_citations).',
    );
    const messages = [{ role: 'user' as const, content: 'find bibliography entries for my thesis' }];
    const withPenalty = rankTools(messages[0].content, [narrowed, export_]);
    const without = rankTools(messages[0].content, [narrowed, export_], { negativeWeight: 0 });
    const score = (ranked: typeof without) => ranked.find((s) => s.name === 'lookup_references')!.score;
    expect(score(withPenalty)).toBeLessThan(score(without));
    const off = await createMockModel({ negativeWeight: 0 }).complete({ messages, tools: [narrowed, export_] });
    expect(off.toolCalls[0]?.name).toBe('lookup_references');
  });

  it('calls a tool only above the threshold, which the option moves', async () => {
    const messages = [{ role: 'user' as const, content: 'find papers on coral bleaching' }];
    const top = rankTools(messages[0].content, tools)[0];
    const below = await createMockModel({ threshold: top.score + 0.01 }).complete({ messages, tools });
    const above = await createMockModel({ threshold: top.score - 0.01 }).complete({ messages, tools });
    expect(below.toolCalls).toEqual([]);
    expect(above.toolCalls[0]?.name).toBe(top.name);
  });
});

describe('oneOf alternatives', () => {
  const loadSkill: ToolDefinition = {
    name: 'load_skill',
    description: 'Load the instructions of one skill into the conversation when the task matches it.',
    inputSchema: {
      type: 'object',
      properties: {
        skill: {
          type: 'string',
          description: 'The skill to load.',
          oneOf: [
            { const: 'pdf-reader', description: 'Read text and tables out of PDF files. Do NOT use for Word documents (use docx-editor).' },
            { const: 'docx-editor', description: 'Create and edit Word .docx documents with tracked changes.' },
            { const: 'spreadsheet', description: 'Build Excel spreadsheets with formulas and charts.' },
          ],
        },
      },
      required: ['skill'],
    },
  };

  it('scores each alternative and fills the parameter with the winner', async () => {
    const model = createMockModel();
    const pick = async (query: string) => (await model.complete({ messages: [{ role: 'user', content: query }], tools: [loadSkill] })).toolCalls[0]?.arguments;
    expect(await pick('pull the tables out of this PDF file')).toEqual({ skill: 'pdf-reader' });
    expect(await pick('edit my Word document and keep tracked changes')).toEqual({ skill: 'docx-editor' });
    expect(await pick('build a spreadsheet with formulas for my budget')).toEqual({ skill: 'spreadsheet' });
    const ranked = rankTools('edit my Word document', [loadSkill]);
    expect(ranked.map((s) => s.alternative?.value)).toHaveLength(3);
    expect(ranked[0].alternative).toEqual({ param: 'skill', value: 'docx-editor' });
    expect(ranked.find((s) => s.alternative?.value === 'pdf-reader')!.penalised).toContain('word');
  });

  it('fills the best alternative when the tool is forced', async () => {
    const response = await createMockModel().complete({
      messages: [{ role: 'user', content: 'chart my budget in Excel' }],
      tools: [loadSkill],
      toolChoice: { name: 'load_skill' },
    });
    expect(response.toolCalls[0].arguments).toEqual({ skill: 'spreadsheet' });
  });
});

describe('the fast path agrees with the explained ranking', () => {
  it('picks the same candidate as rankTools for every bundled query', () => {
    for (const set of ['echo', 'refman', 'notebook']) {
      const tools = JSON.parse(readFileSync(new URL(`../../fixtures/tools/${set}.json`, import.meta.url), 'utf8')) as ToolDefinition[];
      const { cases } = parse(readFileSync(new URL(`../../fixtures/queries/${set}.yaml`, import.meta.url), 'utf8')) as { cases: Array<{ query: string }> };
      for (const { query } of cases) {
        const ranked = rankTools(query, tools);
        const index = indexTools(tools);
        const best = bestCandidate(index, terms(query));
        expect(index.candidates[best!.candidate].tool.name).toBe(ranked[0].name);
        expect(best!.score).toBeCloseTo(ranked[0].score, 10);
      }
    }
  });

  it('answers in text when no tools are sent, and still rejects a forced unknown tool', async () => {
    const model = createMockModel();
    const response = await model.complete({ messages: [{ role: 'user', content: 'find papers' }], tools: [] });
    expect(response).toMatchObject({ toolCalls: [], finishReason: 'stop' });
    await expect(model.complete({ messages: [{ role: 'user', content: 'x' }], tools: [], toolChoice: { name: 'a' } })).rejects.toMatchObject({ code: 'E_UNKNOWN_TOOL' });
  });
});

describe("a sibling's name in a description", () => {
  const tool = (name: string, description: string): ToolDefinition => ({ name, description, inputSchema: { type: 'object' } });
  const matched = (set: ToolDefinition[], query: string, name: string): string[] => rankTools(query, set).find((s) => s.name === name)!.matched;

  it('says nothing about the tool that names it: plain, dotted and odd names, wherever they stand', () => {
    const set = [
      tool('list_entries', 'Lists entries by folder; see get_note and notes.export, or "fetch page!" for the web.'),
      tool('get_note', 'Reads one note.'),
      tool('notes.export', 'Exports the notes.'),
      tool('fetch page!', 'Fetches a web page.'),
    ];
    expect(matched(set, 'get note notes export fetch page', 'list_entries')).toEqual([]);
    expect(matched(set, 'folder entries web', 'list_entries')).toEqual(terms('folder entries web'));
  });

  it('keeps its own name and words that only contain a sibling name', () => {
    const set = [tool('get_note', 'get_note reads one note, e.g. a get_notes_v2 draft, or v1.get_note.x.'), tool('note', 'A note.')];
    // "note" alone is the sibling: removed where it stands alone; inside get_note, get_notes_v2 and dotted runs it stays.
    expect(matched(set, 'get note notes draft', 'get_note')).toEqual(['get', 'note', 'draft']);
    expect(rankTools('v1', set).find((s) => s.name === 'get_note')!.matched).toEqual(['v1']);
  });
});
