import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../types.ts';
import { inferArguments } from './mock-args.ts';

const search: ToolDefinition = {
  name: 'search_items',
  description: "Search the library for items, e.g. 'find papers on coral bleaching'. Returns matching items.",
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Words to look for.' },
      item_type: { type: 'string', enum: ['any', 'journalArticle', 'book', 'thesis'], default: 'any', description: 'Kind of item.' },
      sort: { type: 'string', enum: ['relevance', 'year_newest', 'year_oldest'], default: 'relevance', description: 'Order.' },
      limit: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'Maximum number of items to return.' },
      include_abstract: { type: 'boolean', default: false, description: "Also return each item's abstract." },
    },
    required: ['query'],
  },
};
const tag: ToolDefinition = {
  name: 'tag_item',
  description: 'Add tags to one item. Returns its tags.',
  inputSchema: {
    type: 'object',
    properties: {
      item_key: { type: 'string', pattern: '^[A-Z0-9]{8}$', description: 'The item key.' },
      tags: { type: 'array', items: { type: 'string' }, description: 'The tags to add.' },
    },
    required: ['item_key', 'tags'],
  },
};
const addSource: ToolDefinition = {
  name: 'add_source',
  description: 'Add one source document to a notebook.',
  inputSchema: {
    type: 'object',
    properties: {
      notebook: { type: 'string', description: "The notebook's id or title." },
      source: { type: 'string', description: 'A local file path or an http(s) URL.' },
      max_pages: { type: 'integer', minimum: 1, maximum: 500, default: 100, description: 'Maximum number of pages to read.' },
    },
    required: ['notebook', 'source'],
  },
};

// The shapes of a real web-search server's parameters (Brave's brave_web_search), cut down.
const webSearch: ToolDefinition = {
  name: 'brave_web_search',
  description: 'Performs a web search using the Brave Search API.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'Search query' },
      search_lang: { type: 'string', enum: ['ar', 'eu', 'bn', 'en', 'lt', 'de', 'fr'], description: 'Search language preference' },
      safesearch: { type: 'string', enum: ['off', 'moderate', 'strict'], description: 'Filters search results for adult content' },
    },
    required: ['query'],
  },
};
const askNotebook: ToolDefinition = {
  name: 'query_notebook',
  description: 'Ask a question of one notebook.',
  inputSchema: { type: 'object', properties: { notebook: { type: 'string' }, question: { type: 'string' } }, required: ['notebook', 'question'] },
};
const tagList: ToolDefinition = {
  name: 'tag_item',
  description: 'Add tags to one item.',
  inputSchema: { type: 'object', properties: { item_key: { type: 'string', pattern: '^[A-Z0-9]{8}$' }, tags: { type: 'array', items: { type: 'string' } } }, required: ['item_key', 'tags'] },
};

describe('inferArguments fills only what the request says', () => {
  it.each([
    ['no enum value from a word in another sense', webSearch, 'Turn off the lights and search for reef news', { query: 'Turn off lights reef' }],
    ['no enum value unprompted', webSearch, 'search the web for kettlebell deals 30% off', { query: 'kettlebell deals 30 off' }],
    ['no two-letter code from inside a word ("LTS" is not "lt")', webSearch, 'What is the latest Node LTS release?', { query: 'Node LTS release' }],
    ['a short value named beside its parameter', webSearch, 'search reef news with safesearch off', { query: 'reef', safesearch: 'off' }],
    ['a two-letter code as a word of its own beside its parameter', webSearch, 'search for reef news, search language de', { query: 'reef language', search_lang: 'de' }],
    ['a required parameter named in the request takes the words before its name', askNotebook, 'Ask the Thesis notebook to summarise the methods', { notebook: 'Thesis', question: 'summarise methods' }],
    ['several words before the name', askNotebook, 'Using only the material in my Coral Reef Review notebook, explain why acidification matters', { notebook: 'Coral Reef Review', question: 'only material explain acidification matters' }],
    ['nothing invented when the request does not name it', askNotebook, 'What do my reef sources say about bleaching?', { question: 'reef sources say bleaching' }],
    ['the remainder as a one-item list for a required list of strings', tagList, 'Mark item GHJK8901 as important', { item_key: 'GHJK8901', tags: ['important'] }],
  ])('%s', (_label, tool, query, expected) => {
    expect(inferArguments(query, tool)).toEqual(expected);
  });
});

describe('inferArguments', () => {
  it.each([
    ['a quoted string goes to the string parameter', search, "find 'coral bleaching'", { query: 'coral bleaching' }],
    ['double and curly quotes work too', search, 'find “deep learning”', { query: 'deep learning' }],
    ['an enum value named in the request', search, 'show my books about reefs', { query: 'reefs', item_type: 'book' }],
    ['an enum value told apart by its distinctive word', search, "papers on 'reefs', newest first", { query: 'reefs', sort: 'year_newest' }],
    ['the number next to the parameter words', search, "top 'reefs' results, at most 7 items", { query: 'reefs', limit: 7 }],
    ['the only number to the only numeric parameter', search, "give me 5 on 'reefs'", { query: 'reefs', limit: 5 }],
    ['a number word', search, "three papers on 'reefs'", { query: 'reefs', limit: 3 }],
    ['a lone number out of bounds is left out', search, "papers on 'reefs' from 2019", { query: 'reefs' }],
    ['a boolean when its words appear', search, "find 'reefs' with abstracts", { query: 'reefs', include_abstract: true }],
    ['a negated boolean', search, "find 'reefs' without abstracts", { query: 'reefs', include_abstract: false }],
    ['the salient remainder for a required string', search, 'search the library for items on coral bleaching', { query: 'coral bleaching' }],
    ['a value matching the parameter pattern, and a quoted comma list as an array', tag, "tag ABCD2345 with 'to cite, review'", { item_key: 'ABCD2345', tags: ['to cite', 'review'] }],
    ['nothing is invented for a pattern parameter', tag, "tag my paper with 'review'", { tags: ['review'] }],
    ['a URL goes to the parameter described as a URL', addSource, 'add https://example.org/a to notebook nb-001', { notebook: 'nb-001', source: 'https://example.org/a' }],
    ['a file path, the remainder to the other string', addSource, 'add paper.pdf to my Thesis notebook', { notebook: 'Thesis', source: 'paper.pdf' }],
    ['a DOI is not mistaken for numbers', addSource, "add 'x.pdf' to 'Reefs', max 10.1038/abc pages", { notebook: 'Reefs', source: 'x.pdf' }],
  ])('%s', (_label, tool, query, expected) => {
    expect(inferArguments(query, tool)).toEqual(expected);
  });

  it('puts the winning oneOf alternative first and keeps schema order', () => {
    const tool: ToolDefinition = {
      name: 'load_skill',
      inputSchema: {
        type: 'object',
        properties: { skill: { type: 'string', oneOf: [{ const: 'pdf' }, { const: 'docx' }] }, reason: { type: 'string', description: 'Why.' } },
        required: ['skill'],
      },
    };
    expect(inferArguments('load it', tool, { param: 'skill', value: 'docx' })).toEqual({ skill: 'docx' });
  });

  it('leaves out what it cannot infer', () => {
    expect(inferArguments('please', search)).toEqual({});
  });
});
