/**
 * `eval --loading both`: the same cases run with every tool in every request, then with deferred
 * loading (the model first sees only a search tool, tool-search.ts), and each query set's two runs
 * paired case by case with the description A/B's statistics (`compareRuns` in src/diff/ab.ts: Newcombe's
 * interval, exact McNemar, the margin verdict), beside what the tool lists cost per request on each side.
 */
import { compareRuns, DEFAULT_AB_MARGIN, type PairedCase } from '../diff/ab.ts';
import type { LoadingSide, ToolvetResult } from '../report/model.ts';
import { resultHeader } from '../report/result-header.ts';
import type { CaseResult } from '../types.ts';
import { runEval, type EvalOptions } from './eval-run.ts';
import { DEFAULT_SEARCH_LIMIT } from './tool-search.ts';

export type LoadingAbOptions = Omit<EvalOptions, 'loading' | 'resultsFile' | 'resume' | 'force' | 'keepCases' | 'storeCases'> & {
  /** The largest drop in accuracy "no detectable change" must rule out (default 0.05, as the description A/B). */
  margin?: number;
  onSide?: (side: LoadingSide) => void;
};

const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;

function side(loading: LoadingSide['loading'], run: ToolvetResult): LoadingSide {
  const t = run.toolTokens;
  return {
    loading,
    summary: run.summary!,
    toolTokensPerRequest: t?.meanPerRequest ?? t?.perRequest ?? 0,
    largestRequest: t?.perRequest ?? 0,
    requestsPerAttempt: t?.requestsPerAttempt ?? 1,
    errors: run.errors,
    ...(run.scenarioSummary ? { scenarios: run.scenarioSummary } : {}),
  };
}

export async function runLoadingAb(options: LoadingAbOptions): Promise<ToolvetResult> {
  const startedAt = new Date().toISOString();
  const { margin = DEFAULT_AB_MARGIN, onSide, ...rest } = options;
  const { resultsFile: _file, resume: _resume, force: _force, ...shared } = rest as EvalOptions;
  const runs: ToolvetResult[] = [];
  const sides: LoadingSide[] = [];
  for (const loading of ['all', 'search'] as const) {
    if (options.signal?.aborted) break;
    const run = await runEval({ ...shared, loading, keepCases: 'all' });
    runs.push(run);
    if (!run.summary) continue;
    sides.push(side(loading, run));
    onSide?.(sides.at(-1)!);
  }
  const [all, search] = runs;
  const suites = [...new Set((all?.cases ?? []).map((c) => c.suite))];
  const ab = search
    ? suites.map((suite) => {
        const of = (r: ToolvetResult): CaseResult[] => (r.cases ?? []).filter((c) => c.suite === suite);
        const cases: PairedCase[] = of(all).map((c) => ({ id: c.id, suite: c.suite, query: c.query, expect: c.expected }));
        const repeat = Math.max(0, ...of(all).map((c) => c.attempts.length));
        return compareRuns({ name: suite, cases }, of(all), of(search), { model: options.model.id, repeat, margin });
      })
    : [];
  const errors = runs.flatMap((r) => r.errors);
  const complete = runs.length === 2 && runs.every((r) => r.complete) && sides.length === 2;
  const [a, s] = sides;
  const reasons = [
    ...errors.map((e) => `${e.code}: ${e.message}`),
    ...(complete ? [] : ['stopped before both loadings ran']),
    ...ab.map((r) => `${r.suite}: every tool ${pct(r.oldAccuracy)}, tool search ${pct(r.newAccuracy)} (${r.verdict}, McNemar p = ${r.mcnemarP.toPrecision(2)}, ${r.queries} cases)`),
    ...(a && s ? [`tool list per request: every tool ~${a.toolTokensPerRequest} tokens, tool search ~${s.toolTokensPerRequest} on average (at most ${s.largestRequest}) over ${s.requestsPerAttempt.toFixed(2)} requests per case, estimated`] : []),
  ];
  return {
    ...resultHeader('eval', startedAt),
    complete,
    // The comparison measures; it gates nothing, so it never says PASS (as the distractor sweep).
    verdict: { status: errors.length > 0 || !complete ? 'error' : 'none', reasons },
    model: options.model.id,
    ...(all?.servers ? { servers: all.servers } : {}),
    loading: { sides, ab, searchLimit: options.searchLimit ?? DEFAULT_SEARCH_LIMIT, tokenMethod: 'estimate' },
    warnings: runs.flatMap((r, i) => r.warnings.map((w) => ({ ...w, message: `${i === 0 ? 'every tool' : 'tool search'}: ${w.message}` }))),
    errors,
  };
}
