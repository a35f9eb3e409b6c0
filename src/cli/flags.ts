/**
 * Every flag that more than one command takes is declared here once, with one parser and one help
 * text (vitest's cli-config: commands pick from a table instead of declaring the flag again). Numbers
 * are read as plain decimals and checked; commander's message names the flag ("option '--retries <n>'
 * argument 'abc' is invalid. must be ..."). This file imports nothing heavy: commands that never drive a
 * model (lint, snapshot, probe, doctor, report) use it alone; the model flags are in options.ts.
 */
import { type Command, InvalidArgumentError, Option } from 'commander';
import { DEFAULT_SERVER_TIMEOUTS, type ServerTimeouts } from '../servers/timeouts.ts';

export interface ServerFlags {
  startTimeout?: number;
  callTimeout?: number;
}

export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** `--allow-tools a,b --allow-tools c`: tool names, comma-separated and repeatable (eval, skills eval, bench). */
export function toolList(value: string, previous: string[] = []): string[] {
  return [...previous, ...value.split(',').map((t) => t.trim()).filter(Boolean)];
}

/** A plain decimal number (no hex, no exponent, no blanks): `0x10` or `1e3` in a flag is a typo, not a number. */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

function decimal(value: string, expected: string): number {
  if (!DECIMAL.test(value)) throw new InvalidArgumentError(expected);
  return Number(value);
}

export function positiveInt(value: string): number {
  const n = decimal(value, 'must be a whole number of at least 1');
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number of at least 1');
  return n;
}

export function nonNegativeInt(value: string): number {
  const n = decimal(value, 'must be a whole number of at least 0');
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('must be a whole number of at least 0');
  return n;
}

export function nonNegative(value: string): number {
  const n = decimal(value, 'must be a number of at least 0');
  if (n < 0) throw new InvalidArgumentError('must be a number of at least 0');
  return n;
}

export function ratio(value: string): number {
  const n = decimal(value, 'must be a number between 0 and 1, e.g. 0.8');
  if (n < 0 || n > 1) throw new InvalidArgumentError('must be a number between 0 and 1, e.g. 0.8');
  return n;
}

/** A TCP port to listen on; 0 lets the system pick a free one. */
export function portNumber(value: string): number {
  const n = decimal(value, 'must be a port number from 0 to 65535 (0: any free port)');
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('must be a port number from 0 to 65535 (0: any free port)');
  return n;
}

/** Sampling temperature: the OpenAI wire format takes 0 to 2. */
export function temperature(value: string): number {
  const n = decimal(value, 'must be a number between 0 and 2, e.g. 0 or 0.7');
  if (n < 0 || n > 2) throw new InvalidArgumentError('must be a number between 0 and 2, e.g. 0 or 0.7');
  return n;
}

export type SharedFlag =
  | 'config'
  | 'server'
  | 'tools'
  | 'queries'
  | 'json'
  | 'concurrency'
  | 'allow-tools'
  | 'max-tokens'
  | 'case-timeout'
  | 'base-url'
  | 'model-name'
  | 'api-key-env'
  | 'model-timeout'
  | 'prices'
  | 'judge-base-url'
  | 'judge-model-name'
  | 'judge-api-key-env'
  | 'judge-calibration';

