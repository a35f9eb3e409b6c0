/**
 * `probe --conformance`: the probe's protocol checks grouped into scenarios, each run only when the
 * server declares what it tests (a tools-only server gets no resource or prompt scenario, and each
 * scenario left out says why), then judged against an expected-failures baseline the way the official
 * conformance suite does it: a listed failure does not fail the run, a listed check that now passes is
 * stale (and fails the run, so the baseline shrinks), and a warning counts as a failure.
 * The project's own conventions (failure shapes of bad arguments, the echo sample, a missing
 * `required` array) are not protocol and are not run in this mode.
 */
import type { ConformanceCheck, ConformanceReport, ConformanceScenario, ConformanceServer, ServerProbe } from './types.ts';
import { type Baseline, formatEntry } from './conformance-baseline.ts';

export type { ConformanceCheck, ConformanceReport, ConformanceScenario, ConformanceServer } from './types.ts';

const failed = (c: ConformanceCheck): boolean => c.status === 'fail' || c.status === 'warn';
const run = (scenario: string, checks: ConformanceCheck[]): ConformanceScenario => ({ scenario, state: 'run', checks });
const skipped = (scenario: string, reason: string): ConformanceScenario => ({ scenario, state: 'skipped', reason, checks: [] });

/** The scenarios of one probed server, selected by what it declares. */
export function conformanceScenarios(s: ServerProbe, declared: { tools: boolean; resources: boolean; prompts: boolean }): ConformanceScenario[] {
  const out: ConformanceScenario[] = [];
  out.push(run('lifecycle', [{ id: 'protocol-version', status: s.protocolVersion ? 'pass' : 'fail', detail: s.protocolVersion ? `negotiated ${s.protocolVersion}` : 'no protocol version negotiated' }]));
  if (declared.tools) {
    const listing: ConformanceCheck[] = [];
    if (s.listStable) listing.push({ id: 'stable-order', ...s.listStable });
    // A malformed inputSchema is a protocol failure; a missing "required" array only a convention.
    if (s.schemasWellFormed) listing.push({ id: 'input-schemas', status: s.schemasWellFormed.status === 'fail' ? 'fail' : 'pass', detail: s.schemasWellFormed.detail });
    out.push(run('tools-list', listing));
    // Any error answers an unknown tool (spec: a JSON-RPC error or an isError result); naming it is a convention.
    const u = s.unknownTool;
    if (u) out.push(run('tools-call', [{ id: 'unknown-tool', status: ['jsonrpc-error', 'is-error-text', 'is-error-json'].includes(u.shape) ? 'pass' : 'fail', detail: u.detail }]));
    const structured = (s.structuredResults ?? []).filter((r) => r.status !== 'skip' && !r.noOutputSchema);
    out.push(structured.length > 0 ? run('tools-structured-output', structured.map((r) => ({ id: r.tool, status: r.status, detail: r.detail }))) : skipped('tools-structured-output', 'no read-only tool with an outputSchema could be called with obvious valid arguments'));
    const asked = s.inputRequests?.asked ?? [];
    out.push(asked.length > 0 ? run('input-requests', asked.map((a) => ({ id: a.tool, status: a.status, detail: a.detail }))) : skipped('input-requests', s.inputRequests ? `none of the ${s.inputRequests.called} tool(s) called asked for input` : 'no tool was called'));
  } else {
    for (const scenario of ['tools-list', 'tools-call', 'tools-structured-output', 'input-requests']) out.push(skipped(scenario, 'the server does not declare tools'));
  }
  if (declared.resources) out.push(run('resources-read', (s.resourceReads ?? []).map((r) => ({ id: r.uri, status: r.status, detail: r.detail }))));
  else out.push(skipped('resources-read', 'the server does not declare resources'), skipped('resource-not-found', 'the server does not declare resources'));
  if (declared.prompts) out.push(run('prompts-get', (s.promptGets ?? []).filter((p) => p.status !== 'skip').map((p) => ({ id: p.kind === 'missing-required' ? `${p.prompt}:without-${p.argument}` : p.prompt, status: p.status, detail: p.detail }))));
  else out.push(skipped('prompts-get', 'the server does not declare prompts'));
  const protocol = s.protocolChecks ?? [];
  const modern = s.protocolVersion === '2026-07-28';
  for (const scenario of ['cache-hints', 'resource-not-found', 'deprecated-features', 'http-headers', 'origin']) {
    const checks = protocol.filter((c) => c.scenario === scenario && c.status !== 'skip').map((c) => ({ id: c.id, status: c.status, detail: c.detail }));
    if (checks.length > 0) out.push(run(scenario, checks));
    else if (scenario === 'resource-not-found' && !declared.resources) continue;
    else if (scenario === 'cache-hints' || scenario === 'deprecated-features') out.push(skipped(scenario, modern ? 'no cacheable result could be read' : `a ${s.protocolVersion ?? 'legacy'} server: this is a 2026-07-28 rule`));
    else if (scenario === 'http-headers' || scenario === 'origin') {
      const why = protocol.find((c) => c.scenario === scenario)?.detail;
      out.push(skipped(scenario, why ?? 'reached over stdio: an HTTP transport rule'));
    }
  }
  return out;
}

