/**
 * Matchers over lint and probe results: `expect(lint).toHaveNoFindings({atLeast: 'warn'})` and
 * `expect(probe).toConform()`. Each accepts the whole result (`runLint`, `runProbe`) or its section;
 * the failure message lists every finding with rule id, target and JSON path, or every failed check.
 */
import { SEVERITY_RANK, type ActiveSeverity, type Finding } from '../lint/framework.ts';
import type { ToolvetResult } from '../report/model.ts';
import type { CheckStatus, ProbeReport } from '../probe/types.ts';

interface MatcherResult {
  pass: boolean;
  message: () => string;
}

export interface NoFindingsOptions {
  /** Only findings at or above this severity count (default: info, i.e. every finding). */
  atLeast?: ActiveSeverity;
  /** Only findings of these rules count. */
  rules?: string[];
}

type LintLike = { findings: Finding[] } | ToolvetResult;
type ProbeLike = ProbeReport | ToolvetResult;

function findingsOf(received: LintLike): Finding[] {
  if ('findings' in received && Array.isArray(received.findings)) return received.findings;
  const lint = (received as ToolvetResult).lint;
  if (!lint) throw new TypeError('toHaveNoFindings expects a lint result (runLint, lintTools) or a report with findings');
  return lint.findings;
}

/** `error schema-valid refman/search_items $.inputSchema.properties.x: message` */
export function formatFinding(f: Finding): string {
  const where = [f.server ?? f.file, f.target].filter(Boolean).join('/');
  return `${f.severity} ${f.ruleId} ${where ? `${where} ` : ''}${f.path}${f.line !== undefined ? `:${f.line}` : ''}: ${f.message}`;
}

function probeOf(received: ProbeLike): ProbeReport {
  if ('servers' in received && 'conforms' in received) return received as ProbeReport;
  const probe = (received as ToolvetResult).probe;
  if (!probe) throw new TypeError('toConform expects a probe result (runProbe) or its probe section');
  return probe;
}

function failedChecks(report: ProbeReport, worstAllowed: CheckStatus): string[] {
  const bad = (status: CheckStatus): boolean => status === 'fail' || (worstAllowed === 'pass' && status === 'warn');
  const lines: string[] = [];
  for (const s of report.servers) {
    if (s.state === 'errored') lines.push(`${s.server}: could not probe: ${s.error?.message ?? 'the server is gone'}`);
    const checks: Array<[string, { status: CheckStatus; detail: string } | undefined]> = [
      ['tools/list twice', s.listStable],
      ['inputSchemas', s.schemasWellFormed],
      ['unknown tool', s.unknownTool],
      ['echo sample', s.echo],
    ];
    for (const [name, check] of checks) if (check && bad(check.status)) lines.push(`${s.server}: ${name}: ${check.status}: ${check.detail}`);
    for (const t of s.toolProbes) {
      for (const p of t.probes) if (bad(p.status)) lines.push(`${s.server}/${t.tool}: ${p.kind}${p.property ? ` (${p.property})` : ''}: ${p.status} ${p.shape}: ${p.detail}`);
    }
  }
  return lines;
}

export const lintMatchers = {
  /** No finding at or above `atLeast` (default: any finding). */
  toHaveNoFindings(received: LintLike, options: NoFindingsOptions = {}): MatcherResult {
    const floor = SEVERITY_RANK[options.atLeast ?? 'info'];
    const counted = findingsOf(received).filter((f) => SEVERITY_RANK[f.severity] >= floor && (!options.rules || options.rules.includes(f.ruleId)));
    return {
      pass: counted.length === 0,
      message: () =>
        counted.length === 0
          ? `expected findings at or above ${options.atLeast ?? 'info'}, got none`
          : `expected no findings at or above ${options.atLeast ?? 'info'}, got ${counted.length}:\n${counted.map((f) => `  - ${formatFinding(f)}`).join('\n')}`,
    };
  },
  /** Every probed server passed every check; with `{strict: true}` warnings (bare messages) fail too. */
  toConform(received: ProbeLike, options: { strict?: boolean } = {}): MatcherResult {
    const report = probeOf(received);
    const lines = failedChecks(report, options.strict ? 'pass' : 'warn');
    const pass = report.servers.length > 0 && lines.length === 0;
    return {
      pass,
      message: () => (pass ? 'expected the servers not to conform, but every check passed' : `expected the servers to conform${options.strict ? ' (strict)' : ''}:\n${lines.map((l) => `  - ${l}`).join('\n') || '  - no server was probed'}`),
    };
  },
};

declare module 'vitest' {
  // vitest declares `Matchers<T = any>`; a merged declaration must repeat it exactly.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  interface Matchers<T = any> {
    toHaveNoFindings(options?: NoFindingsOptions): T;
    toConform(options?: { strict?: boolean }): T;
  }
}
