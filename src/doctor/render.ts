/** Doctor output for people: one line per check with a mark, its details indented, then what to do next. */
import pc from 'picocolors';
import type { DoctorCheck, DoctorReport } from './types.ts';

const MARK: Record<DoctorCheck['status'], string> = { ok: pc.green('ok  '), warn: pc.yellow('warn'), fail: pc.red('FAIL'), skip: pc.dim('skip') };

export function renderCheck(check: DoctorCheck): string {
  const lines = [`${MARK[check.status]} ${check.summary}`];
  for (const detail of check.details ?? []) lines.push(`       ${detail}`);
  if (check.next && check.status !== 'ok') lines.push(`       next: ${check.next}`);
  return lines.join('\n');
}

export function renderSummary(report: DoctorReport): string {
  const count = (s: DoctorCheck['status']) => report.checks.filter((c) => c.status === s).length;
  const tally = `${count('ok')} ok, ${count('warn')} warning(s), ${count('fail')} failed, ${count('skip')} skipped`;
  return report.healthy ? `${pc.green('healthy')}: ${tally}` : `${pc.red('problems found')}: ${tally}; fix the FAIL lines from the top`;
}
