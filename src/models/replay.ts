/**
 * Record and replay as ModelDriver wrappers. `recordingModel` passes each request to the real driver
 * and writes the answer (or its coded error) to a cassette; `replayModel` answers from the cassette
 * alone, offline, and a request it has not seen is an E_REPLAY_MISS saying what changed since the
 * recording (the model, a sampling parameter, the conversation, or which tool's definition).
 *
 * Latency is the one run-specific number inside a case result: the recorder measures it (kept in the
 * cassette's latencies.json) and both wrappers attach it to the answer (`reportedLatency`), so the
 * runner reports the recorded figure and a replayed result file is byte-identical to the recorded one.
 */
import { ToolvetError, toErrorInfo, type ErrorInfo } from '../errors.ts';
import type { ModelDriver, ModelRequest, ModelResponse } from '../types.ts';
import { Cassette, CASSETTE_VERSION, keyRequest, modelKey, sortKeys, type Exchange, type KeyedRequest, type Sampling } from './cassette.ts';
import type { WireTool } from './wire.ts';

const LATENCY = Symbol.for('toolvet.reportedLatencyMs');

/** The latency a wrapper measured for this response or error, if any (read by the runner). */
export function reportedLatency(value: unknown): number | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const ms = (value as { [LATENCY]?: unknown })[LATENCY];
  return typeof ms === 'number' ? ms : undefined;
}

function withLatency<T extends object>(value: T, ms: number): T {
  // Non-enumerable and keyed by a symbol: never serialised into results or cassettes.
  Object.defineProperty(value, LATENCY, { value: ms, enumerable: false });
  return value;
}

