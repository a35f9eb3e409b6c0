import { describe, expect, it } from 'vitest';
import { parseBehaviour, scoreMechanically, type RunView } from './behaviour-forms.ts';

describe('parseBehaviour: the offline forms must match the whole behaviour', () => {
  it.each([
    ['Calls search_items', 'calls-tool', 'search_items'],
    ['uses the `get_item` tool.', 'calls-tool', 'get_item'],
    ['Does not call add_item', 'not-calls-tool', 'add_item'],
    ["Doesn't use tag_item", 'not-calls-tool', 'tag_item'],
    ['Never calls move_item', 'not-calls-tool', 'move_item'],
    ['Loads skill xlsx', 'loads-skill', 'xlsx'],
    ['Loads the xlsx skill', 'loads-skill', 'xlsx'],
    ['Mentions "read-only"', 'mentions', 'read-only'],
    ['Says “API key”.', 'mentions', 'API key'],
    ['Asks the user a question', 'asks-question', ''],
    ['Asks a clarifying question.', 'asks-question', ''],
  ])('%s', (text, form, subject) => {
    expect(parseBehaviour(text)).toEqual({ form, subject });
  });
  it.each(['Calls search_items with the year 2020', 'Mentions the API key', 'Explains the read-only interface', 'Asks which collection to use'])('not a form: %s', (text) => {
    expect(parseBehaviour(text)).toBeUndefined();
  });
});

describe('scoreMechanically', () => {
  const view: RunView = {
    run: {
      toolCalls: [{ name: 'search_items', arguments: { query: 'coral' }, result: '[]', isError: false }],
      loadedSkills: ['pdf'],
      transcript: [
        { role: 'user', content: 'find coral papers' },
        { role: 'assistant', content: 'Nothing found. Shall I search for reefs instead?' },
      ],
    },
    offeredTools: new Set(['search_items', 'add_item', 'load_skill']),
    knownSkills: new Set(['pdf', 'xlsx']),
  };
  it.each([
    ['Calls search_items', 'passed'],
    ['Calls add_item', 'failed'],
    ['Does not call add_item', 'passed'],
    ['Does not call search_items', 'failed'],
    ['Loads skill pdf', 'passed'],
    ['Loads skill xlsx', 'failed'],
    ['Mentions "REEFS"', 'passed'],
    ['Mentions "bleaching"', 'failed'],
    ['Asks the user a question', 'passed'],
    ['Calls get_item', 'errored'],
    ['Loads skill nothing', 'errored'],
  ])('%s -> %s', (behaviour, state) => {
    expect(scoreMechanically(behaviour, view)?.state).toBe(state);
  });
  it('leaves anything else to the judge (undefined)', () => {
    expect(scoreMechanically('Summarises the findings', view)).toBeUndefined();
  });
  it('a reply without a question fails the question form', () => {
    const quiet = { ...view, run: { ...view.run, transcript: [{ role: 'assistant' as const, content: 'Done.' }] } };
    expect(scoreMechanically('Asks the user a question', quiet)?.state).toBe('failed');
  });
});
