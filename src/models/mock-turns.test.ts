/** How the mock plays multi-turn requests: clause splitting, and the turns over the fixture to-do tools. */
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ToolDefinition } from '../types.ts';
import { createMockModel } from './mock.ts';
import { splitClauses, strongOnly } from './mock-turns.ts';

// The fixture server's own definitions (a path in a variable: the .mjs has no type declarations).
const TODO_SERVER = '../../fixtures/servers/todo.mjs';
const tools = ((await import(TODO_SERVER)) as { tools: Array<{ definition: ToolDefinition }> }).tools.map((t) => t.definition);

describe('splitClauses', () => {
  it.each([
    ["add 'milk', then show the list", ["add 'milk'", 'show the list'], [false, false]],
    ["add 'milk and eggs' and then show it", ["add 'milk and eggs'", 'show it'], [false, false]],
    ['add milk and show the list', ['add milk', 'show the list'], [false, true]],
    ['Add milk. Show the list; clear it after that', ['Add milk', 'Show the list', 'clear it'], [false, true, false]],
    ['show the list', ['show the list'], [false]],
  ])('%s', (text, clauses, weak) => {
    const split = splitClauses(text);
    expect(split.map((c) => c.text)).toEqual(clauses);
    expect(split.map((c) => c.weak)).toEqual(weak);
  });

  it('strongOnly undoes weak joins', () => {
    expect(strongOnly(splitClauses('add milk and show the list, then clear it')).map((c) => c.text)).toEqual(['add milk and show the list', 'clear it']);
  });
});

/** Plays a request to the end, answering each call with a canned result; returns the calls and the answer. */
async function play(request: string, maxTurns = 6): Promise<{ calls: string[]; answer: string }> {
  const model = createMockModel();
  const messages: ChatMessage[] = [{ role: 'user', content: request }];
  const calls: string[] = [];
  for (let turn = 0; turn < maxTurns; turn++) {
    const response = await model.complete({ messages, tools });
    if (response.toolCalls.length === 0) return { calls, answer: response.text };
    expect(response.toolCalls).toHaveLength(1);
    const call = response.toolCalls[0];
    calls.push(`${call.name} ${call.rawArguments}`);
    messages.push({ role: 'assistant', content: '', toolCalls: [call] });
    messages.push({ role: 'tool', content: `result of ${call.name}`, toolCallId: call.id });
  }
  return { calls, answer: '(no answer)' };
}

describe('the mock in an agent loop', () => {
  it('calls one tool per clause, in order, then answers quoting every result', async () => {
    const { calls, answer } = await play("Add 'call mum' to my list, then add 'book dentist', and then show me the list");
    expect(calls).toEqual(['add_todo {"title":"call mum"}', 'add_todo {"title":"book dentist"}', 'list_todos {}']);
    expect(answer).toBe('Done in 3 steps. 1. add_todo returned: result of add_todo 2. add_todo returned: result of add_todo 3. list_todos returned: result of list_todos');
  });

  it('splits on "and" when the clause leads with its tool\'s action', async () => {
    expect((await play("Add 'call mum' to my to-do list and show me the list")).calls).toEqual(['add_todo {"title":"call mum"}', 'list_todos {}']);
  });

  it('keeps a request of one intent whole', async () => {
    const { calls, answer } = await play("Put 'water the plants' on my to-do list");
    expect(calls).toEqual(['add_todo {"title":"water the plants"}']);
    expect(answer).toBe('The tool returned: result of add_todo');
  });

  it('is deterministic: the same request plays the same calls with the same ids', async () => {
    const a = await createMockModel().complete({ messages: [{ role: 'user', content: "add 'x', then show the list" }], tools });
    const b = await createMockModel().complete({ messages: [{ role: 'user', content: "add 'x', then show the list" }], tools });
    expect(a).toEqual(b);
  });
});
