/** The report of `toolvet judge calibrate`, as console text and as Markdown (JSON is the result itself). */
import { joinMd, md, table, type Md } from '../report/markdown-kit.ts';
import { sanitizeLine } from '../safety/terminal.ts';
import type { CalibrationCase, CalibrationResult } from './calibrate.ts';
import { judgeCostText, kappaText, rateText } from './calibration-text.ts';

const disagreements = (r: CalibrationResult): CalibrationCase[] => r.cases.filter((c) => c.agrees === false);
const errors = (r: CalibrationResult): CalibrationCase[] => r.cases.filter((c) => c.judge === 'error');

function figures(r: CalibrationResult): Array<[string, string]> {
  const { stats } = r;
  return [
    ['agreement', rateText(stats.agreement)],
    ["Cohen's kappa", kappaText(stats.kappa)],
    ['false pass rate', `${rateText(stats.falsePassRate)}: the judge passed answers the human failed`],
  ];
}

export function renderCalibrationText(r: CalibrationResult): string {
  const { table: t } = r.stats;
  const line = (s: string): string => sanitizeLine(s);
  const out = [
    `Judge calibration: ${line(r.judge)} on ${r.total} labelled answer(s) from ${line(r.labels)}`,
    `  judged ${r.total - r.judgeErrors}, judge errors ${r.judgeErrors} (left out of the table)`,
    '                 human pass  human fail',
    `  judge pass   ${String(t.bothPass).padStart(10)}  ${String(t.judgePassHumanFail).padStart(10)}`,
    `  judge fail   ${String(t.judgeFailHumanPass).padStart(10)}  ${String(t.bothFail).padStart(10)}`,
    ...figures(r).map(([name, value]) => `  ${name}: ${value}`),
  ];
  const wrong = disagreements(r);
  if (wrong.length > 0) {
    out.push(`Disagreements (${wrong.length}):`);
    for (const c of wrong) out.push(`  ${line(c.id)}: human ${c.human}, judge ${c.judge}: ${line(c.reason)}${c.evidence ? ` (quoted: "${line(c.evidence)}")` : ''}`);
  }
  const failed = errors(r);
  if (failed.length > 0) {
    out.push(`Judge errors (${failed.length}):`);
    for (const c of failed) out.push(`  ${line(c.id)}: ${c.error?.code ?? 'error'}: ${line(c.reason)}`);
  }
  out.push(judgeCostText(r.judgeCost));
  return out.join('\n');
}

export function renderCalibrationMarkdown(r: CalibrationResult): Md {
  const { table: t } = r.stats;
  const wrong = disagreements(r);
  const failed = errors(r);
  return joinMd([
    md`## Judge calibration: ${r.judge}`,
    md`${r.total} labelled answer(s) from ${r.labels}; judged ${r.total - r.judgeErrors}, judge errors ${r.judgeErrors} (left out of the table).`,
    table(
      ['', 'human pass', 'human fail'],
      [
        ['judge pass', t.bothPass, t.judgePassHumanFail],
        ['judge fail', t.judgeFailHumanPass, t.bothFail],
      ],
    ),
    table(['figure', 'value'], figures(r)),
    wrong.length > 0 ? joinMd([md`### Disagreements (${wrong.length})`, table(['case', 'human', 'judge', 'reason', 'quoted'], wrong.map((c) => [c.id, c.human, c.judge, c.reason, c.evidence ?? '']))]) : undefined,
    failed.length > 0 ? joinMd([md`### Judge errors (${failed.length})`, table(['case', 'code', 'reason'], failed.map((c) => [c.id, c.error?.code ?? '', c.reason]))]) : undefined,
    md`${judgeCostText(r.judgeCost)}`,
  ]);
}
