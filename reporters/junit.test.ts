import { XMLParser } from 'fast-xml-parser';
import { surfaceRows } from '../src/report/probe-surface-rows.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ToolvetResult } from '../src/report/model.ts';
import { everyResult } from '../src/report/testing/real-results.ts';
import { renderJUnit } from './junit.ts';

type Node = Record<string, unknown>;
const list = <T>(x: T | T[] | undefined): T[] => (x === undefined ? [] : Array.isArray(x) ? x : [x]);

let merged: ToolvetResult;

beforeAll(async () => {
  ({ merged } = await everyResult());
}, 120_000);

function parse(xml: string): { root: Node; suites: Node[]; cases: Node[] } {
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', parseAttributeValue: false }).parse(xml) as { testsuites: Node };
  const suites = list(doc.testsuites.testsuite as Node | Node[]);
  return { root: doc.testsuites, suites, cases: suites.flatMap((s) => list(s.testcase as Node | Node[])) };
}

describe('junit reporter', () => {
  it('writes one testcase per eval case, lint finding, diff change, A/B set, trigger case, bench task, probed tool and probe surface check', () => {
    const { root, cases } = parse(renderJUnit(merged));
    const expected = merged.cases!.length + merged.lint!.findings.length + merged.diff!.changes.length + merged.diff!.ab.length + merged.skills!.trigger!.cases.length + merged.bench!.tasks.length + merged.probe!.servers.reduce((n, p) => n + p.toolProbes.length, 0) + merged.probe!.servers.flatMap(surfaceRows).length;
    expect(cases.length).toBe(expected);
    expect(Number(root.tests)).toBe(expected);
  });

  it('marks failed cases as failures with expected and chosen, and names them suite/id: query', () => {
    const { suites } = parse(renderJUnit(merged));
    const refman = suites.find((s) => s.name === 'eval: refman')!;
    const cases = list(refman.testcase as Node[]);
    const failed = merged.cases!.filter((c) => c.suite === 'refman' && c.state === 'failed');
    expect(Number(refman.failures)).toBe(failed.length);
    const first = cases.find((c) => String(c.name).startsWith(`refman/${failed[0].id}: `))!;
    expect((first.failure as Node).message).toMatch(/^expected \S+, chose /);
    expect(first.classname).toBe('toolvet.eval.refman');
  });

  it('fails lint findings at or above fail-on and the regressed A/B, and passes the rest with their message', () => {
    const { suites } = parse(renderJUnit(merged));
    const lint = suites.find((s) => String(s.name).startsWith('lint'))!;
    expect(Number(lint.failures)).toBe(merged.lint!.summary.error);
    const diff = suites.find((s) => s.name === 'diff')!;
    const ab = list(diff.testcase as Node[]).find((c) => String(c.name).startsWith('A/B refman'))!;
    expect((ab.failure as Node).type).toBe('regressed');
    expect(Number(diff.failures)).toBe(1 + merged.diff!.changes.filter((c) => c.level === 'breaking').length);
  });

  it("a failing verdict no testcase shows (a vitest test that threw before recording) is a failure of its own; a passing one adds nothing", () => {
    const bare = { schemaVersion: merged.schemaVersion, generator: merged.generator, command: 'vitest', startedAt: merged.startedAt, finishedAt: merged.finishedAt, complete: true, warnings: [], errors: [] };
    const failed = parse(renderJUnit({ ...bare, verdict: { status: 'fail', reasons: ['vitest: "t" failed: boom', 'vitest: test file f.test.ts failed to load: x'] } }));
    expect(failed.root).toMatchObject({ tests: '2', failures: '2', errors: '0' });
    expect(failed.cases.map((c) => (c.failure as Node).message)).toEqual(['vitest: "t" failed: boom', 'vitest: test file f.test.ts failed to load: x']);
    const interrupted = parse(renderJUnit({ ...bare, verdict: { status: 'error', reasons: [] } }));
    expect(interrupted.root).toMatchObject({ tests: '1', failures: '0', errors: '1' });
    expect(parse(renderJUnit({ ...bare, verdict: { status: 'pass', reasons: [] } })).root.tests).toBe('0');
  });

  it('root counts add up over the suites', () => {
    const { root, suites } = parse(renderJUnit(merged));
    for (const key of ['tests', 'failures', 'errors', 'skipped']) expect(Number(root[key])).toBe(suites.reduce((n, s) => n + Number(s[key]), 0));
  });
});
