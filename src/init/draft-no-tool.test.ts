import { describe, expect, it } from 'vitest';
import type { ToolDefinition } from '../types.ts';
import { domainOf, noToolRequests, servedBy } from './draft-no-tool.ts';

const tool = (name: string, description: string): ToolDefinition => ({ name, description, inputSchema: { type: 'object' } });

const graph = [
  tool('create_entities', 'Create multiple new entities in the knowledge graph'),
  tool('search_nodes', 'Search for nodes in the knowledge graph based on a query'),
  tool('read_graph', 'Read the entire knowledge graph'),
  tool('delete_entities', 'Delete multiple entities and their relations from the knowledge graph'),
  tool('add_observations', 'Add new observations to existing entities in the knowledge graph'),
  tool('open_nodes', 'Open specific nodes in the knowledge graph by their names'),
  tool('delete_relations', 'Delete multiple relations from the knowledge graph'),
];
const calculator = [tool('multiply', 'Multiply two numbers and return the product'), tool('add', 'Add two numbers and return the sum'), tool('get_time', 'Get the current time of day')];

describe('no-tool drafts: near the domain, served by no tool', () => {
  it('finds the words the descriptions keep coming back to', () => {
    expect(domainOf(graph)).toBe('knowledge graph');
    expect(domainOf(calculator)).toBe('numbers');
    expect(domainOf([tool('a', 'Echo text.'), tool('b', 'Sleep a while.')])).toBeUndefined();
  });

  it('drafts requests about the domain that no tool takes', () => {
    const reports = [
      tool('make_digest', 'Summarise a long quarterly report into five bullet points for the board, keeping the figures intact'),
      tool('make_chart', 'Draw a bar chart of monthly revenue from a quarterly report for the review'),
    ];
    const drafts = noToolRequests(reports);
    expect(drafts.domain).toBe('quarterly report');
    // Two description words in one request are enough for the mock to call a tool: the head word alone is not.
    expect(drafts.dropped.map((d) => [d.query, d.reason])).toEqual([
      ['Tell me a joke about quarterly report.', 'make_chart matches its words'],
      ["Thanks, that's everything I wanted to know about quarterly report today.", 'make_chart matches its words'],
      ['What rhymes with "quarterly report"?', 'make_chart matches its words'],
    ]);
    expect(drafts.queries).toEqual(['Tell me a joke about report.', "Thanks, that's everything I wanted to know about report today."]);
  });

  it('drops a domain request a tool would take, and general requests fill in', () => {
    // Seven short descriptions all saying "knowledge graph": the mock would call a tool on those words.
    const drafts = noToolRequests(graph);
    expect(drafts.queries).toHaveLength(2);
    for (const query of drafts.queries) expect(servedBy(query, graph)).toBeUndefined();
    for (const d of drafts.dropped) expect(d.reason).toMatch(/matches its words|acts with/);
  });

  it.each([
    // A calculator serves arithmetic: the old generic draft is refused for it.
    ['What is 17 times 3? Multiply them.', calculator, 'multiply matches its words'],
    ['Please multiply 17 by 3', calculator, 'multiply matches its words'],
    // One description word in common scores below the mock's threshold; the verb still says a tool acts so.
    ['Summarise my day', [tool('report_digest', 'Summarise a long quarterly report into five bullet points for the board, keeping the figures and the dates intact')], 'a tool acts with "summarise"'],
    ['Tell me a joke about numbers.', calculator, undefined],
  ] as const)('servedBy(%j)', (query, tools, reason) => {
    expect(servedBy(query, tools)).toBe(reason);
  });

  it('never keeps a candidate a tool could serve, and says why it dropped it', () => {
    const thanks = [tool('say_thanks', 'Say thanks to the user, that is all it does'), tool('joke', 'Tell a joke about anything the user asks for')];
    const drafts = noToolRequests(thanks);
    for (const query of drafts.queries) expect(servedBy(query, thanks)).toBeUndefined();
    expect(drafts.dropped.length).toBeGreaterThan(0);
  });
});
