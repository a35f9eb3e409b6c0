/**
 * The selection runner: every case (times `repeat`) goes to the model with the tools it may see,
 * under bounded concurrency (a fixed pool of workers pulling the next case, which costs nothing per
 * case, unlike a queued closure per case: P4 in `npm run bench`). A model error is an errored attempt with its coded error, never
 * a crash of the run; each case result is handed to `onResult` (the JSON Lines sink) as soon as it exists.
 */
import { PAST_DEADLINE, toErrorInfo, ToolvetError } from '../errors.ts';
import { reportedLatency } from '../models/replay.ts';
import { HeapCeiling } from './heap-ceiling.ts';
import { scoreAttempt } from '../scoring/score-attempt.ts';
import type { Attempt, CaseResult, ChatMessage, ModelDriver, ModelResponse, SelectionCase, ToolDefinition, ToolSearchTrace } from '../types.ts';
import { answerWithSearch, type AskModel, type ToolSearchOptions } from './tool-search.ts';

export const DEFAULT_SYSTEM_PROMPT =
  'You are an assistant with access to tools. Call the one tool that fits the request, with its arguments. If no tool fits, answer in text without calling a tool.';

/** Whole-attempt deadline when none is given: above the driver's own worst case (120 s x 3 tries, plus Retry-After waits). */
export const DEFAULT_CASE_TIMEOUT_MS = 600_000;

/** Cases between two turns of the event loop when the model answers in process (the mock). */
const YIELD_EVERY = 64;

export interface SelectionRunOptions {
  /** The cases: a list, or an iterator read as workers free up (eval reads them from the query-set files). */
  cases: readonly SelectionCase[] | Iterator<SelectionCase>;
  /** How many cases an iterator holds (sizes the worker pool; a list says it itself). */
  count?: number;
  /** The tools the model sees, per case (query sets may name their servers). */
  toolsFor: (c: SelectionCase) => ToolDefinition[];
  model: ModelDriver;
  repeat?: number;
  concurrency?: number;
  systemPrompt?: string;
  /** Whole-case deadline per attempt, in milliseconds. */
  caseTimeoutMs?: number;
  temperature?: number;
  /** Cap on generated tokens per answer; a call cut off by it fails with finish_reason length. */
  maxTokens?: number;
  onResult?: (result: CaseResult) => void;
  signal?: AbortSignal;
  /**
   * The error a case cannot run past (a server of its query set that did not start): each of its
   * attempts is errored with it, without asking the model, since the tools it would see are incomplete.
   */
  blockedBy?: (c: SelectionCase) => unknown;
  /** Deferred loading: the model first sees only a search tool over `toolsFor(c)` (tool-search.ts). */
  search?: ToolSearchOptions;
}

export async function runSelection(options: SelectionRunOptions): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  // Against an endpoint, the request loop's garbage piles up in the old generation before V8's first
  // full collection (P1 in npm run bench: 175 MB peak for 2,000 cases, 137 MB with this); a collection
  // every 16 MB of growth costs nothing beside the requests. An in-process model yields instead (below).
  const ceiling = options.model.inProcess ? undefined : new HeapCeiling();
  await streamSelection({
    ...options,
    onResult: (result) => {
      ceiling?.tick();
      results.push(result);
      options.onResult?.(result);
    },
  });
  return results;
}

/**
 * The runner without the list: each case result goes to `onResult` and nothing keeps it, so a run of
 * any size holds only the cases in flight (`eval` folds and streams them). Returns how many finished.
 */
export async function streamSelection(options: SelectionRunOptions): Promise<number> {
  const repeat = Math.max(1, options.repeat ?? 1);
  const indexes = new WeakMap<ToolDefinition[], Map<string, ToolDefinition>>();
  const cases: Iterator<SelectionCase> = Array.isArray(options.cases) ? options.cases.values() : (options.cases as Iterator<SelectionCase>);
  const count = Array.isArray(options.cases) ? options.cases.length : (options.count ?? Number.POSITIVE_INFINITY);
  let finished = 0;
  let drained = false;
  const worker = async (): Promise<void> => {
    while (!drained && !options.signal?.aborted) {
      const next = cases.next();
      if (next.done) {
        drained = true;
        return;
      }
      const c = next.value;
      const tools = options.toolsFor(c);
      let byName = indexes.get(tools);
      if (!byName) indexes.set(tools, (byName = new Map(tools.map((t) => [t.name, t]))));
      const attempts: Attempt[] = [];
      const blocked = options.blockedBy?.(c);
      for (let i = 0; i < repeat; i++) {
        if (options.signal?.aborted) return;
        attempts.push(blocked === undefined ? await runAttempt(c, tools, byName, options) : erroredAttempt(blocked, performance.now()));
      }
      finished += 1;
      options.onResult?.(foldAttempts(c, attempts));
      // An in-process model answers in microtasks, which never let the event loop turn: the garbage
      // collector's own tasks (finishing a marking, sweeping) then wait, and the heap of a long run
      // grows by hundreds of MB of garbage; timers, signals and the progress bar wait too.
      if (options.model.inProcess && finished % YIELD_EVERY === 0) await new Promise<void>((resolve) => setImmediate(resolve));
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 4, count));
  try {
    await Promise.all(Array.from({ length: workers }, worker));
  } finally {
    // An iterator over a file closes it when the run stops early (an abort, a refused endpoint).
    if (!drained) cases.return?.();
  }
  return finished;
}

