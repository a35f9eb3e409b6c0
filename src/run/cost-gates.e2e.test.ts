/**
 * The cost and speed gates through the CLI, on single-turn cases and a scenario against the live
 * to-do server: each exits 1 with its reason printed when exceeded, and 0 within its limit.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/testing.ts';
import { readResult, todoWorld, type TodoWorld } from '../testing/todo-server.ts';

let world: TodoWorld;
let queries = '';
let prices = '';

beforeAll(() => {
  world = todoWorld();
  queries = world.queries('todo.yaml', {
    servers: ['todo'],
    cases: [{ id: 'show', query: 'Show me my to-do list', expect: { tool: 'list_todos' } }],
    scenarios: [{ id: 'add-then-list', query: "Please add 'buy oat milk' to my list, then show me the list", allow: ['add_todo'], expect: {} }],
  });
  prices = join(world.dir, 'prices.json');
  // $3 / $15 per million tokens: the scenario's ~2,800 tokens cost about $0.01.
  writeFileSync(prices, JSON.stringify({ mock: { input: 3, output: 15 } }));
});

const evalArgs = (...extra: string[]): string[] => ['eval', '--start-timeout', '120000', '--config', world.config, '--queries', queries, ...extra];

describe('cost and speed gates', () => {
  it('--max-tokens-per-case: exceeded exits 1 naming the case; within exits 0', async () => {
    const over = await runCli(evalArgs('--max-tokens-per-case', '1000'), { timeoutMs: 120_000 });
    expect(over.code).toBe(1);
    expect(over.stdout).toMatch(/FAIL.*1 case\(s\) used more than --max-tokens-per-case 1000 tokens: todo\/add-then-list \(\d{4}\)/);
    const within = await runCli(evalArgs('--max-tokens-per-case', '100000'), { timeoutMs: 120_000 });
    expect(within.code).toBe(0);
  }, 300_000);

  it('--max-cost: exceeded exits 1 with the estimate; within exits 0', async () => {
    const json = join(world.dir, 'cost.json');
    const over = await runCli(evalArgs('--prices', prices, '--max-cost', '0.001', '--json', json), { timeoutMs: 120_000 });
    expect(over.code).toBe(1);
    expect(over.stdout).toMatch(/estimated cost \$0\.0\d+ is above --max-cost \$0\.001000 \(\d+ prompt \+ \d+ completion tokens at mock's price\)/);
    const cost = readResult(json).cost!;
    expect(cost.cost).toBeCloseTo((cost.promptTokens * 3 + cost.completionTokens * 15) / 1e6, 12);
    const within = await runCli(evalArgs('--prices', prices, '--max-cost', '1'), { timeoutMs: 120_000 });
    expect(within.code).toBe(0);
  }, 300_000);

  it('--max-cost without --prices is a usage error; a table without the model is an error, not a pass', async () => {
    const bare = await runCli(evalArgs('--max-cost', '1'), { timeoutMs: 120_000 });
    expect(bare.code).toBe(3);
    expect(bare.stderr).toContain('E_USAGE: --max-cost needs --prices FILE: Toolvet has no built-in prices');
    const other = join(world.dir, 'other.json');
    writeFileSync(other, JSON.stringify({ 'gpt-4o-mini': { input: 0.15, output: 0.6 } }));
    const unpriced = await runCli(evalArgs('--prices', other, '--max-cost', '1'), { timeoutMs: 120_000 });
    expect(unpriced.code).toBe(2);
    expect(unpriced.stdout).toContain(`--max-cost needs a price for model "mock", which ${other} does not have`);
  }, 300_000);

  it('--max-p95-latency: exceeded exits 1 naming the slowest case; within exits 0', async () => {
    const over = await runCli(evalArgs('--max-p95-latency', '0.001'), { timeoutMs: 120_000 });
    expect(over.code).toBe(1);
    expect(over.stdout).toMatch(/p95 latency [\d.]+ ms is above --max-p95-latency 0\.001 ms \(slowest: todo\/(show|add-then-list), [\d.]+ ms\)/);
    const within = await runCli(evalArgs('--max-p95-latency', '600000'), { timeoutMs: 120_000 });
    expect(within.code).toBe(0);
  }, 300_000);

  it('a bad price table is refused before anything runs, naming the path', async () => {
    const bad = join(world.dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ mock: { input: '3' } }));
    const run = await runCli(evalArgs('--prices', bad), { timeoutMs: 120_000 });
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(/E_FILE_INVALID: .*price table.*\$\.mock/);
  }, 120_000);
});