/**
 * Judges every run check against the baseline. A per-server entry is judged as the official suite
 * judges one; an entry under `server:` covers every server, so it is stale only when it passed where
 * it ran and failed nowhere.
 */
export function judgeConformance(servers: ConformanceServer[], baseline: Baseline | undefined, file?: string): ConformanceReport {
  const expectedFailures: string[] = [];
  const unexpectedFailures: string[] = [];
  const staleEntries: string[] = [];
  const shared = new Map((baseline?.all ?? []).map((e) => [formatEntry(e), { failed: false, passed: false }]));
  let checks = 0;
  let passed = 0;
  for (const s of servers) {
    const own = baseline?.servers[s.server] ?? [];
    for (const scenario of s.scenarios.filter((x) => x.state === 'run')) {
      checks += scenario.checks.length;
      passed += scenario.checks.filter((c) => !failed(c)).length;
      const entryFor = (id?: string): { key: string; ownEntry: boolean } | undefined => {
        for (const e of [{ scenario: scenario.scenario }, ...(id ? [{ scenario: scenario.scenario, checkId: id }] : [])]) {
          const key = formatEntry(e);
          if (own.some((o) => formatEntry(o) === key)) return { key, ownEntry: true };
          if (shared.has(key)) return { key, ownEntry: false };
        }
        return undefined;
      };
      const mark = (entry: { key: string; ownEntry: boolean }, fails: boolean): void => {
        if (entry.ownEntry) {
          if (!fails) staleEntries.push(`${s.server}: ${entry.key}`);
          return;
        }
        const seen = shared.get(entry.key)!;
        if (fails) seen.failed = true;
        else seen.passed = true;
      };
      const whole = entryFor();
      if (whole) {
        const fails = scenario.checks.some(failed);
        if (fails) expectedFailures.push(`${s.server}: ${scenario.scenario}`);
        mark(whole, fails);
        continue;
      }
      for (const c of scenario.checks) {
        const entry = entryFor(c.id);
        const name = `${s.server}: ${formatEntry({ scenario: scenario.scenario, checkId: c.id })}`;
        if (failed(c)) (entry ? expectedFailures : unexpectedFailures).push(name);
        // Only a demonstrated pass makes an entry stale; a check not run this time leaves it alone.
        if (entry) mark(entry, failed(c));
      }
    }
  }
  for (const [key, seen] of shared) if (seen.passed && !seen.failed) staleEntries.push(`every server: ${key}`);
  return { servers, checks, passed, expectedFailures, unexpectedFailures, staleEntries, ...(file ? { baseline: file } : {}) };
}

/** Passes when nothing failed unexpectedly and no baseline entry is stale. */
export const conformancePasses = (r: ConformanceReport): boolean => r.unexpectedFailures.length === 0 && r.staleEntries.length === 0;
