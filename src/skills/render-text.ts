/**
 * Console text for the skills commands: lint findings grouped by skill (with file and line), and the
 * skills eval report (per-skill trigger table, confusion matrix, failed cases, behaviour table).
 * Tables by cli-table3, colours by picocolors (off when not a TTY or NO_COLOR is set).
 */
import Table from 'cli-table3';
import { relative } from 'node:path';
import pc from 'picocolors';
import type { Finding, LintReport } from '../lint/framework.ts';
import type { ToolvetResult } from '../report/model.ts';
import type { Discovery } from './discover.ts';
import { discoveryWarnings } from './lint-skills.ts';
import type { BehaviourEvalResult, DiscoveryInfo, TriggerEvalResult } from './result-types.ts';
import { skillId } from './skill-file.ts';
import { sanitizeLine as one } from '../safety/terminal.ts';
import { calibrationLine, judgeCostText, judgeTag } from '../judge/calibration-text.ts';

const style = (): { head: string[]; border: string[] } => (pc.isColorSupported ? { head: ['cyan'], border: ['grey'] } : { head: [], border: [] });
const pct = (x: number | null): string => (x === null ? '-' : `${(x * 100).toFixed(0)}%`);
const SEVERITY_COLOUR = { error: pc.red, warn: pc.yellow, info: pc.blue } as const;

function discoveryLine(d: Pick<DiscoveryInfo, 'roots' | 'shadowed' | 'missing'> & { skills: unknown[] }): string {
  const roots = d.roots.map((r) => `${r.scope} ${r.dir}${r.exists ? '' : ' (absent)'}`).join('; ');
  return `${d.skills.length} skill(s) in ${roots}${d.shadowed.length ? `; ${d.shadowed.length} shadowed` : ''}${d.missing.length ? `; ${d.missing.length} folder(s) without SKILL.md` : ''}`;
}

