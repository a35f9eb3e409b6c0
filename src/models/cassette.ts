/**
 * A cassette: a folder of recorded model exchanges, for `--record DIR` and `--replay DIR`.
 *
 *   DIR/run.json                      the recorded run: driver id, model key, start and finish times
 *   DIR/exchanges/<key16>.json        one request (messages, tool names and hashes, sampling) and its answers
 *   DIR/tools/<name>.<hash12>.json    each distinct tool definition the model saw, as sent on the wire
 *   DIR/latencies.json                <key16> -> the measured latency of each answer
 *
 * Every file is pretty-printed JSON with a fixed key order (sorted, except recorded answers, which keep
 * the driver's order so a replay reproduces them exactly), so a cassette diffs well in review: editing a
 * description adds one tools/ file and changes exactly the exchanges whose request listed that tool.
 * Latencies, which differ on every recording, live apart in latencies.json, so re-recording a
 * deterministic model leaves exchanges/ byte-identical.
 * The key is a SHA-256 over what reaches the model (model, messages, wire tool definitions, sampling);
 * never headers, so an API key cannot end up here.
 */
import { sortKeys } from '../safety/records.ts';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { writeFileInside } from '../safety/write-file.ts';
import { encodeFileName } from '../safety/file-name.ts';
import { redactSecrets } from '../safety/secrets.ts';
import { join, relative } from 'node:path';
import { ToolvetError, type ErrorInfo } from '../errors.ts';
import type { ChatMessage, ModelRequest, ModelResponse, ToolChoice } from '../types.ts';
import { toWireTool, type WireTool } from './wire.ts';

export const CASSETTE_VERSION = 1;

export interface Sampling {
  toolChoice?: ToolChoice;
  temperature?: number;
  maxTokens?: number;
  seed?: number;
}

/** One recorded answer: a response, or the coded error the driver threw. */
export interface RecordedAnswer {
  response?: ModelResponse;
  error?: ErrorInfo;
}

/** Exchange file stem to the latency of each of its answers, as measured while recording. */
export type Latencies = Record<string, number[]>;

export interface Exchange {
  toolvetCassette: typeof CASSETTE_VERSION;
  key: string;
  model: string;
  /** The last user message, for people reading the cassette. */
  query: string;
  request: {
    messages: ChatMessage[];
    /** Tool name to the hash of its wire definition (see tools/). */
    tools: Record<string, string>;
    sampling: Sampling;
  };
  /** In order: attempt 1, 2, ... of the same request (`--repeat`). */
  answers: RecordedAnswer[];
}

export interface CassetteRun {
  toolvetCassette: typeof CASSETTE_VERSION;
  /** The recorded driver's id, reported again on replay. */
  driver: string;
  model: string;
  startedAt?: string;
  finishedAt?: string;
}

export { sortKeys } from '../safety/records.ts';

export function stableJson(value: unknown): string {
  return `${JSON.stringify(sortKeys(value), null, 2)}\n`;
}

export function sha256(value: unknown): string {
  return createHash('sha256').update(JSON.stringify(sortKeys(value))).digest('hex');
}

/** The model part of the key: the driver id without its endpoint, so a replay need not use the same port. */
export function modelKey(driverId: string): string {
  const at = driverId.indexOf('@');
  return at < 0 ? driverId : driverId.slice(0, at);
}

export interface KeyedRequest {
  key: string;
  model: string;
  messages: ChatMessage[];
  wireTools: WireTool[];
  toolHashes: Record<string, string>;
  sampling: Sampling;
}

/** Everything about a request that can change the model's answer, hashed. */
export function keyRequest(model: string, request: ModelRequest, defaults: Sampling = {}): KeyedRequest {
  const messages = request.messages.map((m) => sortKeys({ ...m }));
  const wireTools = request.tools.map(toWireTool);
  const toolHashes: Record<string, string> = {};
  for (const tool of wireTools) toolHashes[tool.function.name] = sha256(tool).slice(0, 12);
  const sampling = sortKeys({
    toolChoice: request.toolChoice ?? defaults.toolChoice,
    temperature: request.temperature ?? defaults.temperature,
    maxTokens: request.maxTokens ?? defaults.maxTokens,
    seed: request.seed ?? defaults.seed,
  });
  const key = sha256({ model, messages, tools: wireTools, sampling });
  return { key, model, messages, wireTools, toolHashes, sampling };
}