function lastUserMessage(request: { messages: { role: string; content: string }[] }): string {
  return [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
}

export interface RecordOptions {
  /** Sampling the driver applies itself when a request sets none (e.g. `--temperature`), so it is part of the key. */
  defaults?: Sampling;
}

export interface RecordingModel extends ModelDriver {
  /** Writes run.json with the run's times; call once the run has finished. */
  finish(times: { startedAt: string; finishedAt: string }): void;
}

export function recordingModel(inner: ModelDriver, dir: string, options: RecordOptions = {}): RecordingModel {
  const cassette = Cassette.forRecording(dir);
  const model = modelKey(inner.id);
  // Answers recorded by this run, per key: a fresh recording replaces what an older one left.
  const recorded = new Map<string, Exchange>();
  const latencies = cassette.readLatencies();

  function store(keyed: KeyedRequest, answer: Exchange['answers'][number], latencyMs: number): void {
    let exchange = recorded.get(keyed.key);
    if (!exchange) {
      exchange = {
        toolvetCassette: CASSETTE_VERSION,
        key: keyed.key,
        model,
        query: lastUserMessage(keyed),
        request: { messages: keyed.messages, tools: keyed.toolHashes, sampling: keyed.sampling },
        answers: [],
      };
      recorded.set(keyed.key, exchange);
      latencies[Cassette.stem(keyed.key)] = [];
      for (const tool of keyed.wireTools) cassette.writeTool(tool, keyed.toolHashes[tool.function.name]);
    }
    exchange.answers.push(answer);
    latencies[Cassette.stem(keyed.key)].push(latencyMs);
    cassette.writeExchange(exchange);
    cassette.writeLatencies(latencies);
  }

  return {
    id: inner.id,
    async complete(request: ModelRequest): Promise<ModelResponse> {
      const keyed = keyRequest(model, request, options.defaults);
      const started = performance.now();
      try {
        const response = await inner.complete(request);
        const latencyMs = performance.now() - started;
        store(keyed, { response: structuredClone(response) }, latencyMs);
        return withLatency(response, latencyMs);
      } catch (error) {
        const latencyMs = performance.now() - started;
        // Our own abort (Ctrl-C, case deadline) says nothing about the model: not worth replaying.
        if (!request.signal?.aborted) store(keyed, { error: toErrorInfo(error) }, latencyMs);
        throw typeof error === 'object' && error !== null ? withLatency(error, latencyMs) : error;
      }
    },
    close: inner.close ? () => inner.close!() : undefined,
    finish(times) {
      cassette.writeRun({ toolvetCassette: CASSETTE_VERSION, driver: inner.id, model, ...times });
    },
  };
}

export interface ReplayModel extends ModelDriver {
  /** The recorded run's start and finish times, so a replayed result file can carry them too. */
  readonly recordedTimes: { startedAt?: string; finishedAt?: string };
}

export interface ReplayOptions extends RecordOptions {
  /** The driver id to expect; default: the one the cassette was recorded with. */
  driverId?: string;
}

export function replayModel(dir: string, options: ReplayOptions = {}): ReplayModel {
  const cassette = Cassette.forReplay(dir);
  const run = cassette.readRun();
  const id = options.driverId ?? run.driver;
  const model = modelKey(id);
  const served = new Map<string, number>();
  const latencies = cassette.readLatencies();
  let all: Exchange[] | undefined;

  return {
    id,
    recordedTimes: { startedAt: run.startedAt, finishedAt: run.finishedAt },
    async complete(request: ModelRequest): Promise<ModelResponse> {
      const keyed = keyRequest(model, request, options.defaults);
      const occurrence = served.get(keyed.key) ?? 0;
      served.set(keyed.key, occurrence + 1);
      const exchange = cassette.readExchange(keyed.key);
      const answer = exchange?.key === keyed.key ? exchange.answers[occurrence] : undefined;
      if (!answer) {
        all ??= cassette.allExchanges();
        throw new ToolvetError('E_REPLAY_MISS', `replay miss for "${lastUserMessage(keyed)}": ${explainMiss(keyed, exchange, occurrence, all, cassette)}`, {
          file: dir,
          hint: 'record the cassette again with --record DIR (after a deliberate change), or undo the change',
        });
      }
      // A cassette without latencies.json (trimmed by hand) still replays, with latencies of 0.
      const latencyMs = latencies[Cassette.stem(keyed.key)]?.[occurrence] ?? 0;
      if (answer.error) throw withLatency(errorFrom(answer.error), latencyMs);
      return withLatency(structuredClone(answer.response!), latencyMs);
    },
  };
}

function errorFrom(info: ErrorInfo): ToolvetError {
  const { code, message, ...details } = info;
  return new ToolvetError(code, message, details);
}

/** Why no recorded answer fits: compares with the closest recorded exchange. */
export function explainMiss(keyed: KeyedRequest, same: Exchange | undefined, occurrence: number, all: Exchange[], cassette: Cassette): string {
  if (same && same.key === keyed.key) {
    return `the cassette holds ${same.answers.length} answer(s) to this request and this is attempt ${occurrence + 1} (was it recorded with a smaller --repeat?)`;
  }
  const messages = JSON.stringify(keyed.messages);
  const candidates = all.filter((e) => JSON.stringify(e.request.messages) === messages);
  if (candidates.length === 0) {
    const query = lastUserMessage(keyed);
    const sameQuery = all.find((e) => e.query === query);
    if (sameQuery) return 'the conversation differs from the recorded one (system prompt or earlier messages changed)';
    return 'no recorded exchange asks this (a new or edited case)';
  }
  const described = candidates.map((e) => differences(keyed, e, cassette)).sort((a, b) => a.length - b.length);
  return described[0].join('; ') || 'the request differs from the recorded one';
}

function differences(keyed: KeyedRequest, recorded: Exchange, cassette: Cassette): string[] {
  const out: string[] = [];
  if (recorded.model !== keyed.model) out.push(`recorded with model "${recorded.model}", now "${keyed.model}"`);
  for (const field of ['toolChoice', 'temperature', 'maxTokens', 'seed'] as const) {
    const was = JSON.stringify(recorded.request.sampling[field]);
    const now = JSON.stringify(keyed.sampling[field]);
    if (was !== now) out.push(`sampling ${field} was ${was ?? 'unset'}, now ${now ?? 'unset'}`);
  }
  const before = recorded.request.tools;
  const after = keyed.toolHashes;
  const removed = Object.keys(before).filter((n) => !(n in after));
  const added = Object.keys(after).filter((n) => !(n in before));
  if (added.length) out.push(`tool(s) ${added.map((n) => `"${n}"`).join(', ')} not in the recording`);
  if (removed.length) out.push(`recorded tool(s) ${removed.map((n) => `"${n}"`).join(', ')} no longer listed`);
  for (const name of Object.keys(after).filter((n) => n in before && before[n] !== after[n])) {
    const old = cassette.readTool(name, before[name]);
    const now = keyed.wireTools.find((t) => t.function.name === name);
    out.push(`the definition of tool "${name}" differs from the recorded one${old && now ? ` (${changedFields(old, now)})` : ''}`);
  }
  if (out.length === 0 && Object.keys(before).join() !== Object.keys(after).join()) out.push('the tools are listed in a different order');
  return out;
}

function changedFields(old: WireTool, now: WireTool): string {
  const fields = (['name', 'description', 'parameters'] as const).filter(
    (f) => JSON.stringify(sortKeys(old.function[f])) !== JSON.stringify(sortKeys(now.function[f])),
  );
  return fields.length ? `${fields.join(' and ')} changed` : 'key order changed';
}

/**
 * After a run: a recording saves the run's times to the cassette; a replay puts the recorded times in
 * the result, the other run-specific field, so its result file matches the recorded one byte for byte.
 */
export function settleCassetteTimes(model: ModelDriver, result: { startedAt: string; finishedAt: string }): void {
  const driver = model as Partial<RecordingModel & ReplayModel>;
  if (typeof driver.finish === 'function') driver.finish({ startedAt: result.startedAt, finishedAt: result.finishedAt });
  if (driver.recordedTimes?.startedAt && driver.recordedTimes.finishedAt) {
    result.startedAt = driver.recordedTimes.startedAt;
    result.finishedAt = driver.recordedTimes.finishedAt;
  }
}
