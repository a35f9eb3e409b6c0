/**
 * Scenarios and cost in Markdown (a table, then each trajectory folded in <details>), HTML (a
 * timeline per scenario) and JUnit (one testcase per scenario). Each returns undefined when the
 * result has no scenarios or no cost, so the report leaves the section out.
 */
import { money } from '../run/cost.ts';
import { fmtMs } from '../run/gates.ts';
import type { ScenarioResult, ScenarioSummary, TrajectoryCall } from '../run/scenario-types.ts';
import type { CaseCost } from '../types.ts';
import { esc, htmlTable } from './html/escape.ts';
import type { JUnitCase, JUnitSuite } from './junit-sections.ts';
import { code, details, joinMd, md, table, type Md } from './markdown-kit.ts';
import type { ToolvetResult } from './model.ts';
import { callArgs, callStatus, costBySuite, costLine, inputLines, renderCostText, renderToolTokensText, trajectoryText } from './scenario-text.ts';
import { clipText } from '../safety/clip.ts';
import { calibrationLine, judgeCostText, judgeTag } from '../judge/calibration-text.ts';

const ICON = { passed: '✅', failed: '❌', errored: '⚠️', skipped: '➖' } as const;
const clip = (text: string, max: number): string => clipText(text, max);
const tokens = (c: CaseCost): number => c.promptTokens + c.completionTokens;
const heldCount = (s: ScenarioResult): number => s.turns.reduce((n, t) => n + t.calls.filter((c) => c.status === 'held').length, 0);

const SUITE_HEAD = ['query set', 'cases', 'tokens', 'model time', 'tool time', 'p95 per case', 'est. cost'];
const suiteRow = (r: ReturnType<typeof costBySuite>[number]): string[] => [r.suite, `${r.items}`, `${r.tokens}`, fmtMs(r.modelMs), fmtMs(r.toolMs), fmtMs(r.p95Ms), money(r.cost)];

// ---------------------------------------------------------------- Markdown

function markdownCall(call: TrajectoryCall): Md {
  const body = call.why ?? clip(call.result, 300);
  const inputs = joinMd(inputLines(call).map((line) => md`; ${line}`), '');
  return md`  - ${code(call.tool)} ${code(clip(callArgs(call), 200))} **${callStatus(call)}**${inputs}: ${body}`;
}

function markdownTrajectory(s: ScenarioResult, judge?: ScenarioSummary['judge']): Md {
  const lines: Md[] = [md`Request: ${s.query}`, md``];
  for (const turn of s.turns) {
    lines.push(md`- turn ${turn.turn} (${turn.finishReason}, ${fmtMs(turn.latencyMs)}, ${turn.promptTokens}+${turn.completionTokens} tokens)${turn.text && turn.calls.length ? md`: ${clip(turn.text, 200)}` : md``}`);
    for (const call of turn.calls) lines.push(markdownCall(call));
  }
  lines.push(md``, s.stop === 'answer' ? md`Answer: ${clip(s.finalAnswer, 500)}` : md`Stopped: ${s.stop === 'max-turns' ? `maxTurns ${s.maxTurns} reached` : s.stop}`);
  if (s.stateCall) lines.push(md``, md`State: ${code(s.stateCall.tool)} returned ${clip(s.stateCall.result, 300)}`);
  if (s.judged) lines.push(md``, md`Judged: ${s.judged.verdict} (${judgeTag(judge?.calibration)}): ${clip(s.judged.reason, 300)}${s.judged.evidence ? md`; quoted ${clip(s.judged.evidence, 200)}` : md``}`);
  lines.push(md``, md`Cost: ${costLine(s.cost)}`);
  return joinMd(lines, '\n');
}

export function scenariosMarkdown(result: ToolvetResult): Md | undefined {
  const scenarios = result.scenarios;
  if (!scenarios?.length) return undefined;
  const sum = result.scenarioSummary;
  const rows = scenarios.map((s) => [`${ICON[s.state]} ${s.suite}/${s.id}`, s.cost.turns, s.cost.calls, heldCount(s), tokens(s.cost), fmtMs(s.cost.modelLatencyMs + s.cost.toolLatencyMs), money(s.cost.cost), s.reason]);
  const head = md`#### Scenarios: ${sum?.passed ?? 0}/${scenarios.length} passed${sum?.heldBack ? `, ${sum.heldBack} call(s) held back` : ''}`;
  const folded = scenarios.map((s) => details(md`${ICON[s.state]} ${`${s.suite}/${s.id}`}: ${clip(s.reason, 160)}`, markdownTrajectory(s, sum?.judge)));
  const judge = sum?.judge ? md`${calibrationLine(sum.judge.calibration, sum.judge.id)}; ${judgeCostText(sum.judge.cost)}.` : undefined;
  return joinMd([head, ...(judge ? [judge] : []), table(['scenario', 'turns', 'calls', 'held back', 'tokens', 'time', 'cost', 'reason'], rows), ...folded]);
}

