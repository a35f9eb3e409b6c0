/** The text form of `probe --conformance`: per server, each scenario run (passes counted, failures listed) or skipped with why; then the baseline's verdict. */
import pc from 'picocolors';
import { sanitizeLine as one } from '../safety/terminal.ts';
import { conformancePasses, type ConformanceReport } from './conformance.ts';

export function renderConformanceText(report: ConformanceReport): string[] {
  const lines = [pc.bold('conformance') + pc.dim(' (protocol checks, each scenario only for what the server declares)')];
  for (const s of report.servers) {
    lines.push(`  ${pc.bold(one(s.server))}`);
    for (const scenario of s.scenarios) {
      if (scenario.state === 'skipped') {
        lines.push(`    ${scenario.scenario.padEnd(26)} ${pc.dim(`skipped: ${one(scenario.reason ?? '')}`)}`);
        continue;
      }
      const bad = scenario.checks.filter((c) => c.status === 'fail' || c.status === 'warn');
      lines.push(`    ${scenario.scenario.padEnd(26)} ${scenario.checks.length - bad.length}/${scenario.checks.length} pass`);
      for (const c of bad) lines.push(`      ${one(c.id).padEnd(30)} ${(c.status === 'fail' ? pc.red : pc.yellow)(c.status).padEnd(4)}  ${one(c.detail)}`);
    }
  }
  const verdict = conformancePasses(report) ? pc.green('passes') : pc.red('fails');
  const baseline = report.baseline ? ` against ${one(report.baseline)}` : '';
  lines.push(`  ${report.passed} of ${report.checks} checks pass; ${report.expectedFailures.length} expected failure(s), ${report.unexpectedFailures.length} unexpected, ${report.staleEntries.length} stale baseline entr${report.staleEntries.length === 1 ? 'y' : 'ies'}${baseline}: ${verdict}`);
  for (const e of report.expectedFailures) lines.push(`    ${pc.yellow('~')} expected (in the baseline): ${one(e)}`);
  for (const e of report.unexpectedFailures) lines.push(`    ${pc.red('✗')} unexpected (not in the baseline): ${one(e)}`);
  for (const e of report.staleEntries) lines.push(`    ${pc.red('✓')} stale (passes now; remove it from the baseline): ${one(e)}`);
  return lines;
}
