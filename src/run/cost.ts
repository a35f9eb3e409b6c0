/**
 * Cost and speed: tokens, model and tool latency, turns and calls per case and scenario and for the
 * run, and an estimated price from the user's table (`--prices FILE`: per model, USD per million
 * tokens, `{"gpt-4o-mini": {"input": 0.15, "output": 0.6}}`). There are no built-in prices.
 */
import { readDataFile } from '../config/read-file.ts';
import { validateData } from '../config/validate.ts';
import type { CaseCost, CaseResult } from '../types.ts';
import type { RunCost, ScenarioResult } from './scenario-types.ts';

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

/** The cost of a single-turn case from its attempts: one model turn each, no tool runs. */
export function caseCost(c: CaseResult, price: Price | undefined): CaseCost {
  let promptTokens = 0;
  let completionTokens = 0;
  let modelLatencyMs = 0;
  let calls = 0;
  for (const a of c.attempts) {
    promptTokens += a.usage?.promptTokens ?? 0;
    completionTokens += a.usage?.completionTokens ?? 0;
    modelLatencyMs += a.latencyMs;
    if (typeof a.chosen === 'string') calls += 1;
  }
  return { promptTokens, completionTokens, modelLatencyMs, toolLatencyMs: 0, turns: c.attempts.length, calls, cost: estimate(price, promptTokens, completionTokens) };
}

export const tokensOf = (cost: CaseCost): number => cost.promptTokens + cost.completionTokens;
export const latencyOf = (cost: CaseCost): number => cost.modelLatencyMs + cost.toolLatencyMs;

/** Nearest-rank percentile; 0 for no values. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
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
  const total = (pick: (c: CaseCost) => number): number => all.reduce((sum, c) => sum + pick(c), 0);
  const out: RunCost = {
    items: all.length,
    promptTokens: total((c) => c.promptTokens),
    completionTokens: total((c) => c.completionTokens),
    modelLatencyMs: total((c) => c.modelLatencyMs),
    toolLatencyMs: total((c) => c.toolLatencyMs),
    turns: total((c) => c.turns),
    calls: total((c) => c.calls),
    maxTokensPerCase: all.reduce((max, c) => Math.max(max, tokensOf(c)), 0),
    p95LatencyMs: percentile(all.map(latencyOf), 95),
    cost: all.length > 0 && all.every((c) => c.cost !== null) ? total((c) => c.cost ?? 0) : price ? 0 : null,
  };
  if (price) out.price = price;
  return out;
}

/** `$0.0123`: enough digits for the cents a small eval costs. */
export const money = (x: number | null): string => (x === null ? '-' : `$${x < 0.01 ? x.toFixed(6) : x.toFixed(4)}`);