export function costMarkdown(result: ToolvetResult): Md | undefined {
  const cost = result.cost;
  if (!cost || cost.items === 0) return undefined;
  const rows = [[cost.items, cost.promptTokens, cost.completionTokens, cost.maxTokensPerCase, cost.turns, cost.calls, fmtMs(cost.modelLatencyMs), fmtMs(cost.toolLatencyMs), fmtMs(cost.p95LatencyMs), money(cost.cost)]];
  const price = cost.price ? md`Prices: ${cost.price.key} at $${cost.price.input} / $${cost.price.output} per million prompt / completion tokens (${cost.price.file}).` : md`No price table (--prices FILE): cost not estimated.`;
  const bySuite = costBySuite(result);
  const perSuite = bySuite.length > 1 ? [details(md`Cost per query set (${bySuite.length})`, table(SUITE_HEAD, bySuite.map(suiteRow)))] : [];
  const toolTokens = renderToolTokensText(result);
  return joinMd([md`#### Cost and speed`, table(['cases', 'prompt tokens', 'completion tokens', 'most in one case', 'turns', 'calls', 'model time', 'tool time', 'p95 per case', 'est. cost'], rows), price, ...(toolTokens ? [md`${toolTokens}.`] : []), ...perSuite]);
}

// ---------------------------------------------------------------- HTML

export const SCENARIO_STYLES = `
.timeline { list-style: none; margin: 6px 0 14px; padding: 0 0 0 14px; border-left: 2px solid var(--line); }
.timeline > li { margin: 0 0 8px; position: relative; }
.timeline > li::before { content: ""; position: absolute; left: -20px; top: 5px; width: 10px; height: 10px; border-radius: 50%; background: var(--line); }
.timeline .call { margin: 3px 0 3px 12px; }
.timeline .held { color: var(--warn); font-weight: 600; }
.timeline .result { color: var(--muted); white-space: pre-wrap; word-break: break-word; }
.timeline .answer { border: 1px solid var(--line); border-radius: 6px; padding: 6px 10px; background: #f8faf9; }
`;

function htmlCall(call: TrajectoryCall): string {
  const status = callStatus(call);
  const cls = call.status === 'ran' ? (call.isError ? 'state-failed' : 'state-passed') : call.status === 'held' ? 'held' : 'state-errored';
  const time = call.status === 'ran' ? ` · ${fmtMs(call.latencyMs)}` : '';
  return `<div class="call">→ <code>${esc(call.tool)}</code> <code>${esc(clip(callArgs(call), 400))}</code> <span class="${cls}">${esc(status)}</span>${time}${inputLines(call).map((line) => `<div class="result">${esc(line)}</div>`).join('')}<div class="result">${esc(call.why ?? clip(call.result, 600))}</div></div>`;
}

function htmlTimeline(s: ScenarioResult, judge?: ScenarioSummary['judge']): string {
  const items = s.turns.map(
    (t) =>
      `<li><b>turn ${t.turn}</b> <span class="note">${esc(t.finishReason)} · ${fmtMs(t.latencyMs)} · ${t.promptTokens}+${t.completionTokens} tokens</span>${t.text && t.calls.length ? ` <span>${esc(clip(t.text, 300))}</span>` : ''}${t.calls.map(htmlCall).join('')}</li>`,
  );
  items.push(
    s.stop === 'answer'
      ? `<li><b>answer</b><div class="answer">${esc(clip(s.finalAnswer, 1500))}</div></li>`
      : `<li><b class="state-failed">stopped</b> ${esc(s.stop === 'max-turns' ? `maxTurns ${s.maxTurns} reached` : s.stop)}</li>`,
  );
  if (s.judged) items.push(`<li><b>judged</b> <span class="state-${s.judged.verdict === 'pass' ? 'passed' : 'failed'}">${esc(s.judged.verdict)}</span> <span class="note">(${esc(judgeTag(judge?.calibration))})</span> ${esc(clip(s.judged.reason, 300))}${s.judged.evidence ? `<div class="result">quoted ${esc(clip(s.judged.evidence, 200))}</div>` : ''}</li>`);
  if (s.stateCall) items.push(`<li><b>state</b> <code>${esc(s.stateCall.tool)}</code><div class="result">${esc(clip(s.stateCall.result, 600))}</div></li>`);
  return `<ol class="timeline">${items.join('')}</ol><p class="note">${esc(costLine(s.cost))}</p>`;
}

