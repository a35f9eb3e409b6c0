/**
 * The HTML report's sections beyond eval: the diff table, flipped queries side by side, lint
 * findings, benchmark charts, skills (trigger heatmap) and probe. Each returns undefined when the
 * result has no such section, so the page simply leaves it out.
 */
import { calibrationLine, judgeCostText, judgeTag } from '../../judge/calibration-text.ts';
import { surfaceRows } from '../probe-surface-rows.ts';
import { benchTaskLabel, benchVerdict } from '../../bench/render-bench.ts';
import type { FlippedQuery, GatedChange } from '../../diff/types.ts';
import type { ToolvetResult } from '../model.ts';
import { pct, pointsText } from '../text.ts';
import { renderBarChart } from './bars.ts';
import { esc, htmlTable } from './escape.ts';
import { renderHeatmap } from './heatmap.ts';
import { wordDiffHtml } from './word-diff.ts';

const where = (c: { server?: string; tool: string }): string => esc(`${c.server ? `${c.server}/` : ''}${c.tool}`);

const STATUS_CLASS: Record<string, string> = { pass: 'state-passed', warn: 'level-retest', fail: 'state-failed', skip: 'level-safe' };

/** Old and new text of a change, when the diff carries them (description changes do). */
type TextChange = GatedChange & { before?: unknown; after?: unknown };

export function diffTable(result: ToolvetResult): string | undefined {
  const diff = result.diff;
  if (!diff) return undefined;
  const head = `<p>${diff.counts.breaking} breaking, ${diff.counts.retest} retest, ${diff.counts.safe} safe · <code>${esc(diff.old)}</code> → <code>${esc(diff.new)}</code> · fails on ${esc(diff.failOn)} · gate <b class="${diff.gate.pass ? 'state-passed' : 'state-failed'}">${diff.gate.pass ? 'pass' : 'fail'}</b></p>`;
  const order = { breaking: 0, retest: 1, safe: 2 };
  const rows = [...diff.changes]
    .sort((a, b) => order[a.level] - order[b.level])
    .map((c: TextChange) => {
      const text = typeof c.before === 'string' && typeof c.after === 'string' ? wordDiffHtml(c.before, c.after) : undefined;
      const message = esc(c.message) + (text ? `<div class="side"><div><h4>old</h4>${text.before}</div><div><h4>new</h4>${text.after}</div></div>` : '');
      return [`<span class="level-${c.level}">${c.level}</span>`, c.failing ? '<b class="state-failed">fails</b>' : 'passes', where(c), `<code>${esc(c.check)}</code>`, `<code>${esc(c.path || '(tool)')}</code>`, message + (c.accepted ? ` <span class="note">accepted until ${esc(c.accepted.expires)}: ${esc(c.accepted.reason)}</span>` : '')];
    });
  const issues = (diff.baseline?.issues ?? []).map((i) => `<li class="sev-warn">baseline ${esc(i.problem)}: ${esc(i.message)}</li>`).join('');
  return `${head}${rows.length ? htmlTable(['level', 'gate', 'tool', 'check', 'where', 'what changed'], rows) : '<p>No changes.</p>'}${issues ? `<ul>${issues}</ul>` : ''}`;
}

function abSummary(result: ToolvetResult): string {
  const rows = (result.diff?.ab ?? []).map((a) => [
    esc(a.suite),
    `${a.queries} × ${a.repeat}`,
    pct(a.oldAccuracy),
    pct(a.newAccuracy),
    pointsText(a.difference),
    `${pointsText(a.interval.low)} to ${pointsText(a.interval.high)}`,
    a.mcnemarP.toPrecision(3),
    `<b class="${a.failing ? 'state-failed' : 'state-passed'}">${esc(a.verdict)}</b>`,
  ]);
  return rows.length ? htmlTable(['query set', 'queries', 'old accuracy', 'new accuracy', 'change', 'interval (sequential)', 'McNemar p', 'verdict'], rows) : '';
}

/** The description each side showed for a tool, from description changes that carry their text. */
function descriptionsOf(result: ToolvetResult): Map<string, { before: string; after: string }> {
  const out = new Map<string, { before: string; after: string }>();
  for (const c of (result.diff?.changes ?? []) as TextChange[]) {
    if (c.check === 'description-changed' && typeof c.before === 'string' && typeof c.after === 'string') out.set(c.tool, { before: c.before, after: c.after });
  }
  return out;
}

