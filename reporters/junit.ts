/**
 * JUnit XML: one <testsuite> per query set (and per lint run, diff and skill set), one <testcase> per
 * eval case, lint finding or diff change, named `suite/id: query` so CI lists them usefully.
 * Built with fast-xml-parser's XMLBuilder, which escapes text and attributes.
 */
import { lazyRequire } from '../src/lazy-require.ts';
import type { ToolvetResult } from '../src/report/model.ts';
import { sectionSuites, type JUnitCase, type JUnitSuite } from '../src/report/junit-sections.ts';
import type { Reporter } from '../src/report/reporter.ts';
import { chosenText, expectedText } from '../src/report/text.ts';
import { costLine } from '../src/report/scenario-text.ts';
import { scenarioSuites } from '../src/report/scenario-sections.ts';
import type { CaseResult } from '../src/types.ts';
import { clipText } from '../src/safety/clip.ts';

const xml = lazyRequire<typeof import('fast-xml-parser')>('fast-xml-parser');

export type { JUnitCase, JUnitSuite };

type XmlNode = Record<string, unknown>;

/** XML 1.0 forbids most control characters even when escaped. */
// eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters: matching them is the point
const clean = (text: string): string => text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '');
const short = (text: string, max = 80): string => clipText(text, max);
const seconds = (ms: number): string => (ms / 1000).toFixed(3);

function caseNode(c: JUnitCase): XmlNode {
  const node: XmlNode = { '@_name': clean(c.name), '@_classname': clean(c.classname), '@_time': seconds(c.timeMs ?? 0) };
  for (const kind of ['failure', 'error'] as const) {
    const f = c[kind];
    if (f) node[kind] = { '@_message': clean(f.message), '@_type': f.type, '#text': clean(f.body) };
  }
  if (c.skipped !== undefined) node.skipped = { '@_message': clean(c.skipped) };
  if (c.output) node['system-out'] = clean(c.output);
  return node;
}

function suiteNode(s: JUnitSuite, timestamp: string): XmlNode {
  return {
    '@_name': clean(s.name),
    '@_tests': s.cases.length,
    '@_failures': s.cases.filter((c) => c.failure).length,
    '@_errors': s.cases.filter((c) => c.error).length,
    '@_skipped': s.cases.filter((c) => c.skipped !== undefined).length,
    '@_time': seconds(s.cases.reduce((t, c) => t + (c.timeMs ?? 0), 0)),
    '@_timestamp': timestamp.replace(/Z$/, ''),
    testcase: s.cases.map(caseNode),
  };
}

function evalCase(c: CaseResult): JUnitCase {
  const expected = expectedText(c.expected);
  const chosen = chosenText(c.chosen);
  const body = [
    `query: ${c.query}`,
    `expected: ${expected}`,
    ...c.attempts.map((a, i) => `attempt ${i + 1}: ${a.state}, chose ${chosenText(a.chosen)}${a.rawArguments ? ` ${a.rawArguments}` : ''}: ${a.reason}`),
    ...(c.cost ? [`cost: ${costLine(c.cost)}`] : []),
  ].join('\n');
  const out: JUnitCase = {
    name: `${c.suite}/${c.id}: ${short(c.query)}`,
    classname: `toolvet.eval.${c.suite}`,
    timeMs: c.attempts.reduce((t, a) => t + a.latencyMs, 0),
  };
  if (c.state === 'failed') out.failure = { message: `expected ${expected}, chose ${chosen}: ${c.reason}`, type: 'selection', body };
  else if (c.state === 'errored') out.error = { message: c.reason, type: c.attempts.find((a) => a.error)?.error?.code ?? 'errored', body };
  else if (c.state === 'skipped') out.skipped = c.reason;
  else out.output = body;
  return out;
}

/** The suites of a result, in the order the Markdown summary uses. */
export function junitSuites(result: ToolvetResult): JUnitSuite[] {
  const suites: JUnitSuite[] = [];
  const bySuite = new Map<string, CaseResult[]>();
  for (const c of result.cases ?? []) bySuite.set(c.suite, [...(bySuite.get(c.suite) ?? []), c]);
  for (const [name, cases] of bySuite) suites.push({ name: `eval: ${name}`, cases: cases.map(evalCase) });
  suites.push(...scenarioSuites(result));
  suites.push(...sectionSuites(result));
  if (result.errors.length > 0) {
    suites.push({
      name: 'toolvet run',
      cases: result.errors.map((e) => ({ name: `${e.code}${e.server ? ` (${e.server})` : ''}`, classname: 'toolvet.run', error: { message: e.message, type: e.code, body: e.hint ?? '' } })),
    });
  }
  // A run that failed for a reason no testcase shows (a vitest test that threw before recording a
  // result, a cost gate) must not read as green: its verdict's reasons become testcases of their own.
  const status = result.verdict.status;
  if ((status === 'fail' || status === 'error') && !suites.some((s) => s.cases.some((c) => c.failure || c.error))) {
    const reasons = result.verdict.reasons.length > 0 ? result.verdict.reasons : [`the run's verdict is ${status.toUpperCase()}`];
    suites.push({
      name: 'toolvet verdict',
      cases: reasons.map((reason, i) => {
        const detail = { message: reason, type: status === 'fail' ? 'verdict' : 'error', body: '' };
        return { name: `verdict ${i + 1}`, classname: 'toolvet.verdict', ...(status === 'fail' ? { failure: detail } : { error: detail }) };
      }),
    });
  }
  return suites;
}

export function renderJUnit(result: ToolvetResult): string {
  const suites = junitSuites(result);
  const builder = new (xml().XMLBuilder)({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: true });
  const all = suites.flatMap((s) => s.cases);
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    testsuites: {
      '@_name': `toolvet ${result.command}`,
      '@_tests': all.length,
      '@_failures': all.filter((c) => c.failure).length,
      '@_errors': all.filter((c) => c.error).length,
      '@_skipped': all.filter((c) => c.skipped !== undefined).length,
      '@_time': seconds(Date.parse(result.finishedAt) - Date.parse(result.startedAt) || 0),
      testsuite: suites.map((s) => suiteNode(s, result.startedAt)),
    },
  }) as string;
}

export const junit: Reporter = {
  id: 'junit',
  description: 'JUnit XML: one testcase per eval case, lint finding and diff change',
  extension: 'xml',
  render: renderJUnit,
};
