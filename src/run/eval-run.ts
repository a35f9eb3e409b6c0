/**
 * `eval` end to end: load every input first (so bad input fails before anything starts), start the
 * servers, run the query sets through the model, stream results, fold them into the result model.
 * Each case is folded into the summary as it finishes (case-fold.ts); `runEval` keeps every case in
 * the result, `runEvalStreamed` only the first failed ones, with every case in the results file.
 */
import { loadHostConfig, selectServers, type HostConfig } from '../config/host-config.ts';
import { checkCaseRefs } from '../config/query-set.ts';
import { checkScenarioTools } from '../config/scenarios.ts';
import { openQuerySet, type QuerySetSource } from '../config/query-set-source.ts';
import type { CasePlaces } from '../config/id-places.ts';
import { loadToolFile } from '../config/tool-file.ts';
import { toErrorInfo, ToolvetError } from '../errors.ts';
import { type Diagnostic, type ToolTokens, type ToolvetResult } from '../report/model.ts';
import { evalVerdict } from './eval-verdict.ts';
import { estimateTokens } from '../lint/token-estimate.ts';
import { noteCasesElsewhere } from '../report/cases-elsewhere.ts';
import { suiteCostRows } from '../report/scenario-text.ts';
import type { ServerPool } from '../servers/server-pool.ts';
import { checkAllowNames, ToolRoutes } from '../servers/tool-routing.ts';
import type { ServerTimeouts } from '../servers/server-connection.ts';
import type { CaseResult, ModelDriver, SelectionCase, ToolDefinition } from '../types.ts';
import { caseKey, checkResumable, ResultSink, scanResults, toolListHash, type ReadResults } from './result-sink.ts';
import { streamSelection } from './run-selection.ts';
import { blockedSets } from './start-failures.ts';
import { resultHeader } from '../report/result-header.ts';
import { caseCost, CostFold, estimate, loadPrices, priceFor } from './cost.ts';
import type { CostGates } from './gates.ts';
import { CaseFold } from './case-fold.ts';
import { CaseStore } from './case-store.ts';
import { FLAT, HeapCeiling, SHORT_RUN_CASES } from './heap-ceiling.ts';
import type { ScenarioResult } from './scenario-types.ts';
import { summariseScenarios } from './scenario-summary.ts';
import { SearchedTokens } from './searched-tokens.ts';
import { addUsage, judgeCostOf, NO_USAGE } from '../judge/judge-cost.ts';
import type { JudgeCalibrationSummary } from '../judge/judge-types.ts';

export interface EvalOptions {
  config?: string;
  servers?: string[];
  toolsFiles?: string[];
  queries: string[];
  model: ModelDriver;
  repeat?: number;
  concurrency?: number;
  minAccuracy?: number;
  caseTimeoutMs?: number;
  maxTokens?: number;
  serverTimeouts?: Partial<ServerTimeouts>;
  /** JSON Lines file the results stream to. */
  resultsFile?: string;
  /** Earlier results file: only its missing or errored cases run again. */
  resume?: string;
  /** Resume even when the file was written for another model or tool list. */
  force?: boolean;
  signal?: AbortSignal;
  onResult?: (result: CaseResult, done: number, total: number) => void;
  /** Called once the servers are up and the cases known (total counts scenarios too). */
  onStart?: (total: number) => void;
  /** Called as each scenario finishes; `done` continues the count of cases. */
  onScenario?: (result: ScenarioResult, done: number, total: number) => void;
  /** Tools that may run in every scenario although not annotated read-only (--allow-tools). */
  allowTools?: string[];
  /** The LLM judge of scenarios' `expect.judge` answers (required when a scenario has one). */
  judge?: ModelDriver;
  /** The judge's calibration (--judge-calibration), shown beside its verdicts. */
  judgeCalibration?: JudgeCalibrationSummary;
  /** Price table (--prices FILE): per model, USD per million tokens. */
  prices?: string;
  /** --max-tokens-per-case, --max-cost, --max-p95-latency. */
  gates?: CostGates;
  /**
   * What `result.cases` holds: `all` (the default of `runEval`) every case; `failed` (the CLI) at most
   * FAILED_CASES_KEPT failed cases, so memory stays flat however many cases run, while every case
   * stays in the results file.
   */
  keepCases?: 'all' | 'failed';
  /** With `keepCases: 'failed'` and no `resultsFile`: write the cases to a temporary file, to read them back (see `StreamedEval`). */
  storeCases?: boolean;
  /**
   * How the tools reach the model: `all` (the default) in every request; `search`, deferred loading,
   * first only a search tool over them (tool-search.ts). Scenarios always load every tool.
   */
  loading?: 'all' | 'search';
  /** With `loading: 'search'`: tools one search loads at most (default 5). */
  searchLimit?: number;
}