/** Every cassette file stays inside the cassette folder (tool names become file names) and is written atomically. */
function writeAtomic(dir: string, file: string, text: string): void {
  writeFileInside(dir, relative(dir, file), redactSecrets(text));
}

function readJson<T>(file: string, what: string): T {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch (error) {
    throw new ToolvetError('E_FILE_PARSE', `cassette ${what} ${file} is not readable JSON: ${(error as Error).message}`, {
      file,
      hint: 'record the cassette again with --record DIR, or restore the file from version control',
    });
  }
}

export class Cassette {
  private constructor(readonly dir: string) {}

  static forRecording(dir: string): Cassette {
    mkdirSync(join(dir, 'exchanges'), { recursive: true });
    mkdirSync(join(dir, 'tools'), { recursive: true });
    return new Cassette(dir);
  }

  static forReplay(dir: string): Cassette {
    if (!existsSync(join(dir, 'run.json')) || !existsSync(join(dir, 'exchanges'))) {
      throw new ToolvetError('E_FILE_MISSING', `${dir} is not a cassette: it has no run.json and exchanges/`, {
        file: dir,
        hint: 'record one first with `toolvet eval ... --record DIR`',
      });
    }
    return new Cassette(dir);
  }

  static stem(key: string): string {
    return key.slice(0, 16);
  }

  exchangeFile(key: string): string {
    return join(this.dir, 'exchanges', `${Cassette.stem(key)}.json`);
  }

  readLatencies(): Latencies {
    const file = join(this.dir, 'latencies.json');
    return existsSync(file) ? readJson<Latencies>(file, 'latency file') : {};
  }

  writeLatencies(latencies: Latencies): void {
    writeAtomic(this.dir, join(this.dir, 'latencies.json'), stableJson(latencies));
  }

  toolFile(name: string, hash: string): string {
    return join(this.dir, 'tools', `${encodeFileName(name)}.${hash}.json`);
  }

  readExchange(key: string): Exchange | undefined {
    const file = this.exchangeFile(key);
    return existsSync(file) ? readJson<Exchange>(file, 'exchange') : undefined;
  }

  /** The request is ours and sorted; answers keep the driver's key order, which replay must reproduce exactly. */
  writeExchange(exchange: Exchange): void {
    const ordered: Exchange = {
      toolvetCassette: exchange.toolvetCassette,
      key: exchange.key,
      model: exchange.model,
      query: exchange.query,
      request: sortKeys(exchange.request),
      answers: exchange.answers,
    };
    writeAtomic(this.dir, this.exchangeFile(exchange.key), `${JSON.stringify(ordered, null, 2)}\n`);
  }

  writeTool(tool: WireTool, hash: string): void {
    const file = this.toolFile(tool.function.name, hash);
    if (!existsSync(file)) writeAtomic(this.dir, file, stableJson(tool));
  }

  readTool(name: string, hash: string): WireTool | undefined {
    const file = this.toolFile(name, hash);
    return existsSync(file) ? readJson<WireTool>(file, 'tool definition') : undefined;
  }

  /** Every recorded exchange: read once on the first miss, to explain it. */
  allExchanges(): Exchange[] {
    const dir = join(this.dir, 'exchanges');
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map((f) => readJson<Exchange>(join(dir, f), 'exchange'));
  }

  readRun(): CassetteRun {
    return readJson<CassetteRun>(join(this.dir, 'run.json'), 'run file');
  }

  writeRun(run: CassetteRun): void {
    writeAtomic(this.dir, join(this.dir, 'run.json'), stableJson(run));
  }
}