function flipBlock(f: FlippedQuery, descriptions: Map<string, { before: string; after: string }>): string {
  const tools = [...new Set([f.expected, f.oldChoice, f.newChoice])].filter((t) => descriptions.has(t));
  const texts = tools.map((t) => ({ tool: t, ...wordDiffHtml(descriptions.get(t)!.before, descriptions.get(t)!.after) }));
  const side = (label: string, choice: string, rate: number, pick: 'before' | 'after') =>
    `<div><h4>${label}: chose <code>${esc(choice)}</code> (${pct(rate, 0)} of attempts passed)</h4>${texts.map((t) => `<p><code>${esc(t.tool)}</code>: ${t[pick]}</p>`).join('')}</div>`;
  const mark = f.direction === 'pass->fail' ? '<b class="state-failed">worse</b>' : '<b class="state-passed">better</b>';
  return `<div class="flip">${mark} <code>${esc(`${f.suite}/${f.id}`)}</code> “${esc(f.query)}” expects <code>${esc(f.expected)}</code><div class="side">${side('old descriptions', f.oldChoice, f.oldPassRate, 'before')}${side('new descriptions', f.newChoice, f.newPassRate, 'after')}</div></div>`;
}

export function flippedQueries(result: ToolvetResult): string | undefined {
  const ab = result.diff?.ab ?? [];
  if (ab.length === 0) return undefined;
  const descriptions = descriptionsOf(result);
  const flips = ab.flatMap((a) => a.flipped);
  const note = descriptions.size ? '' : '<p class="note">This result carries no description texts, so only the choices are compared.</p>';
  return `${abSummary(result)}${flips.length ? `${note}${flips.map((f) => flipBlock(f, descriptions)).join('\n')}` : '<p>No query flipped.</p>'}`;
}

export function lintFindings(result: ToolvetResult): string | undefined {
  const lint = result.lint;
  if (!lint) return undefined;
  const s = lint.summary;
  const head = `<p>profile <code>${esc(lint.profile)}</code> · fails on ${esc(lint.failOn)} · <span class="sev-error">${s.error} error</span>, <span class="sev-warn">${s.warn} warn</span>, <span class="sev-info">${s.info} info</span> · ${lint.sets.map((set) => `${esc(set.name)} (${set.tools} tools, ~${set.tokenEstimate} tokens)`).join(', ')}</p>`;
  const rows = lint.findings.map((f) => [`<span class="sev-${f.severity}">${f.severity}</span>`, `<code>${esc(f.ruleId)}</code>`, esc([f.server, f.target].filter(Boolean).join('/') || '(set)'), `<code>${esc(f.path)}</code>`, esc(f.message)]);
  // A long list starts folded (still readable without JavaScript: <details> is plain HTML).
  const list = rows.length ? `<details${rows.length <= 30 ? ' open' : ''}><summary>${rows.length} finding(s)</summary>${htmlTable(['severity', 'rule', 'tool', 'path', 'message'], rows)}</details>` : '<p>No findings.</p>';
  return `${head}${list}`;
}

export function benchCharts(result: ToolvetResult): string | undefined {
  const bench = result.bench;
  if (!bench) return undefined;
  const done = bench.tasks.filter((t) => t.state === 'completed' && t.meanMs !== undefined);
  const parts: string[] = [];
  if (done.length) {
    parts.push(renderBarChart({
      title: 'Mean time per task (ms)',
      series: [{ name: 'mean ms', colour: '#4a78c2' }, ...(done.some((t) => t.baseline) ? [{ name: 'baseline ms', colour: '#b0b7bf' }] : [])],
      rows: done.map((t) => ({ label: `${t.server} ${t.task}`, values: [t.meanMs ?? null, ...(done.some((d) => d.baseline) ? [t.baseline?.meanMs ?? null] : [])], texts: [`${t.meanMs!.toFixed(2)} ms ±${(t.rme ?? 0).toFixed(0)}%`, ...(t.baseline ? [`${t.baseline.meanMs.toFixed(2)} ms`] : ['-'])] })),
    }));
    const withRatio = done.filter((t) => t.ratio !== undefined);
    if (withRatio.length) {
      parts.push(renderBarChart({
        title: 'Ratio against the baseline (1.0 = unchanged)',
        series: [{ name: 'ratio', colour: '#e0913a' }],
        reference: { value: 1, label: '1.0x' },
        rows: withRatio.map((t) => ({ label: `${t.server} ${t.task}`, values: [t.ratio!], texts: [`${t.ratio!.toFixed(2)}x${t.flagged ? ' slower' : ''}`] })),
      }));
    }
  }
  const withBaseline = bench.baselineFile !== undefined;
  const rows = bench.tasks.map((t) => {
    const verdict = benchVerdict(t, bench.threshold);
    return [
      esc(t.server),
      esc(benchTaskLabel(t)),
      t.state === 'completed' ? (t.meanMs ?? 0).toFixed(2) : esc(t.state),
      t.p50Ms?.toFixed(2) ?? '-',
      t.p99Ms?.toFixed(2) ?? '-',
      t.samples === undefined ? '-' : `${t.samples}`,
      t.rme === undefined ? '-' : `±${t.rme.toFixed(1)}%`,
      ...(withBaseline ? [t.baseline?.p50Ms?.toFixed(2) ?? '-', t.ratio === undefined ? '-' : `${t.ratio.toFixed(2)}x`, t.flagged ? `<b class="state-failed">${esc(verdict)}</b>` : esc(verdict)] : []),
      esc(t.reason ?? ''),
    ];
  });
  parts.push(htmlTable(['server', 'task', 'mean ms', 'p50 ms', 'p99 ms', 'samples', 'rme', ...(withBaseline ? ['base p50', 'ratio', 'verdict'] : []), 'note'], rows));
  parts.push(`<p class="note">node ${esc(bench.environment.node)}, ${bench.environment.cpus} cpus${bench.baselineFile ? `, baseline ${esc(bench.baselineFile)}, ratios of medians, flagged at ${bench.threshold}x or more when the round medians of the two runs say so (rank test, p <= 0.01)` : ''}.</p>`);
  return parts.join('\n');
}

