/**
 * The rules that keep `toolvet improve` honest, as tables: which words a rewording may add
 * (word-ownership.ts), what the held-out interval counts (trials.ts: repeats of a deterministic model
 * are not trials), the smallest gain a held-out set can prove, the held-out decision and argument
 * failures (held-out.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Attempt, CaseResult, SelectionCase, ToolDefinition } from '../types.ts';
import { argumentFailure, heldOutDecision, heldOutEvidence, heldOutPower } from './held-out.ts';
import { countingObserved, countingRule, smallestProvableGain, type Counting } from './trials.ts';
import { forbiddenWordsAdded, type TrainRequest } from './word-ownership.ts';

const tool = (name: string, description: string, properties: Record<string, unknown> = {}): ToolDefinition => ({ name, description, inputSchema: { type: 'object', properties } });
const request = (id: string, query: string, expected: string | null): TrainRequest => ({ id, query, expected: { tool: expected } });

const TOOLS = [
  tool('search_items', 'Search the library by topic, author or tag.', { query: { type: 'string', description: 'Words to look for' } }),
  tool('tag_item', 'Add labels to one reference. Call when the user wants to tag or mark a record.'),
  tool('stop_job', 'Stop a running import job.'),
];
const TRAIN = [
  request('s1', 'Find papers on coral reefs by Hughes', 'search_items'),
  request('t1', 'Flag ABCD2345 as important', 'tag_item'),
  request('n1', 'Halt the import now', 'stop_job'),
];
const edit = (name: string, description: string): ToolDefinition[] => TOOLS.map((t) => (t.name === name ? { ...t, description } : t));
const base = TOOLS[0].description!;

describe('word ownership: the words a rewording may add', () => {
  const rows: Array<[string, ToolDefinition[], Array<[string, string, string]>]> = [
    ['a sibling description\'s verb ("mark", tag_item)', edit('search_items', `${base} Also for requests that say 'mark'.`), [['search_items', 'mark', 'description of tag_item']]],
    ['a sibling\'s name word ("stop", stop_job)', edit('search_items', `${base} Use it when the user asks about stop.`), [['search_items', 'stop', 'description of stop_job']]],
    ['a word of a sibling\'s train request ("flag", tag_item)', edit('search_items', `${base} Use it when the user asks about flag.`), [['search_items', 'flag', 'train request of tag_item']]],
    ['a name copied from a train request ("Hughes")', edit('search_items', `${base} Use it when the user asks about hughes.`), [['search_items', 'hughes', 'name in train request s1']]],
    ['its own request\'s word no other tool owns ("coral")', edit('search_items', `${base} Use it when the user asks about coral.`), []],
    ['a word its own definition holds ("tag", already in the description)', edit('search_items', `${base} Also by tag name.`), []],
    ['a word of its own parameters ("look", the query parameter\'s description)', edit('search_items', `${base} Use it to look things up.`), []],
    ['the frame words of improve\'s sentences ("use", "asks", "requests", "say")', edit('search_items', `${base} Also for requests that say 'reefs'. Use it when the user asks about coral.`), []],
    ['another tool\'s words inside a "Do NOT use for" clause', edit('tag_item', `${TOOLS[1].description} Do NOT use for finding papers on coral reefs (use search_items).`), []],
    ['the same words outside the clause', edit('tag_item', `${TOOLS[1].description} Also searches papers.`), [['tag_item', 'searches', 'description of search_items'], ['tag_item', 'papers', 'train request of search_items']]],
    ['a description left as it was', TOOLS, []],
  ];
  it.each(rows)('%s', (_label, after, expected) => {
    expect(forbiddenWordsAdded(TOOLS, after, TRAIN).map((w) => [w.tool, w.word, w.owner])).toEqual(expected);
  });

  it('a name only counts mid-sentence: a request\'s first word and a word after a full stop are not names', () => {
    const train = [request('a', 'Coral reefs please. Hughes wrote it', 'search_items')];
    expect(forbiddenWordsAdded(TOOLS, edit('search_items', `${base} Use it when the user asks about coral, hughes.`), train)).toEqual([]);
  });
});

describe('what the held-out interval counts: repeats of a deterministic model are not trials', () => {
  const rows: Array<[string, Parameters<typeof countingRule>[0], Counting['unit'], number]> = [
    ['a model not declared stochastic: each query once', { modelId: 'openai:qwen3@http://127.0.0.1:8080/v1' }, 'query', 1],
    ['the mock declared stochastic: still each query once (its repeats are copies)', { modelId: 'mock', stochastic: 5 }, 'query', 1],
    ['temperature 0 (a cassette replay recorded so): each query once', { modelId: 'openai:qwen3@http://127.0.0.1:8080/v1', stochastic: 5, temperature: 0 }, 'query', 1],
    ['--stochastic 1: one run, each query once', { modelId: 'openai:qwen3@http://127.0.0.1:8080/v1', stochastic: 1 }, 'query', 1],
    ['declared stochastic at temperature 0.7: each repeat a trial', { modelId: 'openai:qwen3@http://127.0.0.1:8080/v1', stochastic: 3, temperature: 0.7 }, 'trial', 3],
    ['declared stochastic, temperature not given: each repeat a trial', { modelId: 'openai:qwen3@http://127.0.0.1:8080/v1', stochastic: 4 }, 'trial', 4],
  ];
  it.each(rows)('%s', (_label, input, unit, repeats) => {
    const rule = countingRule(input);
    expect([rule.unit, rule.repeats]).toEqual([unit, repeats]);
    expect(rule.why).toMatch(unit === 'trial' ? /counts as a trial/ : /counts once/);
  });

  it('a declared-stochastic model whose repeats never varied counts each query once', () => {
    const rule = countingRule({ modelId: 'openai:x@http://127.0.0.1:1/v1', stochastic: 3 });
    expect(countingObserved(rule, true)).toBe(rule);
    expect(countingObserved(rule, false)).toMatchObject({ unit: 'query', repeats: 3, why: expect.stringMatching(/all 3 repeats of every query gave the same answer/) });
    const once = countingRule({ modelId: 'mock' });
    expect(countingObserved(once, false)).toBe(once);
  });
});

describe('the smallest gain a held-out set can prove', () => {
  it.each([
    [1, null],
    [2, 2],
    [5, 3],
    [11, 4],
    [19, 4],
    [20, 4],
    [48, 5],
    [100, 5],
  ])('%i counted units: %s', (n, units) => {
    const gain = smallestProvableGain(n);
    expect(gain?.units ?? null).toBe(units);
    if (gain) expect(gain.points).toBeCloseTo(gain.units / n, 10);
  });
});

// ---- the held-out decision, on results built by hand

const attempt = (pass: boolean, chosen: string | null, extra: Partial<Attempt> = {}): Attempt => ({ state: pass ? 'passed' : 'failed', chosen, reason: '', latencyMs: 0, ...extra });
const result = (c: SelectionCase, attempts: Attempt[]): CaseResult => {
  const passed = attempts.filter((a) => a.state === 'passed').length;
  return { id: c.id, suite: 's', query: c.query, expected: c.expect, state: passed === attempts.length ? 'passed' : 'failed', pass: passed === attempts.length, chosen: attempts[0].chosen, reason: '', attempts, passRate: passed / attempts.length };
};
const cases: SelectionCase[] = Array.from({ length: 20 }, (_, i) => ({ id: `q${i}`, suite: 's', query: `request ${i}`, expect: { tool: i < 10 ? 'a' : 'b' } }));
const ONCE: Counting = countingRule({ modelId: 'mock' });

describe('the held-out decision', () => {
  it('accepts when the Newcombe interval excludes zero and nothing of the edited tool went from pass to fail', () => {
    // 6 of tool a's cases fail before and pass after; the rest pass on both sides.
    const before = cases.map((c, i) => result(c, [attempt(i >= 6, i >= 6 ? (c.expect.tool as string) : null)]));
    const after = cases.map((c) => result(c, [attempt(true, c.expect.tool as string)]));
    const e = heldOutEvidence(cases, before, after, ONCE, ['a'], 'mock');
    expect([e.better, e.worse, e.counted.units]).toEqual([6, 0, 20]);
    expect(e.interval.low).toBeGreaterThan(0);
    expect(heldOutDecision(e, [])).toEqual({ accepted: true });
    expect(heldOutDecision(e, ['q15'])).toMatchObject({ accepted: false, rule: 'other-case-regressed', reason: "another tool's case lost passes: q15" });
  });

  it('refuses when one of the edited tool\'s own held-out cases went from pass to fail, however large the gain', () => {
    const before = cases.map((c, i) => result(c, [attempt(i >= 7 && i !== 9 ? true : i === 9, c.expect.tool as string)]));
    const after = cases.map((c, i) => result(c, [attempt(i !== 9, c.expect.tool as string)]));
    const e = heldOutEvidence(cases, before, after, ONCE, ['a'], 'mock');
    expect(e.interval.low).toBeGreaterThan(0);
    expect(e.ownRegressed).toEqual(['q9']);
    expect(heldOutDecision(e, [])).toMatchObject({ accepted: false, rule: 'own-case-regressed', reason: 'a held-out case of the edited tool passed before and fails after: q9' });
  });

  it('refuses when the interval includes zero, and says over what it counted', () => {
    const before = cases.map((c, i) => result(c, [attempt(i >= 2, null)]));
    const after = cases.map((c) => result(c, [attempt(true, null)]));
    const e = heldOutEvidence(cases, before, after, ONCE, ['a'], 'mock');
    expect(e.difference).toBeCloseTo(0.1, 10);
    expect(heldOutDecision(e, [])).toMatchObject({ accepted: false, rule: 'interval-includes-zero', reason: expect.stringMatching(/^held-out interval includes zero \(\+10\.0 points, Newcombe 95% -\d+\.\d points to \+\d+\.\d points over 20 held-out queries, each counted once\)/) });
  });

  it('repeats of a deterministic model are not trials: 3 identical repeats count each query once, as one run does', () => {
    const three = (pass: boolean): Attempt[] => [attempt(pass, 'a'), attempt(pass, 'a'), attempt(pass, 'a')];
    const before = cases.map((c, i) => result(c, three(i >= 3)));
    const after = cases.map((c) => result(c, three(true)));
    const declared = countingRule({ modelId: 'openai:x@http://127.0.0.1:1/v1', stochastic: 3 });
    const e = heldOutEvidence(cases, before, after, declared, ['a'], 'openai:x');
    expect(e.counted).toMatchObject({ unit: 'query', units: 20, queries: 20 });
    const single = heldOutEvidence(cases, cases.map((c, i) => result(c, [attempt(i >= 3, 'a')])), cases.map((c) => result(c, [attempt(true, 'a')])), ONCE, ['a'], 'mock');
    expect(e.interval).toEqual(single.interval);
  });

  it('a declared-stochastic model whose repeats vary: each repeat counts, and the interval says so', () => {
    const before = cases.map((c, i) => result(c, i < 6 ? [attempt(false, null), attempt(true, 'a'), attempt(false, null)] : [attempt(true, 'a'), attempt(true, 'a'), attempt(true, 'a')]));
    const after = cases.map((c) => result(c, [attempt(true, 'a'), attempt(true, 'a'), attempt(true, 'a')]));
    const e = heldOutEvidence(cases, before, after, countingRule({ modelId: 'openai:x@http://127.0.0.1:1/v1', stochastic: 3 }), ['a'], 'openai:x');
    expect(e.counted).toMatchObject({ unit: 'trial', units: 60, queries: 20, repeats: 3 });
    expect([e.better, e.worse]).toEqual([12, 0]);
    expect(heldOutDecision({ ...e, interval: { low: -0.01, high: 0.3 } }, [])).toMatchObject({ reason: expect.stringMatching(/over 60 trials \(20 queries x 3 repeats\)/) });
  });
});

describe('argument failures and what a held-out set can prove', () => {
  const c = (id: string, tool: string): SelectionCase => ({ id, suite: 's', query: id, expect: { tool } });
  it.each([
    ['right tool, arguments against the schema', [attempt(false, 'a', { argCheck: { schemaValid: false, matches: null } })], true],
    ['right tool, arguments not the expected ones', [attempt(false, 'a', { argCheck: { schemaValid: true, matches: false } })], true],
    ['wrong tool', [attempt(false, 'b', { argCheck: { schemaValid: true, matches: null } })], false],
    ['no tool', [attempt(false, null)], false],
    ['one repeat on arguments, one on the tool', [attempt(false, 'a', { argCheck: { schemaValid: false, matches: null } }), attempt(false, 'b')], false],
    ['passed', [attempt(true, 'a')], false],
  ])('%s', (_label, attempts, expected) => {
    expect(argumentFailure(result(c('x', 'a'), attempts as Attempt[]))).toBe(expected);
  });

  it('says plainly when the set is too small: fewer fixable failures than the smallest provable gain', () => {
    const results = [
      ...Array.from({ length: 8 }, (_, i) => result(c(`p${i}`, 'a'), [attempt(true, 'a')])),
      result(c('f1', 'a'), [attempt(false, null)]),
      result(c('f2', 'a'), [attempt(false, 'a', { argCheck: { schemaValid: false, matches: null } })]),
      result(c('f3', 'a'), [attempt(false, 'a', { argCheck: { schemaValid: true, matches: false } })]),
    ];
    const power = heldOutPower(results, ONCE);
    expect(power).toMatchObject({ queries: 11, smallestGain: { units: 4 }, failing: 3, argumentFailures: 2, fixable: 1, tooSmall: true });
    expect(power.statement).toBe('the held-out set is too small to prove anything: a rewording must turn at least 4 of the 11 counted queries from fail to pass with none going the other way (+36.4 points) before its interval can exclude zero; 3 fail now, 2 of them on arguments (right tool, wrong arguments), which no wording of a description can fix, so at most 1 can be gained. Add held-out queries (or --split lower)');
  });
});
