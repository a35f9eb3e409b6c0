import { describe, expect, it } from 'vitest';
import { conformancePasses, conformanceScenarios, judgeConformance, type ConformanceServer } from './conformance.ts';
import type { Baseline } from './conformance-baseline.ts';
import type { ServerProbe } from './types.ts';

const toolsOnly: ServerProbe = {
  server: 'shelf',
  capabilities: ['tools'],
  protocolVersion: '2026-07-28',
  state: 'probed',
  tools: 2,
  listStable: { status: 'pass', detail: 'same order' },
  // A missing "required" array is a convention (a warning in probe), not a protocol failure.
  schemasWellFormed: { status: 'warn', detail: 'no "required" array' },
  unknownTool: { tool: 'x', shape: 'jsonrpc-error', namesTool: false, status: 'fail', detail: 'does not name the tool' },
  toolProbes: [],
  inputRequests: { called: 1, notCalled: ['delete_file'], asked: [] },
  protocolChecks: [
    { scenario: 'cache-hints', id: 'tools/list', status: 'pass', detail: '' },
    { scenario: 'deprecated-features', id: 'logging', status: 'pass', detail: '' },
  ],
  status: 'warn',
};

describe('conformanceScenarios: run only what the server declares', () => {
  it('a correct tools-only server: every run check passes, and each scenario left out says why', () => {
    const scenarios = conformanceScenarios(toolsOnly, { tools: true, resources: false, prompts: false });
    expect(scenarios.map((s) => [s.scenario, s.state, s.checks.map((c) => c.status).join(',')])).toEqual([
      ['lifecycle', 'run', 'pass'],
      ['tools-list', 'run', 'pass,pass'],
      ['tools-call', 'run', 'pass'],
      ['tools-structured-output', 'skipped', ''],
      ['input-requests', 'skipped', ''],
      ['resources-read', 'skipped', ''],
      ['resource-not-found', 'skipped', ''],
      ['prompts-get', 'skipped', ''],
      ['cache-hints', 'run', 'pass'],
      ['deprecated-features', 'run', 'pass'],
      ['http-headers', 'skipped', ''],
      ['origin', 'skipped', ''],
    ]);
    const reasons = Object.fromEntries(scenarios.filter((s) => s.state === 'skipped').map((s) => [s.scenario, s.reason]));
    expect(reasons['resources-read']).toBe('the server does not declare resources');
    expect(reasons['prompts-get']).toBe('the server does not declare prompts');
    expect(reasons['input-requests']).toBe('none of the 1 tool(s) called asked for input');
    expect(reasons['origin']).toBe('reached over stdio: an HTTP transport rule');
    const report = judgeConformance([{ server: 'shelf', scenarios }], undefined);
    expect([report.checks, report.passed, conformancePasses(report)]).toEqual([6, 6, true]);
  });

  it('a 2025-era server skips the 2026-07-28 rules, naming its version; an unknown tool answered with success fails', () => {
    const legacy = { ...toolsOnly, protocolVersion: '2025-11-25', protocolChecks: [], unknownTool: { ...toolsOnly.unknownTool!, shape: 'success' as const } };
    const scenarios = conformanceScenarios(legacy, { tools: true, resources: false, prompts: false });
    expect(scenarios.find((s) => s.scenario === 'cache-hints')).toMatchObject({ state: 'skipped', reason: 'a 2025-11-25 server: this is a 2026-07-28 rule' });
    expect(scenarios.find((s) => s.scenario === 'tools-call')!.checks[0].status).toBe('fail');
  });
});

const server = (name: string, checks: Record<string, Array<[string, 'pass' | 'fail' | 'warn']>>): ConformanceServer => ({
  server: name,
  scenarios: Object.entries(checks).map(([scenario, list]) => ({ scenario, state: 'run', checks: list.map(([id, status]) => ({ id, status, detail: '' })) })),
});
const base = (all: string[], servers: Record<string, string[]> = {}): Baseline => {
  const parse = (t: string): { scenario: string; checkId?: string } => (t.includes(':') ? { scenario: t.split(':')[0], checkId: t.split(':')[1] } : { scenario: t });
  return { all: all.map(parse), servers: Object.fromEntries(Object.entries(servers).map(([k, v]) => [k, v.map(parse)])) };
};

describe('judgeConformance: the official suite\'s baseline rules', () => {
  const a = server('a', { origin: [['foreign-origin', 'fail']], 'cache-hints': [['tools/list', 'warn'], ['server/discover', 'pass']] });
  const b = server('b', { origin: [['foreign-origin', 'pass']], 'cache-hints': [['tools/list', 'pass']] });

  it.each([
    ['no baseline: every failure (a warning too) is unexpected', undefined, [], ['a: origin:foreign-origin', 'a: cache-hints:tools/list'], []],
    ['a per-server check entry excuses that check only', base([], { a: ['origin:foreign-origin'] }), ['a: origin:foreign-origin'], ['a: cache-hints:tools/list'], []],
    ['a whole-scenario entry excuses its every check', base([], { a: ['origin', 'cache-hints'] }), ['a: origin', 'a: cache-hints'], [], []],
    ['a per-server entry that passes is stale', base([], { b: ['origin:foreign-origin'] }), [], ['a: origin:foreign-origin', 'a: cache-hints:tools/list'], ['b: origin:foreign-origin']],
    ['a whole scenario that passes is stale', base([], { b: ['cache-hints'] }), [], ['a: origin:foreign-origin', 'a: cache-hints:tools/list'], ['b: cache-hints']],
    ['an every-server entry failing on one server and passing on another is not stale', base(['origin:foreign-origin', 'cache-hints:tools/list']), ['a: origin:foreign-origin', 'a: cache-hints:tools/list'], [], []],
    ['an every-server entry that passes everywhere is stale', base(['cache-hints:server/discover']), [], ['a: origin:foreign-origin', 'a: cache-hints:tools/list'], ['every server: cache-hints:server/discover']],
    ['an entry for a check not run is no signal', base([], { a: ['http-headers:method-mismatch', 'origin:foreign-origin', 'cache-hints:tools/list'] }), ['a: origin:foreign-origin', 'a: cache-hints:tools/list'], [], []],
  ])('%s', (_name, baseline, expected, unexpected, stale) => {
    const report = judgeConformance([a, b], baseline);
    expect(report.expectedFailures).toEqual(expected);
    expect(report.unexpectedFailures).toEqual(unexpected);
    expect(report.staleEntries).toEqual(stale);
    expect(conformancePasses(report)).toBe(unexpected.length === 0 && stale.length === 0);
    expect([report.checks, report.passed]).toEqual([5, 3]);
  });
});
