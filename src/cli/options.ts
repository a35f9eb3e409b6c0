/**
 * Flags shared by every command that drives a model or starts servers, so they read the same
 * everywhere: `--model mock | --base-url URL --model-name NAME`, timeouts, numbers.
 */
import { type Command, Option } from 'commander';
import { ToolvetError } from '../errors.ts';
import { createModel, type ModelOptions } from '../models/index.ts';
import { recordingModel, replayModel } from '../models/replay.ts';
import type { ModelCassettes } from '../models/model-cassettes.ts';
import type { ModelDriver } from '../types.ts';
import { nonNegativeInt, sharedOption, temperature } from './flags.ts';

// The light flag helpers live in flags.ts (commands that start no model import only that file).
export { addServerFlags, addSharedFlags, collect, nonNegative, positiveInt, ratio, serverTimeouts, sharedOption, toolList, type ServerFlags } from './flags.ts';

export interface ModelFlags {
  model?: string;
  /** `eval --models`: several models, compared on the same cases. */
  models?: string[];
  baseUrl?: string;
  modelName?: string;
  apiKeyEnv?: string;
  modelTimeout?: number;
  retries?: number;
  temperature?: number;
  record?: string;
  replay?: string;
}

export function addModelFlags(command: Command): Command {
  // Grouped under their own heading in --help; options added after these go back to the main list.
  return command
    .optionsGroup('Model options:')
    .addOption(new Option('--model <kind>', 'model driver: mock (default, offline) or openai (with --base-url)').choices(['mock', 'openai']))
    .addOption(sharedOption('base-url'))
    .addOption(sharedOption('model-name'))
    .addOption(sharedOption('api-key-env'))
    .addOption(sharedOption('model-timeout'))
    .option('--retries <n>', 'retries of a failed model request (429 honours Retry-After)', nonNegativeInt)
    .option('--temperature <t>', 'sampling temperature (0 to 2)', temperature)
    .option('--record <dir>', 'save every model exchange to this cassette folder (see README, "Record and replay")')
    .option('--replay <dir>', 'answer from a recorded cassette folder, offline; a changed request is an E_REPLAY_MISS')
    .optionsGroup('Options:');
}

export function modelOptions(flags: ModelFlags): ModelOptions {
  const kind = flags.model ?? (flags.baseUrl ? 'openai' : 'mock');
  if (kind === 'mock') {
    if (flags.baseUrl) throw new ToolvetError('E_USAGE', '--base-url needs --model openai (or leave --model out)', { hint: 'drop --model mock to use the endpoint' });
    return { kind: 'mock' };
  }
  if (!flags.modelName) {
    throw new ToolvetError('E_USAGE', 'an OpenAI-compatible model needs --model-name', {
      hint: 'name a model the endpoint serves, e.g. --model-name qwen3:8b (see GET {base-url}/models)',
    });
  }
  return {
    kind: 'openai',
    baseUrl: flags.baseUrl ?? 'http://127.0.0.1:11434/v1',
    modelName: flags.modelName,
    ...(flags.apiKeyEnv ? { apiKeyEnv: flags.apiKeyEnv } : {}),
    ...(flags.modelTimeout ? { timeoutMs: flags.modelTimeout } : {}),
    ...(flags.retries !== undefined ? { maxRetries: flags.retries } : {}),
    ...(flags.temperature !== undefined ? { temperature: flags.temperature } : {}),
  };
}

/**
 * `--models SPEC[,SPEC...]` (repeatable): several models in one run. A spec is `mock`, or
 * `openai:NAME@URL` (`openai:NAME` alone uses the default endpoint); the shared model flags
 * (--api-key-env, --model-timeout, --retries, --temperature) apply to every model.
 */
export function modelSpecs(specs: readonly string[], flags: ModelFlags): ModelOptions[] {
  // --record and --replay apply to every model, one cassette each (modelCassettes below).
  const conflict = (['model', 'baseUrl', 'modelName'] as const).find((k) => flags[k] !== undefined);
  if (conflict) {
    const flag = `--${conflict.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    throw new ToolvetError('E_USAGE', `--models cannot be combined with ${flag}`, { hint: 'name every model in --models, e.g. --models mock,openai:qwen3:8b@http://127.0.0.1:11434/v1' });
  }
  return specs.flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean).map((spec) => {
    if (spec === 'mock') return { kind: 'mock' };
    const m = /^openai:([^@]+)(?:@(.+))?$/.exec(spec);
    if (!m) {
      throw new ToolvetError('E_USAGE', `--models: "${spec}" is not a model spec`, { hint: 'write mock, or openai:NAME@URL (e.g. openai:qwen3:8b@http://127.0.0.1:11434/v1), separated by commas' });
    }
    return modelOptions({ ...flags, model: 'openai', modelName: m[1], baseUrl: m[2] });
  });
}

/** `--models` with `--record DIR` or `--replay DIR`: where each model's cassette goes, and the sampling in its keys. */
export function modelCassettes(flags: ModelFlags): ModelCassettes | undefined {
  if (flags.record && flags.replay) throw new ToolvetError('E_USAGE', '--record and --replay cannot be combined', { hint: 'record once with --record DIR, then run with --replay DIR' });
  if (!flags.record && !flags.replay) return undefined;
  return {
    ...(flags.record ? { record: flags.record } : {}),
    ...(flags.replay ? { replay: flags.replay } : {}),
    ...(flags.temperature !== undefined ? { defaults: { temperature: flags.temperature } } : {}),
  };
}

export function modelFromFlags(flags: ModelFlags): ModelDriver {
  const defaults = flags.temperature !== undefined ? { temperature: flags.temperature } : {};
  if (flags.replay) {
    if (flags.record) throw new ToolvetError('E_USAGE', '--record and --replay cannot be combined', { hint: 'record once with --record DIR, then run with --replay DIR' });
    // Without model flags the cassette's own model is replayed; with them, they must match the recording.
    const named = flags.model !== undefined || flags.baseUrl !== undefined || flags.modelName !== undefined;
    return replayModel(flags.replay, { defaults, ...(named ? { driverId: createModel(modelOptions(flags)).id } : {}) });
  }
  const model = createModel(modelOptions(flags));
  return flags.record ? recordingModel(model, flags.record, { defaults }) : model;
}

/** Aborts on the first SIGINT/SIGTERM so a run can close servers and keep what it finished; a second one exits at once. */
export function abortOnSignals(): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const handler = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write(`\ntoolvet: ${signal} received; finishing in-flight cases and closing servers (again to quit at once)\n`);
    controller.abort();
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
  return {
    signal: controller.signal,
    dispose: () => {
      process.off('SIGINT', handler);
      process.off('SIGTERM', handler);
    },
  };
}