const SHARED: Record<SharedFlag, () => Option> = {
  config: () => new Option('--config <file>', 'host configuration naming the servers to start (.mcp.json, .vscode/mcp.json, .cursor/mcp.json, Claude Desktop shapes)'),
  server: () => new Option('--server <name>', 'only this server from the config; repeatable').argParser(collect),
  tools: () => new Option('--tools <file>', 'tool definitions without a server (JSON or YAML list, or a snapshot); repeatable').argParser(collect),
  queries: () => new Option('--queries <file>', 'query set (JSON or YAML); repeatable').argParser(collect),
  json: () => new Option('--json <file>', 'write the result as JSON (the shared result model)'),
  concurrency: () => new Option('--concurrency <n>', 'cases in flight at once').argParser(positiveInt),
  'allow-tools': () =>
    new Option('--allow-tools <names>', 'tools that may run although not annotated read-only, named as the model sees them (comma-separated; repeatable)').argParser(toolList),
  'max-tokens': () => new Option('--max-tokens <n>', 'cap on tokens the model may generate per answer').argParser(positiveInt),
  'case-timeout': () => new Option('--case-timeout <ms>', 'deadline of one case attempt (default 600000)').argParser(positiveInt),
  'base-url': () => new Option('--base-url <url>', 'OpenAI-compatible endpoint, e.g. http://127.0.0.1:11434/v1 (Ollama) or http://127.0.0.1:8080/v1 (llama-server)'),
  'model-name': () => new Option('--model-name <name>', 'model name the endpoint serves, e.g. qwen3:8b'),
  'api-key-env': () => new Option('--api-key-env <VAR>', 'environment variable holding the API key (default TOOLVET_API_KEY, then OPENAI_API_KEY)'),
  'model-timeout': () => new Option('--model-timeout <ms>', 'timeout of one model request (default 120000; doctor: 30000)').argParser(positiveInt),
  prices: () => new Option('--prices <file>', 'price table for the cost estimate: {"MODEL": {"input": USD/1M tokens, "output": USD/1M tokens}}'),
  'judge-base-url': () => new Option('--judge-base-url <url>', 'OpenAI-compatible endpoint of the LLM judge (skills eval: default the model endpoint, when there is one)'),
  'judge-model-name': () => new Option('--judge-model-name <name>', 'model name of the judge (skills eval: default --model-name)'),
  'judge-api-key-env': () =>
    new Option('--judge-api-key-env <VAR>', "environment variable with the judge's API key (default: the agent's key when the judge is on the same origin, else TOOLVET_JUDGE_API_KEY)"),
  'judge-calibration': () =>
    new Option('--judge-calibration <file>', "a `judge calibrate --json` result: its agreement, kappa and false pass rate are shown beside every judged result (else: \"uncalibrated\")"),
};

/** The shared flag `name`, with its one wording and parser (`required`: the command cannot run without it). */
export function sharedOption(name: SharedFlag, settings: { required?: boolean } = {}): Option {
  const option = SHARED[name]();
  return settings.required ? option.makeOptionMandatory() : option;
}

/** Adds shared flags in the order given. */
export function addSharedFlags(command: Command, names: readonly SharedFlag[]): Command {
  for (const name of names) command.addOption(sharedOption(name));
  return command;
}

/** Every shared flag's long name and help text: the `--help` test checks each command against it. */
export function sharedFlagTexts(): ReadonlyArray<{ flags: string; description: string }> {
  return (Object.keys(SHARED) as SharedFlag[]).map((name) => {
    const option = SHARED[name]();
    return { flags: option.flags, description: option.description };
  });
}

export function addServerFlags(command: Command): Command {
  return command
    .optionsGroup('Server options:')
    .option('--start-timeout <ms>', `timeout from spawn to initialized (default ${DEFAULT_SERVER_TIMEOUTS.startMs})`, positiveInt)
    .option('--call-timeout <ms>', `timeout of one tools/list or tools/call (default ${DEFAULT_SERVER_TIMEOUTS.callMs})`, positiveInt)
    .optionsGroup('Options:');
}

export function serverTimeouts(flags: ServerFlags): Partial<ServerTimeouts> {
  return { ...(flags.startTimeout ? { startMs: flags.startTimeout } : {}), ...(flags.callTimeout ? { callMs: flags.callTimeout } : {}) };
}

/** How long `toolvet login` waits for the browser step by default. */
export const DEFAULT_LOGIN_TIMEOUT_MS = 300_000;

export interface LoginFlags {
  loginTimeout?: number;
  /** `--no-browser`: false. */
  browser?: boolean;
  status?: boolean;
}

/** The flags of `toolvet login` (declared here with the others, though one command takes them). */
export function addLoginFlags(command: Command): Command {
  return command
    .option('--status', 'list the servers with a cached login (issuer, expiry, refresh token or not), never a token')
    .option('--login-timeout <ms>', `how long to wait for the browser step (default ${DEFAULT_LOGIN_TIMEOUT_MS})`, positiveInt)
    .option('--no-browser', 'only print the authorization URL; never try to open a browser (never tried in CI or without a terminal anyway)');
}