/** A streamed run: the result, and where every case can be read back (none without a results file). */
export interface StreamedEval {
  result: ToolvetResult;
  /** Every case, read back in query-set order; `dispose()` removes its file when it was temporary. */
  store?: CaseStore;
}

export interface LoadedInputs {
  host?: HostConfig;
  serverNames: string[];
  fileTools: ToolDefinition[];
  /** The query sets, their cases read as the run pulls them (query-set-source.ts). */
  sets: QuerySetSource[];
}

/** What a run without a gate says instead of PASS. */
export { NO_GATE_REASON } from './eval-verdict.ts';

/** Loads and checks every input of a run; `onCase` is called as each case of a streamed query set is read. */
export function loadEvalInputs(options: Pick<EvalOptions, 'config' | 'servers' | 'toolsFiles' | 'queries'>, onCase?: () => void): LoadedInputs {
  if (!options.config && !options.toolsFiles?.length) {
    throw new ToolvetError('E_USAGE', 'eval needs --config FILE (live servers) or --tools FILE (definitions only)', { hint: 'see `toolvet eval --help`' });
  }
  if (options.queries.length === 0) throw new ToolvetError('E_USAGE', 'eval needs at least one --queries FILE', { hint: 'see docs/query-sets.md' });
  const host = options.config ? loadHostConfig(options.config) : undefined;
  const serverNames = host ? selectServers(host, options.servers ?? []) : [];
  const fileTools = (options.toolsFiles ?? []).flatMap((f) => loadToolFile(f).tools);
  const sets = options.queries.map((q) => openQuerySet(q, onCase ? { onCase } : {}));
  const withScenarios = sets.find((s) => s.scenarios.length > 0);
  if (withScenarios && !host) {
    throw new ToolvetError('E_USAGE', `query set ${withScenarios.file} has scenarios, which run their calls on live servers: pass --config FILE`, {
      file: withScenarios.file,
      hint: 'scenarios need the servers running (a host config with --config); --tools definitions alone can only run single-turn cases',
    });
  }
  for (const set of sets) {
    for (const name of set.servers ?? []) {
      if (host && !serverNames.includes(name)) selectServers(host, [name]);
    }
  }
  return { ...(host ? { host } : {}), serverNames, fileTools, sets };
}

/**
 * Each case's place in query-set order, by suite then id, from the sets' own maps of ids (no key per
 * case is made). Two sets of the same name are one suite: a repeated id keeps its last place.
 */
function caseOrder(sets: QuerySetSource[]): { rank: (suite: string, id: string) => number | undefined; size: number } {
  const bySuite = new Map<string, Array<{ offset: number; places: CasePlaces }>>();
  let offset = 0;
  let size = 0;
  for (const set of sets) {
    const earlier = bySuite.get(set.name) ?? [];
    size += set.count;
    for (const id of earlier.length > 0 ? set.places.keys() : []) {
      if (earlier.some((e) => e.places.has(id))) size -= 1;
    }
    bySuite.set(set.name, [...earlier, { offset, places: set.places }]);
    offset += set.count;
  }
  const rank = (suite: string, id: string): number | undefined => {
    const list = bySuite.get(suite) ?? [];
    for (let i = list.length - 1; i >= 0; i--) {
      const place = list[i].places.get(id);
      if (place !== undefined) return list[i].offset + place;
    }
    return undefined;
  };
  return { rank, size };
}

