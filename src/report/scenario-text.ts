/**
 * Scenarios and cost in plain text: one line per scenario, then each trajectory (turns, calls with
 * arguments and results, held-back calls, the final answer), then the run's tokens, time and cost.
 */
import { fmtMs } from '../run/gates.ts';
import { CostFold, money } from '../run/cost.ts';
import { casesElsewhere, type SuiteCostRow } from './cases-elsewhere.ts';
import type { CaseCost } from '../types.ts';
import type { ScenarioResult, ScenarioSummary, TrajectoryCall } from '../run/scenario-types.ts';
import type { ToolvetResult } from './model.ts';
import { clipText } from '../safety/clip.ts';
import { calibrationLine, judgeCostText, judgeTag } from '../judge/calibration-text.ts';

const clip = (text: string, max: number): string => clipText(text, max, { flatten: true });

export const callArgs = (call: TrajectoryCall): string => (call.arguments ? JSON.stringify(call.arguments) : call.rawArguments || '(no arguments)');

export const callStatus = (call: TrajectoryCall): string => (call.status === 'held' ? 'HELD BACK' : call.status === 'invalid' ? 'NOT RUN' : call.isError ? 'error' : 'ok');

/** Each input request of a call and its answer, one line each (text, Markdown and HTML show the same). */
export const inputLines = (call: TrajectoryCall): string[] =>
  (call.inputs ?? []).map((i) => {
    const asked = `asked ${i.message ? `"${clip(i.message, 160)}"` : 'for input'}${i.fields.length ? ` (fields: ${i.fields.join(', ')})` : ''}`;
    const answer = i.unanswered ? 'no answers: entry matched (told cancel)' : `${i.action}${i.content ? ` ${clip(JSON.stringify(i.content), 120)}` : ''} (match "${clip(i.matched ?? '', 40)}")`;
    return `${asked} -> ${answer}`;
  });

export function costLine(cost: ScenarioResult['cost']): string {
  return `${cost.turns} turn(s), ${cost.calls} call(s), ${cost.promptTokens}+${cost.completionTokens} tokens, model ${fmtMs(cost.modelLatencyMs)}, tools ${fmtMs(cost.toolLatencyMs)}${cost.cost !== null ? `, ${money(cost.cost)}` : ''}`;
}

export function trajectoryText(s: ScenarioResult, judge?: ScenarioSummary['judge']): string {
  const lines = [`${s.state.toUpperCase()} ${s.suite}/${s.id}: ${s.reason}`, `  request: ${clip(s.query, 200)}`];
  for (const turn of s.turns) {
    lines.push(`  turn ${turn.turn} (${turn.finishReason}, ${fmtMs(turn.latencyMs)}, ${turn.promptTokens}+${turn.completionTokens} tokens)${turn.text && turn.calls.length ? `: ${clip(turn.text, 120)}` : ''}`);
    for (const call of turn.calls) {
      lines.push(`    -> ${call.tool} ${clip(callArgs(call), 160)} [${callStatus(call)}${call.status === 'ran' ? `, ${fmtMs(call.latencyMs)}` : ''}]`);
      for (const line of inputLines(call)) lines.push(`       ? ${line}`);
      lines.push(`       ${call.why ? `${call.why}` : `<- ${clip(call.result, 200)}`}`);
    }
  }
  if (s.stop === 'answer') lines.push(`  answer: ${clip(s.finalAnswer, 300)}`);
  else lines.push(`  stopped: ${s.stop === 'max-turns' ? `maxTurns ${s.maxTurns} reached` : s.stop === 'budget' ? 'budget spent' : s.stop}`);
  if (s.stateCall) lines.push(`  state: ${s.stateCall.tool} ${JSON.stringify(s.stateCall.arguments)} <- ${clip(s.stateCall.result, 200)}`);
  if (s.judged) lines.push(`  judged: ${s.judged.verdict} (${judgeTag(judge?.calibration)}): ${clip(s.judged.reason, 200)}${s.judged.evidence ? `; quoted ${JSON.stringify(clip(s.judged.evidence, 120))}` : ''}`);
  lines.push(`  cost: ${costLine(s.cost)}`);
  return lines.join('\n');
}