export function scenariosHtml(result: ToolvetResult): string | undefined {
  const scenarios = result.scenarios;
  if (!scenarios?.length) return undefined;
  const judge = result.scenarioSummary?.judge;
  const rows = scenarios.map((s) => [
    `<code>${esc(`${s.suite}/${s.id}`)}</code>`,
    `<span class="state-${s.state}">${esc(s.state)}</span>`,
    `${s.cost.turns}`,
    `${s.cost.calls}`,
    `${heldCount(s)}`,
    `${tokens(s.cost)}`,
    esc(fmtMs(s.cost.modelLatencyMs + s.cost.toolLatencyMs)),
    esc(money(s.cost.cost)),
    esc(s.reason),
  ]);
  const blocks = scenarios.map(
    (s) => `<details${s.pass ? '' : ' open'}><summary><span class="state-${s.state}">${esc(s.state)}</span> ${esc(`${s.suite}/${s.id}`)}: ${esc(clip(s.query, 160))}</summary>${htmlTimeline(s, judge)}</details>`,
  );
  const judgeNote = judge ? `<p class="note">${esc(calibrationLine(judge.calibration, judge.id))}; ${esc(judgeCostText(judge.cost))}.</p>` : '';
  return `${judgeNote}${htmlTable(['scenario', 'state', 'turns', 'calls', 'held back', 'tokens', 'time', 'cost', 'reason'], rows)}${blocks.join('\n')}`;
}

export function costHtml(result: ToolvetResult): string | undefined {
  const text = renderCostText(result);
  const cost = result.cost;
  if (!text || !cost) return undefined;
  const tile = (value: string, label: string) => `<div class="tile"><b>${esc(value)}</b><span>${esc(label)}</span></div>`;
  return `<div class="tiles">${[
    tile(`${cost.promptTokens + cost.completionTokens}`, `tokens (${cost.promptTokens} prompt + ${cost.completionTokens} completion)`),
    tile(`${cost.maxTokensPerCase}`, 'most tokens in one case'),
    tile(fmtMs(cost.modelLatencyMs), 'model time'),
    tile(fmtMs(cost.toolLatencyMs), 'tool time'),
    tile(fmtMs(cost.p95LatencyMs), 'p95 per case'),
    tile(`${cost.turns} / ${cost.calls}`, 'turns / calls'),
    tile(money(cost.cost), cost.price ? `est. cost (${cost.price.key})` : 'est. cost (no --prices)'),
  ].join('')}</div>${htmlTable(SUITE_HEAD, costBySuite(result).map((r) => suiteRow(r).map(esc)))}`;
}

// ---------------------------------------------------------------- JUnit

export function scenarioSuites(result: ToolvetResult): JUnitSuite[] {
  const bySuite = new Map<string, ScenarioResult[]>();
  for (const s of result.scenarios ?? []) bySuite.set(s.suite, [...(bySuite.get(s.suite) ?? []), s]);
  return [...bySuite].map(([name, scenarios]) => ({
    name: `scenarios: ${name}`,
    cases: scenarios.map((s): JUnitCase => {
      const body = trajectoryText(s, result.scenarioSummary?.judge);
      const out: JUnitCase = { name: `${s.suite}/${s.id}: ${clip(s.query, 80)}`, classname: `toolvet.scenario.${s.suite}`, timeMs: s.cost.modelLatencyMs + s.cost.toolLatencyMs };
      if (s.state === 'failed') out.failure = { message: s.reason, type: s.checks.find((c) => !c.pass)?.id ?? 'scenario', body };
      else if (s.state === 'errored') out.error = { message: s.reason, type: s.error?.code ?? 'errored', body };
      else out.output = body;
      return out;
    }),
  }));
}
