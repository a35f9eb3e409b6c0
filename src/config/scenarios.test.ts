import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkQuerySetTools, loadQuerySet } from './query-set.ts';
import { loadEvalInputs } from '../run/eval-run.ts';
import { fixture } from '../cli/testing.ts';
import { tempDir } from '../testing/temp-dir.ts';

function write(name: string, content: string): string {
  const file = join(tempDir('toolvet-sc-'), name);
  writeFileSync(file, content);
  return file;
}

const FULL = `servers: [todo]
isolation: run
cases:
  - query: show my list
    expect: {tool: list_todos}
scenarios:
  - id: add-then-list
    system: "You manage the user's to-do list."
    messages: [{role: user, content: "hi"}, {role: assistant, content: "hello"}]
    query: "Please add 'buy oat milk' to my list, then show me the list"
    maxTurns: 4
    allow: [add_todo]
    tags: [smoke]
    expect:
      calls:
        order: exact
        maxExtra: 1
        steps:
          - {tool: add_todo, args: {title: ["buy oat milk"], due: {any: true, optional: true}}}
          - {tool: list_todos}
      notTools: [clear_todos]
      results: {noErrors: true}
      answer: {contains: ["oat milk"], matches: "oat ?milk", notContains: ["sorry"]}
      state: {call: {tool: list_todos, args: {status: open}}, contains: ["oat milk"], matches: "t\\\\d", notContains: ["plumber"]}
      budget: {turns: 4, tokens: 4000, latencyMs: 30000}
  - query: "show me the list"
`;

describe('scenarios in query sets', () => {
  it('reads every key beside cases, with defaults for the rest', () => {
    const set = loadQuerySet(write('todo.yaml', FULL));
    expect(set.cases).toHaveLength(1);
    expect(set.isolation).toBe('run');
    const [full, bare] = set.scenarios;
    expect(full).toEqual({
      id: 'add-then-list',
      suite: 'todo',
      system: "You manage the user's to-do list.",
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'hello' },
      ],
      query: "Please add 'buy oat milk' to my list, then show me the list",
      maxTurns: 4,
      allow: ['add_todo'],
      tags: ['smoke'],
      expect: {
        calls: {
          order: 'exact',
          maxExtra: 1,
          steps: [{ tool: 'add_todo', args: { title: { anyOf: ['buy oat milk'], optional: false }, due: { anyOf: [], optional: true, any: true } } }, { tool: 'list_todos' }],
        },
        notTools: ['clear_todos'],
        results: { noErrors: true },
        answer: { contains: ['oat milk'], matches: 'oat ?milk', notContains: ['sorry'] },
        state: { call: { tool: 'list_todos', args: { status: 'open' } }, contains: ['oat milk'], matches: 't\\d', notContains: ['plumber'] },
        budget: { turns: 4, tokens: 4000, latencyMs: 30000 },
      },
    });
    expect(bare).toEqual({ id: 's2', suite: 'todo', query: 'show me the list', maxTurns: 8, allow: [], expect: {} });
  });

  it('a set of scenarios alone is valid; a set with neither cases nor scenarios is not', () => {
    expect(loadQuerySet(write('only.yaml', 'scenarios: [{query: hi}]\n')).cases).toEqual([]);
    expect(() => loadQuerySet(write('none.yaml', 'servers: [todo]\n'))).toThrow(expect.objectContaining({ code: 'E_FILE_INVALID' }));
  });

  it.each([
    ['an unknown key', 'scenarios: [{query: hi, expect: {calls: {steps: [], ordr: exact}}}]', '$.scenarios[0].expect.calls.ordr'],
    ['a wrong order', 'scenarios: [{query: hi, expect: {calls: {order: sorted, steps: []}}}]', '$.scenarios[0].expect.calls.order'],
    ['a zero maxTurns', 'scenarios: [{query: hi, maxTurns: 0}]', '$.scenarios[0].maxTurns'],
    ['a system role in messages', 'scenarios: [{query: hi, messages: [{role: system, content: x}]}]', '$.scenarios[0].messages[0].role'],
    ['a negative maxExtra', 'scenarios: [{query: hi, expect: {calls: {maxExtra: -1, steps: []}}}]', '$.scenarios[0].expect.calls.maxExtra'],
  ])('refuses %s, naming the path', (_what, yaml, path) => {
    expect(() => loadQuerySet(write('bad.yaml', `${yaml}\n`))).toThrow(expect.objectContaining({ code: 'E_FILE_INVALID', path }));
  });

  it('refuses a bad regular expression and a repeated id', () => {
    expect(() => loadQuerySet(write('re.yaml', 'scenarios: [{query: hi, expect: {answer: {matches: "oat ("}}}]\n'))).toThrow(
      expect.objectContaining({ code: 'E_FILE_INVALID', path: '$.scenarios[0].expect.answer.matches' }),
    );
    expect(() => loadQuerySet(write('dup.yaml', 'scenarios: [{id: a, query: x}, {id: a, query: y}]\n'))).toThrow(/\$\.scenarios\[1\]\.id "a" repeats \$\.scenarios\[0\]\.id/);
  });

  it('refuses a tool name no server lists, wherever the scenario names it', () => {
    const set = loadQuerySet(write('todo.yaml', FULL));
    const tools = new Set(['add_todo', 'list_todos', 'clear_todos']);
    expect(() => checkQuerySetTools(set, tools)).not.toThrow();
    const without = new Set(['add_todo', 'list_todos']);
    expect(() => checkQuerySetTools(set, without)).toThrow(expect.objectContaining({ code: 'E_UNKNOWN_TOOL', path: '$.scenarios[0].expect.notTools', tool: 'clear_todos' }));
  });

  it('scenarios need live servers: with --tools definitions alone the run stops before it starts', () => {
    const file = write('only.yaml', 'scenarios: [{query: hi}]\n');
    expect(() => loadEvalInputs({ toolsFiles: [fixture('tools/refman.json')], queries: [file] })).toThrow(
      expect.objectContaining({ code: 'E_USAGE', message: expect.stringContaining('has scenarios, which run their calls on live servers: pass --config FILE') }),
    );
  });
});
