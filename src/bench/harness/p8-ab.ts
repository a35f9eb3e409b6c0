/**
 * P8: the sequential A/B's power over many seeds, with a stochastic model of our own
 * (overlap-model.ts: softmax over word overlap, temperature 0.3) on the refman fixtures. For each
 * seed the A/B runs, within the default budget, on three pairs: the harmful rewording (its true cost,
 * computed exactly from the model's choice probabilities, is printed), the harmless one, and no
 * change at all. Targets (issue 16): harmful "regressed" in >= 95% of seeds; harmless passes the
 * gate in >= 90%; harmless or unchanged "regressed" in <= 5%.
 */
import { readFileSync } from 'node:fs';
import { loadQuerySet, runAb, scoreAttempt } from 'toolvet';
import { DEFAULT_AB_MARGIN } from '../../diff/ab.ts';
import { DEFAULT_AB_BUDGET } from '../../diff/ab-sequential.ts';
import type { Side } from '../../diff/sides.ts';
import type { AbResult } from '../../diff/types.ts';
import { inferArguments } from '../../models/mock-args.ts';
import type { ModelResponse, ToolDefinition } from '../../types.ts';
import { choiceProbabilities, createOverlapModel } from './overlap-model.ts';
import { fixture, type Figure } from './workload.ts';

const tools = (file: string): ToolDefinition[] => JSON.parse(readFileSync(fixture(`tools/${file}`), 'utf8')) as ToolDefinition[];
const side = (label: string, list: ToolDefinition[]): Side => ({ label, groups: new Map([['refman', list]]) }) as Side;

/** The exact accuracy of the overlap model on a tool list: each query's pass probability, averaged. */
export function trueAccuracy(list: ToolDefinition[], queries = fixture('queries/refman.yaml')): number {
  const set = loadQuerySet(queries);
  const byName = new Map(list.map((t) => [t.name, t]));
  let sum = 0;
  for (const c of set.cases) {
    for (const choice of choiceProbabilities(c.query, list)) {
      const response: ModelResponse =
        choice.name === null
          ? { text: 'No tool fits.', toolCalls: [], finishReason: 'stop' }
          : { text: '', toolCalls: [{ id: '1', name: choice.name, rawArguments: '', arguments: inferArguments(c.query, byName.get(choice.name)!) }], finishReason: 'tool_calls' };
      if (scoreAttempt(c, response, byName, 0).state === 'passed') sum += choice.p;
    }
  }
  return sum / set.cases.length;
}

interface Tally {
  verdicts: Record<string, number>;
  calls: number[];
  /** Runs whose last interval held the true change. */
  covered: number;
}

const passes = (v: string): boolean => v === 'no detectable change' || v === 'improved';

export async function benchP8(options: { seeds?: number } = {}): Promise<Figure[]> {
  const seeds = options.seeds ?? 100;
  const set = loadQuerySet(fixture('queries/refman.yaml'));
  const old = tools('refman.json');
  const pairs = { harmful: tools('refman-v2-harmful.json'), harmless: tools('refman-v2-harmless.json'), unchanged: old };
  const tallies: Record<string, Tally> = {};
  const base = trueAccuracy(old);
  for (const [name, list] of Object.entries(pairs)) {
    const truth = trueAccuracy(list) - base;
    const t: Tally = { verdicts: {}, calls: [], covered: 0 };
    for (let seed = 1; seed <= seeds; seed++) {
      const [ab] = (await runAb({ sets: [set], oldSide: side('old', old), newSide: side('new', list), model: createOverlapModel({ seed: seed * 7919 + name.length }), concurrency: 1 })) as AbResult[];
      t.verdicts[ab.verdict] = (t.verdicts[ab.verdict] ?? 0) + 1;
      t.calls.push(ab.sequential?.calls ?? 0);
      if (ab.interval.low <= truth + 1e-9 && truth - 1e-9 <= ab.interval.high) t.covered += 1;
    }
    tallies[name] = t;
  }
  const rate = (name: string, pick: (v: string) => boolean): number => Object.entries(tallies[name].verdicts).reduce((s, [v, n]) => s + (pick(v) ? n : 0), 0) / seeds;
  const budgetText = (name: string): string => {
    const calls = [...tallies[name].calls].sort((a, b) => a - b);
    return `median ${calls[Math.floor(calls.length / 2)]}, max ${calls[calls.length - 1]} of ${DEFAULT_AB_BUDGET} calls`;
  };
  const cost = trueAccuracy(pairs.harmful) - base;
  const coverage = Object.entries(tallies).map(([name, t]) => `${name} ${((100 * t.covered) / seeds).toFixed(1)}%`).join(', ');
  const detection = rate('harmful', (v) => v === 'regressed');
  const passing = rate('harmless', passes);
  const falseAlarm = Math.max(rate('harmless', (v) => v === 'regressed'), rate('unchanged', (v) => v === 'regressed'));
  const verdicts = (name: string): string => Object.entries(tallies[name].verdicts).map(([v, n]) => `${v} ${n}`).join(', ');
  const detail = `${seeds} seeds each, margin ${DEFAULT_AB_MARGIN}, budget ${DEFAULT_AB_BUDGET}; harmful (true change ${(cost * 100).toFixed(1)} points): ${verdicts('harmful')}, ${budgetText('harmful')}; harmless: ${verdicts('harmless')}, ${budgetText('harmless')}; unchanged: ${verdicts('unchanged')}, ${budgetText('unchanged')}; the last interval held the true change in: ${coverage}`;
  return [
    { id: 'P8', what: `A/B detection: harmful rewording (${(cost * 100).toFixed(1)} points) "regressed"`, value: detection * 100, unit: '% of seeds', target: '>= 95%', met: detection >= 0.95, detail },
    { id: 'P8', what: 'A/B pass rate: harmless rewording passes the gate', value: passing * 100, unit: '% of seeds', target: '>= 90%', met: passing >= 0.9, detail: `harmless: ${budgetText('harmless')}` },
    { id: 'P8', what: 'A/B false alarm: harmless or unchanged "regressed"', value: falseAlarm * 100, unit: '% of seeds', target: '<= 5%', met: falseAlarm <= 0.05, detail: `unchanged: ${budgetText('unchanged')}` },
  ];
}
