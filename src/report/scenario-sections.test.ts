/**
 * Scenarios, tokens, latency and cost in every report format, rendered from a real run: the mock model
 * against the live to-do server, with single-turn cases and scenarios in one query set.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderHtml } from '../../reporters/html.ts';
import { renderJUnit } from '../../reporters/junit.ts';
import { renderMarkdown } from '../../reporters/markdown.ts';
import { renderText } from '../../reporters/text.ts';
import { annotations } from '../../reporters/github.ts';
import { createMockModel } from '../models/mock.ts';
import { runEval } from '../run/eval-run.ts';
import { todoWorld } from '../testing/todo-server.ts';
import type { ToolvetResult } from './model.ts';
import { resultSchemaErrors } from './result-schema.ts';
import { mergeResults } from './merge.ts';

let result: ToolvetResult;

beforeAll(async () => {
  const world = todoWorld();
  const queries = world.queries('todo.yaml', {
    servers: ['todo'],
    cases: [
      { id: 'show', query: 'Show me my to-do list', expect: { tool: 'list_todos' } },
      { id: 'hello', query: 'Good morning!', expect: { tool: null } },
    ],
    scenarios: [
      { id: 'add-then-list', query: "Please add 'buy oat milk' to my list, then show me the list", allow: ['add_todo'], expect: { answer: { contains: ['oat milk'] } } },
      { id: 'wipe', query: 'Please clear all my to-dos', expect: {} },
    ],
  });
  const prices = join(world.dir, 'prices.json');
  writeFileSync(prices, JSON.stringify({ mock: { input: 2, output: 8 } }));
  result = await runEval({ config: world.config, queries: [queries], model: createMockModel(), prices });
}, 120_000);

describe('scenarios and cost in the reports', () => {
  it('the JSON result validates against the shipped schema, with a cost on every case and scenario', () => {
    expect(resultSchemaErrors(JSON.parse(JSON.stringify(result)))).toEqual([]);
    for (const c of result.cases!) expect(c.cost).toMatchObject({ turns: 1, toolLatencyMs: 0, cost: expect.any(Number) });
    expect(result.cases!.find((c) => c.id === 'show')!.cost!.calls).toBe(1);
    const s = result.scenarios!.find((x) => x.id === 'add-then-list')!;
    expect(s.cost.toolLatencyMs).toBeGreaterThan(0);
    expect(s.cost.cost).toBeCloseTo((s.cost.promptTokens * 2 + s.cost.completionTokens * 8) / 1e6, 12);
    const cost = result.cost!;
    expect(cost.items).toBe(4);
    expect(cost.promptTokens).toBe([...result.cases!.map((c) => c.cost!), ...result.scenarios!.map((x) => x.cost)].reduce((n, c) => n + c.promptTokens, 0));
    expect(cost.price).toMatchObject({ key: 'mock', input: 2, output: 8 });
    expect(result.verdict.reasons[0]).toMatch(/^1 of 2 scenario\(s\) failed; first todo\/wipe: 1 call\(s\) held back, not executed: clear_todos/);
  });

  it('text: each trajectory with its calls, arguments, results, held-back calls and answer; the cost line', () => {
    const text = renderText(result);
    expect(text).toContain('PASSED todo/add-then-list');
    expect(text).toMatch(/-> add_todo \{"title":"buy oat milk"\} \[ok, /);
    expect(text).toContain('-> clear_todos {} [HELD BACK]');
    expect(text).toMatch(/answer: Done in 2 steps\. 1\. add_todo returned/);
    expect(text).toMatch(/Cost and speed: 4 case\(s\) and scenario\(s\), \d+ prompt \+ \d+ completion tokens .* estimated cost \$0\.\d+ at mock's price/);
  });

  it('Markdown: a table, each trajectory folded in <details>, and the cost section', () => {
    const md = renderMarkdown(result);
    expect(md).toContain('#### Scenarios: 1/2 passed, 1 call(s) held back');
    expect(md).toMatch(/<details><summary>❌ todo\/wipe: 1 call\(s\) held back/);
    expect(md).toContain('`clear_todos` `{}` **HELD BACK**');
    expect(md).toContain('#### Cost and speed');
    expect(md).toMatch(/\| 4 \| \d+ \| \d+ \| \d+ \| \d+ \| \d+ \| [\d.]+ ms \| [\d.]+ ms \| [\d.]+ ms \| \$0\.\d+ \|/);
  });

  it('HTML: a timeline per scenario and the cost tiles', () => {
    const html = renderHtml(result);
    expect(html.match(/<ol class="timeline">/g)).toHaveLength(2);
    expect(html).toContain('<section id="scenarios">');
    expect(html).toContain('<span class="held">HELD BACK</span>');
    expect(html).toContain('<section id="cost">');
    expect(html).toMatch(/<b>\$0\.\d+<\/b><span>est\. cost \(mock\)<\/span>/);
  });

  it('JUnit: one testcase per scenario, the failed one a failure with its reason; costs in the case output', () => {
    const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(renderJUnit(result));
    const suites = [xml.testsuites.testsuite].flat() as Array<{ name: string; testcase: unknown }>;
    const scenarios = suites.find((s) => s.name === 'scenarios: todo')!;
    const cases = [scenarios.testcase].flat() as Array<{ name: string; failure?: { message: string; type: string }; 'system-out'?: string }>;
    expect(cases.map((c) => c.name)).toEqual(["todo/add-then-list: Please add 'buy oat milk' to my list, then show me the list", 'todo/wipe: Please clear all my to-dos']);
    expect(cases[1].failure).toMatchObject({ message: expect.stringMatching(/^1 call\(s\) held back/), type: 'held-back' });
    expect(cases[0]['system-out']).toContain('-> add_todo');
    const evalCases = [suites.find((s) => s.name === 'eval: todo')!.testcase].flat() as Array<{ 'system-out'?: string }>;
    expect(evalCases[0]['system-out']).toMatch(/cost: 1 turn\(s\), 1 call\(s\), \d+\+\d+ tokens, model [\d.]+ ms, tools 0 ms, \$0\.\d+/);
  });

  it('GitHub: a failed scenario is an error annotation with its reason', () => {
    expect(annotations(result)).toContainEqual({ level: 'error', title: 'toolvet scenario todo/wipe: failed', message: expect.stringMatching(/^"Please clear all my to-dos": 1 call\(s\) held back/) });
  });

  it('merged results (vitest shards) keep every scenario and refold the cost', () => {
    const merged = mergeResults([result, result]);
    expect(merged.scenarios).toHaveLength(4);
    expect(merged.scenarioSummary).toMatchObject({ scenarios: 4, passed: 2, failed: 2, heldBack: 2 });
    expect(merged.cost).toMatchObject({ items: 8, promptTokens: result.cost!.promptTokens * 2, price: result.cost!.price });
    expect(merged.cost!.cost).toBeCloseTo(result.cost!.cost! * 2, 12);
    expect(resultSchemaErrors(JSON.parse(JSON.stringify(merged)))).toEqual([]);
  });
});