/** Runs an eval and returns its result with every case in `result.cases` (unless `keepCases` says otherwise). */
export async function runEval(options: EvalOptions): Promise<ToolvetResult> {
  const { result, store } = await runEvalStreamed({ ...options, keepCases: options.keepCases ?? 'all' });
  store?.dispose();
  return result;
}

/**
 * Runs an eval keeping only what the reports need in memory (`keepCases` defaults to `failed` here):
 * the summaries, costs and gates are folded as cases finish, and every case is read back from the
 * results file through `store`. The caller disposes of the store once its reports are written.
 */
export async function runEvalStreamed(options: EvalOptions): Promise<StreamedEval> {
  const keep = options.keepCases ?? 'failed';
  const startedAt = new Date().toISOString();
  const prices = options.prices ? loadPrices(options.prices) : undefined;
  if (options.gates?.maxCost !== undefined && !prices) {
    throw new ToolvetError('E_USAGE', '--max-cost needs --prices FILE: Toolvet has no built-in prices', { hint: 'write {"MODEL": {"input": USD per million prompt tokens, "output": USD per million completion tokens}} and pass it with --prices' });
  }
  // A streamed run keeps its heap near its live size however long it runs (heap-ceiling.ts), from the
  // first read of its query sets on.
  const ceiling = keep === 'failed' ? new HeapCeiling(FLAT) : undefined;
  let inputs: LoadedInputs;
  try {
    inputs = loadEvalInputs(options, ceiling ? () => ceiling.tick() : undefined);
  } catch (error) {
    ceiling?.release();
    throw error;
  }
  const warnings: Diagnostic[] = [];
  const errors: ToolvetResult['errors'] = [];
  const resolved = inputs.host?.resolved ?? [];
  if (resolved.length > 0) {
    warnings.push({
      code: 'W_RELATIVE_PATH',
      message: `${resolved.length} relative path(s) resolved against ${inputs.host!.file}: ${resolved.map((r) => `${r.server}.${r.field} "${r.from}"`).join(', ')}`,
      hint: 'the spec wants absolute script paths in host configs (2.7); hosts such as Claude Desktop do not resolve relative ones',
    });
  }
  for (const set of inputs.sets) {
    const drafts = set.drafts;
    if (drafts > 0) warnings.push({ code: 'W_DRAFT_CASES', message: `${drafts} of ${set.count} case(s) in ${set.file} are drafts (draft: true, written by toolvet init) and count like the others`, hint: 'review each draft case (its query and expected tool), then delete its draft: true and raise the set\'s gate.minAccuracy (init set it to the accuracy it measured)' });
  }
  const order = caseOrder(inputs.sets);
  const found = priceFor(prices, options.model.id);
  const fold = new CaseFold({ keep, rankOf: (c) => order.rank(c.suite, c.id) ?? 0, ...(found ? { price: found.price } : {}), ...(options.gates?.maxTokensPerCase !== undefined ? { maxTokensPerCase: options.gates.maxTokensPerCase } : {}) });
  // Lines are written before the fold attaches a case's cost: the store attaches it again on reading.
  const withCost = (c: CaseResult): void => {
    c.cost = caseCost(c, found?.price);
  };
  const store = keep === 'failed' ? (options.resultsFile ? new CaseStore(options.resultsFile, false, withCost) : options.storeCases ? CaseStore.temporary(withCost) : undefined) : undefined;
  store?.reserve(order.size);
  const planned = order.size * (options.repeat ?? 1);
  ceiling?.expect(planned);
  ceiling?.settleInputs(planned);
  // The earlier cases of --resume are folded as the file is read, not kept (errored ones run again).
  const done = new Set<string>();
  let earlier: ReadResults | undefined;
  try {
    if (options.resume) {
      const file = store?.addFile(options.resume) ?? 0;
      const scan = scanResults(options.resume, (c, span) => {
        if (c.state === 'errored') return;
        done.add(caseKey(c));
        store?.add(fold.rankOf(c), span, file);
        fold.add(c);
      });
      earlier = { ...scan, cases: [] };
      if (scan.tornLastLine) warnings.push({ code: 'W_TORN_LINE', message: `the last line of ${options.resume} was cut short (a run killed mid-write, or a full disk); it is dropped and that case runs again` });
    }
  } catch (error) {
    store?.dispose();
    ceiling?.release();
    throw error;
  }
  let pool: ServerPool | undefined;
  let sink: ResultSink | undefined;
  let handedOver = false;
  try {
    // The MCP client and the server code load only for a run with servers (--tools alone starts none).
    pool = inputs.host ? await (await import('../servers/server-pool.ts')).ServerPool.start(inputs.host, inputs.serverNames, { timeouts: options.serverTimeouts }) : undefined;
    for (const error of pool?.errors() ?? []) errors.push(toErrorInfo(error));
    for (const warning of pool?.warnings() ?? []) warnings.push(warning);
    for (const name of pool?.names() ?? []) {
      const noise = pool!.connection(name)?.protocolNoise ?? [];
      if (noise.length > 0) {
        warnings.push({
          code: 'W_SERVER_STDOUT',
          server: name,
          message: `server "${name}" wrote ${noise.length}${noise.length >= 20 ? '+' : ''} line(s) that are not JSON-RPC to stdout, the protocol channel (first: ${noise[0]})`,
          hint: 'log to stderr instead: stdout carries only protocol messages, and some hosts drop a server that prints anything else',
        });
      }
    }
    const everyTool = [...(pool?.tools() ?? []), ...inputs.fileTools];
    const allRoutes = ToolRoutes.among(everyTool);
    const allTools = allRoutes.offered();
    // The tool list's hash only where a results file records it or a resume checks it (it serialises every tool), once.
    let hash: string | undefined;
    const toolsHash = (): string => (hash ??= toolListHash(allTools));
    if (earlier && options.resume) checkResumable(options.resume, earlier, options.model.id, toolsHash(), options.force === true);
    const sinkFile = options.resultsFile ?? store?.file;
    if (sinkFile) {
      sink = new ResultSink(sinkFile, { type: 'run', command: 'eval', model: options.model.id, startedAt, planned: order.size, tools: toolsHash() }, { append: options.resultsFile !== undefined && options.resume === options.resultsFile });
    }
    const failedServers = new Set((pool?.errors() ?? []).map((e) => e.server));
    const blocked = blockedSets(inputs.sets, inputs.serverNames, pool?.errors() ?? []);
    // Each set sees the tools of its own servers only, a name two of them list offered as server__tool.
    const toolsBySet = new Map<string, ToolDefinition[]>();
    const scenarioRoutes: ToolRoutes[] = [];
    for (const set of inputs.sets) {
      const routes = set.servers ? ToolRoutes.among(everyTool, set.servers) : allRoutes;
      noteRouting(routes, warnings);
      const tools = routes.offered();
      toolsBySet.set(set.name, tools);
      if (set.scenarios.length > 0) scenarioRoutes.push(routes);
      if (failedServers.size === 0) {
        const names = routes.names();
        checkCaseRefs(set.file, set.refs, names, new Set(tools.flatMap((t) => Object.keys((t.inputSchema.properties ?? {}) as object))));
        checkScenarioTools(set.file, set.scenarios, names, routes);
      }
    }
    if (!options.judge) requireNoJudged(inputs.sets);
    const unknownAllowed = checkAllowNames(options.allowTools ?? [], scenarioRoutes, '--allow-tools');
    if (unknownAllowed.length > 0 && failedServers.size === 0 && scenarioRoutes.length > 0) {
      throw new ToolvetError('E_UNKNOWN_TOOL', `--allow-tools names ${unknownAllowed.map((n) => `"${n}"`).join(', ')}, which no server of a query set with scenarios lists`, {
        tool: unknownAllowed[0],
        hint: 'use names as the model sees them (server__tool where two servers list the tool); toolvet doctor lists each server\'s tools',
      });
    }
    // The cases still to run, read from their files as the runner pulls them (none is held here).
    let already = 0;
    for (const key of done) {
      const [suite, id] = key.split('\u0000');
      if (order.rank(suite, id) !== undefined) already += 1;
    }
    const pendingCount = order.size - already;
    // for-of closes each set's reader (its file) when the runner stops pulling early.
    function* pending(): Generator<SelectionCase> {
      for (const set of inputs.sets) {
        for (const c of set.cases()) if (done.size === 0 || !done.has(caseKey(c))) yield c;
      }
    }
    const scenarioCount = inputs.sets.reduce((n, s) => n + s.scenarios.length, 0);
    const total = pendingCount + scenarioCount;
    options.onStart?.(total);
    let finished = 0;
    // A refused endpoint fails every case the same way: stop at the first one and say so once.
    const stop = new AbortController();
    const onOuterAbort = () => stop.abort();
    options.signal?.addEventListener('abort', onOuterAbort, { once: true });
    let refused: CaseResult['attempts'][number]['error'] | undefined;
    const searched = new SearchedTokens();
    const ran = await streamSelection({
      ...(options.loading === 'search' ? { search: { ...(options.searchLimit !== undefined ? { limit: options.searchLimit } : {}) } } : {}),
      cases: pending(),
      count: pendingCount,
      toolsFor: (c) => toolsBySet.get(c.suite) ?? allTools,
      ...(blocked.size > 0 ? { blockedBy: (c: SelectionCase) => blocked.get(c.suite) } : {}),
      model: options.model,
      repeat: options.repeat,
      concurrency: options.concurrency,
      caseTimeoutMs: options.caseTimeoutMs,
      ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
      signal: stop.signal,
      onResult: (result) => {
        const error = result.attempts.find((a) => a.error?.code === 'E_MODEL_REFUSED')?.error;
        if (error) {
          // Not a result about the model: keep it out of the results, like the kept cases below.
          if (!refused) {
            refused = error;
            errors.push(error);
            stop.abort();
          }
          return;
        }
        // Held in memory by a temporary store while it has room; else written as it is (without the cost
        // the fold attaches), then folded, and only the line's place is kept.
        const rank = fold.rankOf(result);
        if (!store?.hold(rank, result, sink)) {
          const span = sink?.writeCase(result);
          if (store && span) store.add(rank, span);
        }
        fold.add(result);
        searched.add(result);
        ceiling?.tick();
        finished += 1;
        options.onResult?.(result, finished, total);
      },
    });
    options.signal?.removeEventListener('abort', onOuterAbort);
    let scenarios: ScenarioResult[] = [];
    if (scenarioCount > 0 && inputs.host && !stop.signal.aborted) {
      const { runScenarios } = await import('./scenario-run.ts');
      scenarios = await runScenarios({
        host: inputs.host,
        serverNames: inputs.serverNames,
        sets: inputs.sets,
        model: options.model,
        ...(options.allowTools ? { allowTools: options.allowTools } : {}),
        ...(pool ? { sharedPool: pool } : {}),
        ...(options.serverTimeouts ? { serverTimeouts: options.serverTimeouts } : {}),
        ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
        ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
        ...(options.judge ? { judge: options.judge } : {}),
        signal: stop.signal,
        onResult: (result) => {
          finished += 1;
          options.onScenario?.(result, finished, total);
        },
      });
    }
    const complete = !stop.signal.aborted && ran === pendingCount && scenarios.length === scenarioCount;
    const toolsIgnored = fold.toolsIgnoredWarning();
    if (toolsIgnored) warnings.push(toolsIgnored);
    const suiteCosts = fold.suiteCosts();
    scenarios.forEach((s, i) => {
      s.cost.cost = estimate(found?.price, s.cost.promptTokens, s.cost.completionTokens);
      fold.costs.add(s.cost);
      fold.gates.add(`${s.suite}/${s.id}`, s.cost, order.size + i);
      let suite = suiteCosts.get(s.suite);
      if (!suite) suiteCosts.set(s.suite, (suite = new CostFold()));
      suite.add(s.cost);
    });
    const cost = fold.cost(prices && found ? { file: prices.file, key: found.key, ...found.price } : undefined);
    const scenarioSummary = summariseScenarios(scenarios);
    if (options.judge && scenarios.some((s) => s.judged)) {
      const usage = scenarios.reduce((total, s) => (s.judged ? addUsage(total, s.judged.usage) : total), NO_USAGE);
      scenarioSummary.judge = { id: options.judge.id, cost: judgeCostOf(usage, options.judge.id, prices), ...(options.judgeCalibration ? { calibration: options.judgeCalibration } : {}) };
    }
    const finishedCases = fold.count;
    // A set of scenarios alone has no selection summary: 0 cases would read as 0% accuracy.
    const summary = finishedCases > 0 || scenarioCount === 0 ? fold.summary() : undefined;
    // Each set's estimate once: it serialises every tool of the list.
    const tokensOf = new Map(options.loading === 'search' ? [] : inputs.sets.map((s) => [s.name, estimateTokens(toolsBySet.get(s.name) ?? [])]));
    const suites = inputs.sets
      .filter((s) => s.count > 0)
      .map((s) => ({ suite: s.name, model: options.model.id, summary: fold.suiteSummary(s.name), toolTokens: options.loading === 'search' ? searched.mean(s.name) : tokensOf.get(s.name)! }));
    const toolTokens = options.loading === 'search' ? searched.toolTokens() : largestToolList(inputs.sets.map((s) => ({ suite: s.name, tokens: tokensOf.get(s.name)! })));
    const firstFailed = scenarios.find((s) => s.state === 'failed');
    const verdict = evalVerdict({
      ...(!complete && !refused ? { interrupted: { finished: finishedCases, total: order.size, ...(options.resultsFile ? { resumeFile: options.resultsFile } : {}) } } : {}),
      complete,
      errors,
      ...(summary ? { summary } : {}),
      scenarios: {
        total: scenarioSummary.scenarios,
        failed: scenarioSummary.failed,
        errored: scenarioSummary.errored,
        ...(firstFailed ? { firstFailed: `${firstFailed.suite}/${firstFailed.id}: ${firstFailed.reason}` } : {}),
        ...(scenarioSummary.errored > 0 ? { firstErroredReason: scenarios.find((s) => s.state === 'errored')!.reason } : {}),
      },
      costGates: fold.gates.checkCostGates(cost, options.gates ?? {}, options.model.id, prices?.file),
      ...(options.minAccuracy !== undefined ? { minAccuracy: options.minAccuracy } : {}),
      setGates: inputs.sets.map((set) => ({
        name: set.name,
        file: set.file,
        ...(set.gate ? { minAccuracy: set.gate.minAccuracy } : {}),
        accuracy: suites.find((s) => s.suite === set.name)?.summary.accuracy ?? 0,
      })),
      costGated: Object.values(options.gates ?? {}).some((v) => v !== undefined),
      ...(toolTokens ? { toolTokens: { perRequest: toolTokens.perRequest, suite: toolTokens.suite, ...(options.gates?.maxToolTokens !== undefined ? { max: options.gates.maxToolTokens } : {}) } } : {}),
    });
    if (prices && cost.cost === null) {
      warnings.push({ code: 'W_NO_PRICE', message: `${prices.file} has no price for model "${options.model.id}"; costs are left out`, hint: 'add the model (its id or its name) to the price table' });
    }
    const result: ToolvetResult = {
      ...resultHeader('eval', startedAt),
      complete,
      verdict,
      model: options.model.id,
      ...(pool ? { servers: pool.info() } : {}),
      ...(summary ? { summary, suites, cases: fold.cases() } : {}),
      ...(scenarioCount > 0 ? { scenarios, scenarioSummary } : {}),
      cost,
      ...(toolTokens ? { toolTokens } : {}),
      warnings,
      errors,
    };
    if (keep === 'failed') noteCasesElsewhere(result, { ...(options.resultsFile ? { file: options.resultsFile } : {}), costBySuite: suiteCostRows(suiteCosts) });
    if (store && ceiling && planned > SHORT_RUN_CASES) {
      // A long run's hold on the heap lasts until its cases are read back for the reports: let go in
      // between, its young generation grew to 16 MB while the reports were made (P5 in npm run bench).
      store.releaseOnDispose(() => ceiling.release());
      handedOver = true;
    }
    return { result, ...(store ? { store } : {}) };
  } catch (error) {
    store?.dispose();
    throw error;
  } finally {
    if (!handedOver) ceiling?.release();
    sink?.close();
    await pool?.close();
  }
}