export function skillsSection(result: ToolvetResult): string | undefined {
  const skills = result.skills;
  if (!skills) return undefined;
  const parts = [`<p>${skills.discovery.skills.length} skill(s): ${skills.discovery.skills.map((s) => `<code>${esc(s.name)}</code> (${s.scope})`).join(', ')}</p>`];
  const trigger = skills.trigger;
  if (trigger) {
    parts.push(htmlTable(['skill', 'positives', 'negatives', 'recall', 'false triggers', 'cases passed'], trigger.perSkill.map((s) => [esc(s.skill), `${s.positives}`, `${s.negatives}`, pct(s.recall), pct(s.falseTriggerRate), `${s.casesPassed}/${s.casesPassed + s.casesFailed}`])));
    const heat = renderHeatmap(trigger.confusion);
    if (heat) parts.push(`<h3>Which skill loaded, by owning skill (positive cases)</h3>${heat}`);
  }
  const behaviour = skills.behaviour;
  if (behaviour) {
    if (behaviour.judgeCost) parts.push(`<p class="note">${esc(calibrationLine(behaviour.judgeCalibration, behaviour.judge))}; ${esc(judgeCostText(behaviour.judgeCost))}.</p>`);
    const judgedBy = (b: (typeof behaviour.behaviours)[number]): string => (b.judge === 'llm' ? judgeTag(behaviour.judgeCalibration) : b.judge === 'mechanical' ? (b.form ?? 'mechanical') : b.judge);
    parts.push(htmlTable(['skill', 'case', 'behaviour', 'judged by', 'state', 'with skill', 'without', 'discriminates'], behaviour.behaviours.map((b) => [esc(b.skill), esc(b.caseId), esc(b.behaviour), esc(judgedBy(b)), esc(b.state), pct(b.passRate), pct(b.baselinePassRate), b.discriminates === null ? '-' : b.discriminates ? 'yes' : '<b class="state-failed">no</b>'])));
  }
  return parts.join('\n');
}

export function probeSection(result: ToolvetResult): string | undefined {
  const probe = result.probe;
  if (!probe) return undefined;
  const rows = probe.servers.flatMap((p) => [
    [esc(p.server), '(server)', esc(p.unknownTool ? `unknown tool: ${p.unknownTool.shape}` : p.state), `<span class="${STATUS_CLASS[p.status]}">${p.status}</span>`, esc(p.unknownTool?.detail ?? p.error?.message ?? '')],
    ...p.toolProbes.map((t) => [esc(p.server), esc(t.tool), esc(t.state === 'skipped' ? `skipped: ${t.skipReason ?? ''}` : t.probes.map((x) => `${x.kind}: ${x.verdict}, ${x.shape}`).join(', ')), `<span class="${STATUS_CLASS[t.status]}">${t.status}</span>`, esc(t.probes.map((x) => x.detail).join(' · '))]),
    ...surfaceRows(p).map((r) => [esc(r.server), esc(r.name), esc(r.check), `<span class="${STATUS_CLASS[r.status]}">${r.status}</span>`, esc(r.detail)]),
  ]);
  const verdict = probe.unprobed.length > 0 ? `<b class="state-failed">Incomplete</b> (not probed: ${esc(probe.unprobed.map((u) => u.server).join(', '))})` : probe.conforms ? 'Conforms' : '<b class="state-failed">Does not conform</b>';
  return `<p>${verdict}: ${probe.summary.pass} pass, ${probe.summary.warn} warn, ${probe.summary.fail} fail.</p>${htmlTable(['server', 'tool', 'shape', 'status', 'detail'], rows)}`;
}