/** Mirrors tool lint's text form (src/lint/render-text.ts), grouped by skill instead of by tool. */
export function renderSkillLintText(discovery: Discovery, report: LintReport, failOn: string, failed: boolean): string {
  const out = [pc.dim(discoveryLine(discovery))];
  const groups = new Map<string, Finding[]>();
  for (const f of report.findings) {
    const key = f.target ?? '(skills folders)';
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  const line = (f: Finding) => {
    const where = f.file ? `${shownPath(f.file)}${f.line !== undefined ? `:${f.line}` : ''}` : f.path;
    return `    ${SEVERITY_COLOUR[f.severity](f.severity.padEnd(5))}  ${f.ruleId.padEnd(30)} ${pc.dim(one(where))}\n           ${one(f.message)}`;
  };
  for (const skill of discovery.skills) {
    const findings = groups.get(skillId(skill)) ?? [];
    groups.delete(skillId(skill));
    out.push(pc.bold(one(skillId(skill))) + pc.dim(` (${skill.scope}, ${one(shownPath(skill.file))}${skill.hidden ? `, in hidden folder ${skill.hidden}` : ''})`));
    out.push(...(findings.length ? findings.map(line) : [`    ${pc.green('no findings')}`]));
  }
  // Findings about folders rather than loaded skills: shadowed copies, folders without SKILL.md.
  for (const [target, findings] of groups) out.push(pc.bold(one(target)), ...findings.map(line));
  for (const w of discoveryWarnings(discovery)) out.push(pc.yellow(`warning ${w.code}: ${w.message}`) + (w.hint ? pc.dim(`\n  hint: ${w.hint}`) : ''));
  const s = report.summary;
  const verdict = failed ? pc.red(`fails at --fail-on ${failOn}`) : pc.green(`passes at --fail-on ${failOn}`);
  out.push('', `${s.error} error(s), ${s.warn} warning(s), ${s.info} info (profile ${report.profile}); ${verdict}`);
  return out.join('\n');
}

function triggerTables(t: TriggerEvalResult): string[] {
  const out: string[] = [];
  const stats = new Table({ head: ['skill', 'positives', 'negatives', 'recall', 'false triggers', 'cases passed', 'failed'], style: style() });
  for (const s of t.perSkill) stats.push([s.skill, s.positives, s.negatives, pct(s.recall), pct(s.falseTriggerRate), s.casesPassed, s.casesFailed]);
  out.push(pc.bold(`Trigger eval: ${t.cases.length} cases x ${t.repeat}, pass at >= ${t.threshold}`), stats.toString());
  const columns = [...t.offered, '(none)', '(invalid)', '(error)'].filter((c) => t.offered.includes(c) || Object.values(t.confusion).some((r) => r[c]) || Object.values(t.negativeConfusion).some((r) => r[c]));
  for (const [title, matrix] of [['expected (positives) \\ loaded', t.confusion], ['near misses of \\ loaded', t.negativeConfusion]] as const) {
    const rows = Object.keys(matrix);
    if (rows.length === 0) continue;
    const table = new Table({ head: [title, ...columns], style: style() });
    for (const row of rows) table.push([row, ...columns.map((c) => (matrix[row][c] ? String(matrix[row][c]) : '.'))]);
    out.push(table.toString());
  }
  const failed = t.cases.filter((c) => c.state !== 'passed');
  if (failed.length > 0) {
    const table = new Table({ head: ['case', 'query', 'should', 'rate', 'reason'], colWidths: [24, 40, 8, 7, 44], wordWrap: true, style: style() });
    for (const c of failed) table.push([c.id, c.query, c.shouldTrigger ? 'load' : 'not', pct(c.triggerRate), c.reason]);
    out.push(pc.bold('Trigger cases not passed'), table.toString());
  }
  return out;
}

function behaviourTable(b: BehaviourEvalResult): string[] {
  const table = new Table({ head: ['case', 'behaviour', 'judged by', 'state', 'skill', 'no skill', 'discr.'], colWidths: [30, 32, 20, 10, 8, 9, 8], wordWrap: true, style: style() });
  const colour = { passed: pc.green, failed: pc.red, errored: pc.magenta, unscored: pc.dim } as const;
  for (const s of b.behaviours) {
    table.push([s.caseId, s.behaviour, s.judge === 'mechanical' ? (s.form ?? '') : s.judge === 'llm' ? judgeTag(b.judgeCalibration) : s.judge, colour[s.state](s.state), pct(s.passRate), pct(s.baselinePassRate), s.discriminates === null ? '-' : s.discriminates ? 'yes' : pc.yellow('NO')]);
  }
  return [
    pc.bold(`Behaviour eval: ${b.cases.length} cases, judge ${b.judge}, max ${b.maxTurns} turns`),
    table.toString(),
    `${b.passed} passed, ${b.failed} failed, ${b.errored} errored, ${b.unscored} unscored, ${b.nonDiscriminating} do not discriminate`,
    ...(b.judgeCost ? [calibrationLine(b.judgeCalibration, b.judge), judgeCostText(b.judgeCost)] : []),
  ];
}

export function renderSkillsEvalText(result: ToolvetResult): string {
  const skills = result.skills;
  const out: string[] = [];
  if (skills) {
    out.push(discoveryLine(skills.discovery), '');
    for (const f of skills.evalsErrors ?? []) {
      out.push(pc.red(`evals file of skill "${f.skill}" did not load (${f.code}); its cases did not run:`), pc.dim(`  ${f.file}`));
      for (const g of f.problems) out.push(`  ${g.path}`, ...g.problems.map((p) => `    ${p}`));
      out.push('');
    }
    if (skills.trigger) out.push(...triggerTables(skills.trigger), '');
    if (skills.behaviour) out.push(...behaviourTable(skills.behaviour), '');
  }
  for (const w of result.warnings) out.push(pc.yellow(`warning ${w.code}: ${w.message}`));
  for (const e of result.errors) out.push(pc.red(`error ${e.code}: ${e.message}`));
  const status = result.verdict.status;
  const label = status === 'pass' ? pc.green('PASS') : status === 'none' ? pc.yellow('NO GATE') : status === 'fail' ? pc.red('FAIL') : pc.magenta('ERROR');
  out.push(`${label}${result.verdict.reasons.length ? `: ${result.verdict.reasons.join('; ')}` : ''}`);
  return out.join('\n');
}

/** A path relative to the working folder; a URI (a skill served over MCP: `skill://...`) as it is. */
function shownPath(file: string): string {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(file) ? file : relative(process.cwd(), file) || file;
}