/** A run's scenarios in one line, with the judge's calibration and cost when judged (the matrix and loading rows). */
export function scenarioSummaryText(sum: ScenarioSummary): string {
  const judge = sum.judge ? `; ${calibrationLine(sum.judge.calibration, sum.judge.id)}; ${judgeCostText(sum.judge.cost)}` : '';
  return `scenarios ${sum.passed} passed, ${sum.failed} failed, ${sum.errored} errored of ${sum.scenarios}${judge}`;
}

export function renderScenariosText(result: ToolvetResult): string | undefined {
  const scenarios = result.scenarios;
  if (!scenarios?.length) return undefined;
  const sum = result.scenarioSummary;
  const head = `Scenarios: ${sum?.passed ?? 0} passed, ${sum?.failed ?? 0} failed, ${sum?.errored ?? 0} errored of ${scenarios.length}; ${sum?.calls ?? 0} calls, ${sum?.heldBack ?? 0} held back`;
  const judge = sum?.judge;
  const judgeLines = judge ? `\n${calibrationLine(judge.calibration, judge.id)}\n${judgeCostText(judge.cost)}` : '';
  return `${[head + judgeLines, ...scenarios.map((s) => trajectoryText(s, judge))].join('\n\n')}\n`;
}

/** Cost per query set: its cases and scenarios together (precomputed for a result that holds only some cases). */
export function costBySuite(result: ToolvetResult): SuiteCostRow[] {
  const given = casesElsewhere(result)?.costBySuite;
  if (given) return given;
  const groups = new Map<string, CostFold>();
  const add = (suite: string, cost: CaseCost): void => {
    let fold = groups.get(suite);
    if (!fold) groups.set(suite, (fold = new CostFold()));
    fold.add(cost);
  };
  for (const c of result.cases ?? []) if (c.cost) add(c.suite, c.cost);
  for (const sc of result.scenarios ?? []) add(sc.suite, sc.cost);
  return suiteCostRows(groups);
}

export function suiteCostRows(groups: ReadonlyMap<string, CostFold>): SuiteCostRow[] {
  return [...groups].map(([suite, fold]) => {
    const r = fold.result();
    return { suite, items: r.items, tokens: r.promptTokens + r.completionTokens, modelMs: r.modelLatencyMs, toolMs: r.toolLatencyMs, p95Ms: r.p95LatencyMs, cost: r.cost };
  });
}

/** One line: what the tool list costs in every request, per suite when they differ. */
export function renderToolTokensText(result: ToolvetResult): string | undefined {
  const tokens = result.toolTokens;
  if (!tokens) return undefined;
  if (tokens.loading === 'search') {
    return `Tool list (deferred loading): the search tool and what it loaded, about ${tokens.meanPerRequest ?? tokens.perRequest} tokens per request on average and ${tokens.perRequest} at most, ${(tokens.requestsPerAttempt ?? 1).toFixed(2)} requests per case; estimated at 4 characters per token`;
  }
  const sizes = new Set((result.suites ?? []).map((s) => s.toolTokens));
  const perSuite = sizes.size > 1 ? ` (${(result.suites ?? []).map((s) => `${s.suite} ${s.toolTokens ?? 0}`).join(', ')})` : '';
  return `Tool list: about ${tokens.perRequest} tokens in every request${perSuite}, estimated at 4 characters per token`;
}

export function renderCostText(result: ToolvetResult): string | undefined {
  const cost = result.cost;
  if (!cost || cost.items === 0) return undefined;
  const price = cost.price ? ` at ${cost.price.key}'s price ($${cost.price.input}/$${cost.price.output} per 1M tokens, ${cost.price.file})` : ' (no price: pass --prices FILE)';
  const bySuite = costBySuite(result);
  const perSuite = bySuite.length > 1 ? bySuite.map((r) => `\n  ${r.suite}: ${r.items} case(s), ${r.tokens} tokens, model ${fmtMs(r.modelMs)}, tools ${fmtMs(r.toolMs)}, p95 ${fmtMs(r.p95Ms)}, ${money(r.cost)}`).join('') : '';
  return (
    `Cost and speed: ${cost.items} case(s) and scenario(s), ${cost.promptTokens} prompt + ${cost.completionTokens} completion tokens (most in one: ${cost.maxTokensPerCase}), ` +
    `${cost.turns} turn(s), ${cost.calls} call(s); model ${fmtMs(cost.modelLatencyMs)}, tools ${fmtMs(cost.toolLatencyMs)}, p95 per case ${fmtMs(cost.p95LatencyMs)}; ` +
    `estimated cost ${money(cost.cost)}${price}${perSuite}`
  );
}
