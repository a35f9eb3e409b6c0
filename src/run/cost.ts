/**
 * Cost and speed: tokens, model and tool latency, turns and calls per case and scenario and for the
 * run, and an estimated price from the user's table (`--prices FILE`: per model, USD per million
 * tokens, `{"gpt-4o-mini": {"input": 0.15, "output": 0.6}}`). There are no built-in prices.
 */
import { readDataFile } from '../config/read-file.ts';
import { validateData } from '../config/validate.ts';
import type { CaseCost, CaseResult } from '../types.ts';
import type { RunCost, ScenarioResult } from './scenario-types.ts';
import { ExactSum } from '../scoring/exact-sum.ts';

export interface Price {
  input: number;
  output: number;
}

export interface PriceTable {
  file: string;
  prices: Record<string, Price>;
}

const pricesSchema = {
  type: 'object',
  minProperties: 1,
  additionalProperties: {
    type: 'object',
    required: ['input', 'output'],
    properties: { input: { type: 'number', minimum: 0 }, output: { type: 'number', minimum: 0 } },
    additionalProperties: false,
  },
} as const;

export function loadPrices(file: string): PriceTable {
  const prices = validateData<Record<string, Price>>(
    pricesSchema,
    readDataFile(file, 'price table'),
    file,
    'price table',
    'a price table maps a model name to USD per million tokens: {"gpt-4o-mini": {"input": 0.15, "output": 0.6}}; see docs/scenarios.md, "Cost and speed"',
  );
  return { file, prices };
}

/** The price of a model: its driver id (`mock`, `openai:NAME@URL`) or the NAME inside it. */
export function priceFor(table: PriceTable | undefined, modelId: string): { key: string; price: Price } | undefined {
  if (!table) return undefined;
  const name = /^openai:(.+)@/.exec(modelId)?.[1];
  for (const key of [modelId, name]) if (key !== undefined && table.prices[key]) return { key, price: table.prices[key] };
  return undefined;
}

export const estimate = (price: Price | undefined, promptTokens: number, completionTokens: number): number | null =>
  price ? (promptTokens * price.input + completionTokens * price.output) / 1_000_000 : null;

/** The cost of a single-turn case from its attempts: one model turn each (its searches too under deferred loading), no tool runs. */
export function caseCost(c: CaseResult, price: Price | undefined): CaseCost {
  let promptTokens = 0;
  let completionTokens = 0;
  let modelLatencyMs = 0;
  let calls = 0;
  let turns = 0;
  for (const a of c.attempts) {
    turns += a.toolSearch?.requests ?? 1;
    promptTokens += a.usage?.promptTokens ?? 0;
    completionTokens += a.usage?.completionTokens ?? 0;
    modelLatencyMs += a.latencyMs;
    if (typeof a.chosen === 'string') calls += 1;
  }
  return { promptTokens, completionTokens, modelLatencyMs, toolLatencyMs: 0, turns, calls, cost: estimate(price, promptTokens, completionTokens) };
}

export const tokensOf = (cost: CaseCost): number => cost.promptTokens + cost.completionTokens;
export const latencyOf = (cost: CaseCost): number => cost.modelLatencyMs + cost.toolLatencyMs;

/** Nearest-rank percentile; 0 for no values. */
export function percentile(values: readonly number[], p: number): number {
  return sortedPercentile([...values].sort((a, b) => a - b), p);
}

function sortedPercentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * Attaches a cost to every case and scenario (in place) and folds them into the run's totals.
 * `price` undefined leaves every cost null.
 */
export function costRun(cases: CaseResult[], scenarios: ScenarioResult[], table: PriceTable | undefined, modelId: string): RunCost {
  const found = priceFor(table, modelId);
  for (const c of cases) c.cost = caseCost(c, found?.price);
  for (const s of scenarios) s.cost.cost = estimate(found?.price, s.cost.promptTokens, s.cost.completionTokens);
  const price = table && found ? { file: table.file, key: found.key, ...found.price } : undefined;
  return foldCosts([...cases.map((c) => c.cost!), ...scenarios.map((s) => s.cost)], price);
}

/** The run's totals from every case's and scenario's cost; the run's cost is null when any item's is. */
export function foldCosts(all: readonly CaseCost[], price?: RunCost['price']): RunCost {
  const fold = new CostFold();
  for (const c of all) fold.add(c);
  return fold.result(price);
}

/**
 * The run's costs as a running fold, so cases need not stay in memory: totals as exact sums (the same
 * to the bit in any order), the largest case, and the case latencies for the p95. The percentile is
 * exact, not estimated: --max-p95-latency compares it with a limit, and an estimate near the limit
 * could flip the verdict. That takes one 8-byte number per case (0.4 MB at 50,000 cases, where a
 * kept case result took about 6 KB).
 */
export class CostFold {
  private items = 0;
  private readonly promptTokens = new ExactSum();
  private readonly completionTokens = new ExactSum();
  private readonly modelLatencyMs = new ExactSum();
  private readonly toolLatencyMs = new ExactSum();
  private readonly cost = new ExactSum();
  private turns = 0;
  private calls = 0;
  private maxTokens = 0;
  private allPriced = true;
  private latencies = new Float64Array(1024);

  add(c: CaseCost): void {
    if (this.items === this.latencies.length) {
      const grown = new Float64Array(this.latencies.length * 2);
      grown.set(this.latencies);
      this.latencies = grown;
    }
    this.latencies[this.items++] = latencyOf(c);
    this.promptTokens.add(c.promptTokens);
    this.completionTokens.add(c.completionTokens);
    this.modelLatencyMs.add(c.modelLatencyMs);
    this.toolLatencyMs.add(c.toolLatencyMs);
    this.turns += c.turns;
    this.calls += c.calls;
    this.maxTokens = Math.max(this.maxTokens, tokensOf(c));
    if (c.cost === null) this.allPriced = false;
    else this.cost.add(c.cost);
  }

  result(price?: RunCost['price']): RunCost {
    const out: RunCost = {
      items: this.items,
      promptTokens: this.promptTokens.value(),
      completionTokens: this.completionTokens.value(),
      modelLatencyMs: this.modelLatencyMs.value(),
      toolLatencyMs: this.toolLatencyMs.value(),
      turns: this.turns,
      calls: this.calls,
      maxTokensPerCase: this.maxTokens,
      // Sorted in place (a percentile needs no order of adding): a sorted copy was 0.4 MB more per fold at 50,000 cases, at the report, where P5 peaks.
      p95LatencyMs: sortedPercentile(this.latencies.subarray(0, this.items).sort(), 95),
      cost: this.items > 0 && this.allPriced ? this.cost.value() : price ? 0 : null,
    };
    if (price) out.price = price;
    return out;
  }
}

/** `$0.0123`: enough digits for the cents a small eval costs. */
export const money = (x: number | null): string => (x === null ? '-' : `$${x < 0.01 ? x.toFixed(6) : x.toFixed(4)}`);
