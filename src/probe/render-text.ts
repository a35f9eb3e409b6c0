/** The text form of a probe: per server, the server-level checks, then each tool's real failure shape. */
import pc from 'picocolors';
import type { ArgumentVerdict, CheckStatus, ProbeReport, ServerProbe } from './types.ts';
import { VERDICT_LABEL } from './verdict.ts';
import { renderConformanceText } from './render-conformance.ts';
import { clipText } from '../safety/clip.ts';
import { sanitizeLine as one } from '../safety/terminal.ts';

const PAINT: Record<CheckStatus, (s: string) => string> = { pass: pc.green, warn: pc.yellow, fail: pc.red, skip: pc.dim };
const mark = (status: CheckStatus): string => PAINT[status](status);

export function renderProbeText(report: ProbeReport): string {
  const lines: string[] = [];
  // A conformance run shows its scenarios only: the conventions' checks were not its question.
  for (const s of report.conformance ? report.servers.filter((x) => x.state === 'errored') : report.servers) {
    const who = [s.version, s.protocolVersion ? `protocol ${s.protocolVersion}` : undefined, `${s.tools} tool${s.tools === 1 ? '' : 's'}`].filter(Boolean).join(', ');
    lines.push(`${pc.bold(one(s.server))} ${pc.dim(`(${one(who)})`)}  ${mark(s.status)}`);
    if (s.state === 'errored') {
      lines.push(`  ${pc.red('could not probe')}: ${s.error?.code ?? ''} ${one(s.error?.message ?? 'the server is gone')}`, '');
      continue;
    }
    const checks: Array<[string, { status: CheckStatus; detail: string } | undefined]> = [
      ['tools/list twice', s.listStable],
      ['inputSchemas', s.schemasWellFormed],
      [`unknown tool${s.unknownTool ? ` (${s.unknownTool.shape})` : ''}`, s.unknownTool],
      ['echo sample', s.echo],
    ];
    for (const [name, check] of checks) if (check) lines.push(`  ${name.padEnd(34)} ${mark(check.status).padEnd(4)}  ${one(check.detail)}`);
    for (const t of s.toolProbes) {
      if (t.state === 'skipped') {
        lines.push(`  ${one(t.tool).padEnd(32)} ${pc.dim(`skipped: ${one(t.skipReason ?? '')}`)}`);
        continue;
      }
      t.probes.forEach((p, i) => {
        const probe = one(p.property ? `${p.kind} (${p.property})` : p.kind);
        const said = p.excerpt.replace(/\s+/g, ' ');
        lines.push(`  ${(i === 0 ? one(t.tool) : '').padEnd(32)} ${probe.padEnd(34)} ${VERDICT_LABEL[p.verdict].padEnd(16)} ${p.shape.padEnd(18)} ${mark(p.status).padEnd(4)}  ${pc.dim(clipText(said, 70, { ellipsis: '...' }))}`);
      });
    }
    lines.push(...surfaceLines(s));
    lines.push('');
  }
  if (report.conformance) {
    lines.push(...renderConformanceText(report.conformance));
    for (const u of report.unprobed) lines.push(`  ${pc.red('not probed')}: ${one(u.server)}${u.code ? ` (${u.code})` : ''}: ${one(u.message)}`);
    return lines.join('\n');
  }
  const m = report.summary;
  const unprobed = report.unprobed;
  const verdict = unprobed.length > 0 ? pc.red(`incomplete: ${unprobed.length} server(s) not probed`) : report.conforms ? pc.green('conforms') : pc.red('does not conform');
  const said = (Object.entries(m.verdicts) as Array<[ArgumentVerdict, number]>).filter(([, n]) => n > 0).map(([v, n]) => `${n} ${VERDICT_LABEL[v]}`);
  const tools = `${m.toolsProbed} tool(s) probed${said.length ? ` (bad arguments: ${said.join(', ')})` : ''}, ${m.toolsSkipped} skipped`;
  lines.push(`${m.servers} server(s), ${tools}; checks: ${m.pass} pass, ${m.warn} warn, ${m.fail} fail; ${verdict}${report.allowDestructive ? '' : pc.dim(' (destructive tools skipped; --allow-destructive to probe them)')}`);
  for (const u of unprobed) lines.push(`  ${pc.red('not probed')}: ${one(u.server)}${u.code ? ` (${u.code})` : ''}: ${one(u.message)}`);
  if (unprobed.length > 0) lines.push(`  next: run each by hand to see why (toolvet doctor --config FILE --server NAME), or leave it out with --server; no verdict is given on a server that was not probed`);
  return lines.join('\n');
}

/** Structured results, resources read and prompts got (surface-probe.ts); passes are counted, the rest listed; every tool that asks for input is listed. */
function surfaceLines(s: ServerProbe): string[] {
  const lines: string[] = [];
  const group = (title: string, checks: Array<{ status: CheckStatus; detail: string; name: string }> | undefined): void => {
    if (!checks || checks.length === 0) return;
    const passed = checks.filter((c) => c.status === 'pass').length;
    const skipped = checks.filter((c) => c.status === 'skip').length;
    lines.push(`  ${title.padEnd(34)} ${passed}/${checks.length - skipped} pass${skipped ? pc.dim(`, ${skipped} not checked (see --format json)`) : ''}`);
    for (const c of checks) if (c.status === 'warn' || c.status === 'fail') lines.push(`    ${one(c.name).padEnd(30)} ${mark(c.status).padEnd(4)}  ${one(c.detail)}`);
  };
  group('structured results', s.structuredResults?.map((c) => ({ ...c, name: c.tool })));
  group('resources read', s.resourceReads?.map((c) => ({ ...c, name: c.uri })));
  group('prompts got', s.promptGets?.map((c) => ({ ...c, name: c.kind === 'missing-required' ? `${c.prompt} without ${c.argument}` : c.prompt })));
  const scenarios = [...new Set((s.protocolChecks ?? []).map((c) => c.scenario))];
  for (const scenario of scenarios) group(scenario.replace(/-/g, ' '), s.protocolChecks!.filter((c) => c.scenario === scenario).map((c) => ({ ...c, name: c.id })));
  const input = s.inputRequests;
  if (input) {
    const notCalled = input.notCalled.length ? pc.dim(`; ${input.notCalled.length} not called (may write, or no obvious valid arguments)`) : '';
    lines.push(`  ${'input requests'.padEnd(34)} ${input.asked.length} of ${input.called} tool(s) called ask for input${notCalled}`);
    for (const c of input.asked) lines.push(`    ${one(c.tool).padEnd(30)} ${mark(c.status).padEnd(4)}  ${one(c.detail)}`);
  }
  return lines;
}