async function runAttempt(
  c: SelectionCase,
  tools: ToolDefinition[],
  byName: ReadonlyMap<string, ToolDefinition>,
  options: SelectionRunOptions,
): Promise<Attempt> {
  const messages: ChatMessage[] = [
    { role: 'system', content: options.systemPrompt ?? DEFAULT_SYSTEM_PROMPT },
    { role: 'user', content: c.query },
  ];
  const started = performance.now();
  // One turn, or (deferred loading) the search turns and the answer, under the attempt's one deadline.
  const answer = async (ask: AskModel): Promise<{ response: ModelResponse; trace?: ToolSearchTrace; recordedMs?: number }> => {
    if (!options.search) {
      const response = await ask(messages, tools);
      return { response, recordedMs: reportedLatency(response) };
    }
    let recordedMs: number | undefined = 0;
    const { response, trace } = await answerWithSearch(messages, tools, async (m, t) => {
      const r = await ask(m, t);
      const ms = reportedLatency(r);
      recordedMs = recordedMs === undefined || ms === undefined ? undefined : recordedMs + ms;
      return r;
    }, options.search);
    return { response, trace, recordedMs };
  };
  const score = (done: { response: ModelResponse; trace?: ToolSearchTrace; recordedMs?: number }): Attempt => {
    // A recording or replaying driver reports the recorded latency, so replayed results are byte-identical.
    const attempt = scoreAttempt(c, done.response, byName, done.recordedMs ?? performance.now() - started);
    if (done.trace) attempt.toolSearch = done.trace;
    return attempt;
  };
  if (options.model.inProcess) {
    try {
      return score(await answer((m, t) => options.model.complete({ messages: m, tools: t, toolChoice: 'auto', ...sampling(options) })));
    } catch (error) {
      return erroredAttempt(error, started);
    }
  }
  const caseTimeoutMs = options.caseTimeoutMs ?? DEFAULT_CASE_TIMEOUT_MS;
  if (options.model.ownsDeadline) {
    // The driver keeps the deadline with its own per-try timer: no second timer, abort or listener here.
    const deadline = started + caseTimeoutMs;
    try {
      return score(await answer((m, t) => options.model.complete({ messages: m, tools: t, toolChoice: 'auto', ...(options.signal ? { signal: options.signal } : {}), deadline, ...sampling(options) })));
    } catch (error) {
      const late = error instanceof ToolvetError && error.cause === PAST_DEADLINE;
      return erroredAttempt(late ? caseTimeout(c, caseTimeoutMs) : error, started, reportedLatency(error));
    }
  }
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let timer: NodeJS.Timeout | undefined;
  try {
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        // Reject before aborting: the race must settle on the deadline, not on the driver's own abort error.
        reject(caseTimeout(c, caseTimeoutMs));
        controller.abort();
      }, caseTimeoutMs);
    });
    const request = answer((m, t) => options.model.complete({ messages: m, tools: t, toolChoice: 'auto', signal: controller.signal, ...sampling(options) }));
    return score(await Promise.race([request, deadline]));
  } catch (error) {
    return erroredAttempt(error, started, reportedLatency(error));
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

/** An attempt that ended in an error: its coded error, and the time it took (or the recorded one). */
function erroredAttempt(error: unknown, started: number, recordedMs?: number): Attempt {
  const info = toErrorInfo(error);
  return { state: 'errored', reason: `${info.code}: ${info.message}`, latencyMs: recordedMs ?? performance.now() - started, error: info };
}

function caseTimeout(c: SelectionCase, caseTimeoutMs: number): ToolvetError {
  return new ToolvetError('E_MODEL_TIMEOUT', `case "${c.id}" took longer than ${caseTimeoutMs} ms`, { hint: 'raise --case-timeout, or check that the model endpoint is not overloaded' });
}

function sampling(options: SelectionRunOptions): { temperature?: number; maxTokens?: number } {
  return {
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
  };
}

export function foldAttempts(c: SelectionCase, attempts: Attempt[]): CaseResult {
  const passed = attempts.filter((a) => a.state === 'passed').length;
  const state = passed === attempts.length ? 'passed' : attempts.some((a) => a.state === 'errored') ? 'errored' : 'failed';
  const first = attempts.find((a) => a.state !== 'passed') ?? attempts[0];
  const reason = attempts.length === 1 || state === 'passed' ? first.reason : `${passed}/${attempts.length} attempts passed; first miss: ${first.reason}`;
  return {
    id: c.id,
    suite: c.suite,
    query: c.query,
    expected: c.expect,
    state,
    pass: state === 'passed',
    chosen: attempts[0].chosen,
    reason,
    attempts,
    passRate: passed / attempts.length,
  };
}