/** Says, once each, which names are offered qualified and which tools were left out (routing.ts). */
function noteRouting(routes: ToolRoutes, warnings: Diagnostic[]): void {
  const add = (warning: Diagnostic): void => {
    if (!warnings.some((w) => w.code === warning.code && w.message === warning.message)) warnings.push(warning);
  };
  for (const { name, tools } of routes.sharedNames()) {
    add({
      code: 'W_DUPLICATE_TOOL',
      message: `tool "${name}" is listed by servers ${tools.map((t) => t.server).join(' and ')}: the model is offered ${tools.map((t) => t.offered).join(' and ')}`,
      hint: 'name them so in expectations and allow lists, or select one server (the query set\'s servers:, or --server)',
    });
  }
  for (const { tool, keptFrom } of routes.dropped) {
    add({ code: 'W_DUPLICATE_TOOL', message: `tool "${tool.name}" is listed by ${keptFrom} and ${tool.server ?? 'a tool file'}; keeping the first`, hint: 'give the tool file\'s tool another name, or leave the file out' });
  }
}

/** The suite whose tool list is largest: what one request of the run carries at most. */
function largestToolList(sets: ReadonlyArray<{ suite: string; tokens: number }>): ToolTokens | undefined {
  let largest: ToolTokens | undefined;
  for (const set of sets) if (!largest || set.tokens > largest.perRequest) largest = { method: 'estimate', perRequest: set.tokens, suite: set.suite };
  return largest;
}

/** A scenario whose answer is to be judged, with no judge set: an input error before anything runs. */
function requireNoJudged(sets: ReadonlyArray<{ file: string; scenarios: ReadonlyArray<{ id: string; expect: { judge?: unknown } }> }>): void {
  for (const set of sets) {
    const at = set.scenarios.findIndex((s) => s.expect.judge !== undefined);
    if (at < 0) continue;
    throw new ToolvetError('E_USAGE', `query set ${set.file}: scenario "${set.scenarios[at].id}" ($.scenarios[${at}].expect.judge) asks for the LLM judge, and no judge is set`, {
      file: set.file,
      path: `$.scenarios[${at}].expect.judge`,
      hint: 'pass --judge-base-url URL and --judge-model-name NAME (any OpenAI-compatible endpoint), or remove expect.judge',
    });
  }
}
