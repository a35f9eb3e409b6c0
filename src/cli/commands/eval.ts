import type { Command } from 'commander';
import { resolve } from 'node:path';
import { parseDistractorSizes } from '../../run/distractors.ts';
import { renderEvalConsole, renderNotices, warmEvalConsole } from '../../../reporters/console.ts';
import { whenIdle, type IdleWork } from '../when-idle.ts';
import { onGitHubActions } from '../../safety/github.ts';
import { prepareArgumentChecks } from '../../scoring/schema-check.ts';
import { createProgress } from '../../report/progress.ts';
import { exitCodeFor, ToolvetError } from '../../errors.ts';
import type { ToolvetResult } from '../../report/model.ts';
import { runEvalStreamed } from '../../run/eval-run.ts';
import type { CaseStore } from '../../run/case-store.ts';
import { appendHistory } from '../../report/history/store.ts';
import { writeResultJson } from '../../report/write-result-json.ts';
import { settleCassetteTimes } from '../../models/replay.ts';
import { abortOnSignals, addModelFlags, addServerFlags, collect, modelCassettes, modelFromFlags, modelSpecs, nonNegative, positiveInt, ratio, serverTimeouts, type ModelFlags, type ServerFlags, sharedOption } from '../options.ts';
import type { SetExit } from './set-exit.ts';
import { InvalidArgumentError } from 'commander';
import { writeJsonFile } from '../output.ts';
import { loadCalibration } from '../../judge/calibration-summary.ts';
import { judgeFromFlags } from '../judge-options.ts';
import type { ModelDriver } from '../../types.ts';
import type { JudgeCalibrationSummary } from '../../judge/judge-types.ts';

export interface EvalFlags extends ModelFlags, ServerFlags {
  config?: string;
  tools?: string[];
  queries?: string[];
  server?: string[];
  concurrency?: number;
  repeat?: number;
  json?: string;
  results?: string;
  resume?: string;
  force?: boolean;
  minAccuracy?: number;
  caseTimeout?: number;
  maxTokens?: number;
  allowTools?: string[];
  prices?: string;
  maxTokensPerCase?: number;
  maxCost?: number;
  maxP95Latency?: number;
  maxToolTokens?: number;
  distractors?: number[];
  distractorFile?: string;
  history?: string;
  loading?: 'all' | 'search' | 'both';
  searchLimit?: number;
  judgeBaseUrl?: string;
  judgeModelName?: string;
  judgeApiKeyEnv?: string;
  judgeCalibration?: string;
}


export function addEvalFlags(command: Command): Command {
  addModelFlags(command)
    .addOption(sharedOption('config'))
    .addOption(sharedOption('tools'))
    .addOption(sharedOption('queries'))
    .addOption(sharedOption('server'))
    .addOption(sharedOption('concurrency'))
    .option('--models <specs>', 'compare several models on the same cases: mock, openai:NAME@URL, separated by commas; repeatable (see docs/models.md)', collect)
    .option('--repeat <k>', 'run each case k times (pass@k, pass^k, interval)', positiveInt)
    .addOption(sharedOption('json'))
    .option('--results <file>', 'stream case results to this JSON Lines file as they finish')
    .option('--resume <file>', 'rerun only the cases missing (or errored) in this results file, appending to it')
    .option('--force', 'with --resume: resume a file written for another model or tool list')
    .option('--min-accuracy <x>', 'gate: exit 1 when accuracy is below x (0-1)', ratio)
    .addOption(sharedOption('case-timeout'))
    .addOption(sharedOption('max-tokens'))
    .addOption(sharedOption('allow-tools'))
    .addOption(sharedOption('prices'))
    .option('--max-tokens-per-case <n>', 'gate: exit 1 when one case or scenario uses more tokens than n', positiveInt)
    .option('--max-cost <usd>', 'gate: exit 1 when the estimated cost is above this (needs --prices)', nonNegative)
    .option('--max-p95-latency <ms>', 'gate: exit 1 when the 95th percentile case time (model + tools) is above this', nonNegative)
    .option('--max-tool-tokens <n>', 'gate: exit 1 when the tool list one request carries is estimated above n tokens (4 characters per token)', positiveInt)
    .option('--distractors <sizes>', 'sweep: run the cases once per size, each query set padded with that many distractor tools (e.g. 0,10,100,1000)', distractorSizes)
    .option('--distractor-file <file>', 'sweep: tool definitions to draw distractors from before generated ones')
    .option('--loading <mode>', 'how the tools reach the model: all (every tool in every request), search (deferred loading: first only a tool_search tool), both (the two compared by the paired A/B)', loadingMode)
    .option('--search-limit <n>', 'with --loading search or both: tools one search loads at most (default 5)', positiveInt)
    .option('--history <dir>', 'append the result to the history folder DIR (one file per run, named by time, commit and branch; see `report --history`)')
    .addOption(sharedOption('judge-base-url'))
    .addOption(sharedOption('judge-model-name'))
    .addOption(sharedOption('judge-api-key-env'))
    .addOption(sharedOption('judge-calibration'));
  return addServerFlags(command);
}

function loadingMode(value: string): 'all' | 'search' | 'both' {
  if (value === 'all' || value === 'search' || value === 'both') return value;
  throw new InvalidArgumentError('must be all, search or both');
}

function distractorSizes(value: string): number[] {
  const sizes = parseDistractorSizes(value);
  if (!sizes) throw new InvalidArgumentError('must be whole numbers separated by commas, e.g. 0,10,100');
  return sizes;
}

/** What every eval run takes from the flags: inputs, sampling and server timeouts (the sweep takes only these). */
function runInputs(flags: EvalFlags) {
  return {
    ...(flags.config ? { config: flags.config } : {}),
    servers: flags.server ?? [],
    toolsFiles: flags.tools ?? [],
    queries: flags.queries ?? [],
    repeat: flags.repeat,
    concurrency: flags.concurrency,
    caseTimeoutMs: flags.caseTimeout,
    ...(flags.maxTokens ? { maxTokens: flags.maxTokens } : {}),
    serverTimeouts: serverTimeouts(flags),
    ...(flags.searchLimit !== undefined ? { searchLimit: flags.searchLimit } : {}),
  };
}

/** What a scored eval takes besides: the gates, the allow list and the price table, one model or several. */
function scoredRunOptions(flags: EvalFlags) {
  return {
    ...runInputs(flags),
    ...(flags.loading === 'search' ? { loading: 'search' as const } : {}),
    minAccuracy: flags.minAccuracy,
    ...(flags.allowTools ? { allowTools: flags.allowTools } : {}),
    ...(flags.prices ? { prices: flags.prices } : {}),
    gates: {
      ...(flags.maxTokensPerCase !== undefined ? { maxTokensPerCase: flags.maxTokensPerCase } : {}),
      ...(flags.maxCost !== undefined ? { maxCost: flags.maxCost } : {}),
      ...(flags.maxP95Latency !== undefined ? { maxP95LatencyMs: flags.maxP95Latency } : {}),
      ...(flags.maxToolTokens !== undefined ? { maxToolTokens: flags.maxToolTokens } : {}),
    },
  };
}

/** The judge of scenarios' `expect.judge` answers and its calibration, from the flags (each absent when not set). */
function judgeOptions(flags: EvalFlags): { judge?: ModelDriver; judgeCalibration?: JudgeCalibrationSummary } {
  const judgeCalibration = flags.judgeCalibration ? loadCalibration(flags.judgeCalibration) : undefined;
  const judge = judgeFromFlags(flags);
  return { ...(judge ? { judge } : {}), ...(judgeCalibration ? { judgeCalibration } : {}) };
}

/** `eval --distractors`: the same cases at each tool count, accuracy against the count. */
async function executeSweep(flags: EvalFlags, setExit: SetExit): Promise<ToolvetResult> {
  const [{ runDistractorSweep }, { renderSweepText }] = await Promise.all([import('../../run/distractor-sweep.ts'), import('../../report/sweep-render.ts')]);
  const { signal, dispose } = abortOnSignals();
  const model = modelFromFlags(flags);
  try {
    const result = await runDistractorSweep({
      ...runInputs(flags),
      model,
      sizes: flags.distractors!,
      ...(flags.distractorFile ? { distractorFile: flags.distractorFile } : {}),
      signal,
      onPoint: (p) => process.stderr.write(`toolvet eval: ${p.tools} tools, accuracy ${(p.accuracy * 100).toFixed(1)}%\n`),
    });
    process.stdout.write(`${[renderSweepText(result.sweep!), ...renderNotices({ warnings: result.warnings, errors: [] }), ...result.verdict.reasons].join('\n')}\n`);
    if (flags.json) writeJsonFile(flags.json, result);
    if (flags.history) process.stderr.write(`toolvet eval: appended to history ${appendHistory(flags.history, result)}\n`);
    setExit(exitCodeFor(result.verdict.status));
    return result;
  } finally {
    dispose();
    await model.close?.();
  }
}

/** `eval --loading both`: every tool loaded against tool search, on the same cases, paired. */
async function executeLoadingAb(flags: EvalFlags, setExit: SetExit): Promise<ToolvetResult> {
  const clash = flags.results ? '--results' : flags.resume ? '--resume' : undefined;
  if (clash) throw new ToolvetError('E_USAGE', `--loading both cannot be combined with ${clash}`, { hint: `run ${clash} once per loading with --loading all and --loading search` });
  const judging = judgeOptions(flags);
  const { runLoadingAb } = await import('../../run/loading-ab.ts');
  const { signal, dispose } = abortOnSignals();
  const model = modelFromFlags(flags);
  try {
    const result = await runLoadingAb({
      ...scoredRunOptions(flags),
      ...judging,
      model,
      signal,
      onSide: (s) => process.stderr.write(`toolvet eval: ${s.loading === 'all' ? 'every tool' : 'tool search'}, accuracy ${(s.summary.accuracy * 100).toFixed(1)}%\n`),
    });
    settleCassetteTimes(model, result);
    return await finishEval(flags, result, setExit);
  } finally {
    dispose();
    await model.close?.();
    await judging.judge?.close?.();
  }
}

/**
 * GitHub's annotations and step summary (reporters/github.ts writes them), loaded only under GitHub
 * Actions (onGitHubActions): with the Markdown reporter it brings, five chunks an eval elsewhere never
 * runs.
 */
async function emitGitHub(result: ToolvetResult): Promise<void> {
  if (onGitHubActions()) (await import('../../../reporters/github.ts')).emitGitHub(result);
}

/** The end the --loading both and --models paths share: the console report, annotations, --json, --history, the exit code. */
async function finishEval(flags: EvalFlags, result: ToolvetResult, setExit: SetExit): Promise<ToolvetResult> {
  process.stdout.write(`${renderEvalConsole(result)}\n`);
  await emitGitHub(result);
  if (flags.json) writeJsonFile(flags.json, result);
  if (flags.history) process.stderr.write(`toolvet eval: appended to history ${appendHistory(flags.history, result)}\n`);
  setExit(exitCodeFor(result.verdict.status));
  return result;
}

/** `eval --models`: every model on the same cases, a row each, every pair compared. */
async function executeModels(flags: EvalFlags, setExit: SetExit): Promise<ToolvetResult> {
  const clash = flags.distractors ? '--distractors' : flags.results ? '--results' : flags.resume ? '--resume' : undefined;
  if (clash) throw new ToolvetError('E_USAGE', `--models cannot be combined with ${clash}`, { hint: `run ${clash} once per model with --model, or drop it to compare the models` });
  const models = modelSpecs(flags.models!, flags);
  const cassettes = modelCassettes(flags);
  const judging = judgeOptions(flags);
  const { runModelMatrix } = await import('../../run/model-matrix.ts');
  const { signal, dispose } = abortOnSignals();
  try {
    const result = await runModelMatrix({
      ...scoredRunOptions(flags),
      ...judging,
      models,
      ...(cassettes ? { cassettes } : {}),
      signal,
      onModel: (e) => process.stderr.write(`toolvet eval: ${e.model} accuracy ${(e.summary.accuracy * 100).toFixed(1)}%\n`),
    });
    return await finishEval(flags, result, setExit);
  } finally {
    dispose();
    await judging.judge?.close?.();
  }
}

/**
 * `eval`: memory stays flat however many cases run. The result in memory keeps the summaries and the
 * first failed cases; every case is in the --results file, and --json reads them back from it. With
 * --json and no --results the cases go to a temporary file, removed once the JSON is written.
 */
export async function executeEval(flags: EvalFlags, setExit: SetExit): Promise<ToolvetResult> {
  if (flags.searchLimit !== undefined && flags.loading !== 'search' && flags.loading !== 'both') {
    throw new ToolvetError('E_USAGE', '--search-limit applies to deferred loading only', { hint: 'add --loading search (or both), or drop --search-limit' });
  }
  if (flags.loading && flags.loading !== 'all' && (flags.models || flags.distractors)) {
    throw new ToolvetError('E_USAGE', `--loading ${flags.loading} cannot be combined with ${flags.models ? '--models' : '--distractors'}`, { hint: 'compare the loadings with one model, with --loading both' });
  }
  if (flags.loading === 'both') return executeLoadingAb(flags, setExit);
  if (flags.models) return executeModels(flags, setExit);
  if (flags.distractors) return executeSweep(flags, setExit);
  // --resume appends to the file it resumes: a different --results would be silently left unwritten.
  if (flags.resume && flags.results && resolve(flags.resume) !== resolve(flags.results)) {
    throw new ToolvetError('E_USAGE', `--resume ${flags.resume} appends the new cases to ${flags.resume} itself, so --results ${flags.results} would never be written`, {
      hint: `drop --results (the resumed file then holds every case), or copy ${flags.resume} to ${flags.results} and resume that`,
    });
  }
  const { judge, judgeCalibration } = judgeOptions(flags);
  const { signal, dispose } = abortOnSignals();
  const model = modelFromFlags(flags);
  const progress = createProgress({ label: 'toolvet eval' });
  let store: CaseStore | undefined;
  let warm: IdleWork | undefined;
  try {
    const run = await runEvalStreamed({
      ...scoredRunOptions(flags),
      model,
      resultsFile: flags.resume ?? flags.results,
      ...(flags.resume ? { resume: flags.resume } : {}),
      ...(flags.force ? { force: true } : {}),
      keepCases: 'failed',
      storeCases: flags.json !== undefined || flags.history !== undefined,
      ...(judge ? { judge } : {}),
      ...(judgeCalibration ? { judgeCalibration } : {}),
      signal,
      onStart: (total) => {
        progress.start(total);
        // What the first answers and the report would otherwise wait for, done while the run waits on its model:
        // Ajv for checking the calls (loaded on first use otherwise), then the console tables' first, slow render.
        warm ??= whenIdle(() => {
          prepareArgumentChecks();
          warm = whenIdle(warmEvalConsole);
        });
      },
      onResult: (r, done, total) => progress.update(r.pass, done, total),
      onScenario: (r, done, total) => progress.update(r.pass, done, total),
    });
    warm?.stop();
    store = run.store;
    const result = run.result;
    progress.stop();
    settleCassetteTimes(model, result);
    process.stdout.write(`${renderEvalConsole(result)}\n`);
    await emitGitHub(result);
    if (flags.json) writeResultJson(flags.json, result, store?.cases());
    if (flags.history) process.stderr.write(`toolvet eval: appended to history ${appendHistory(flags.history, result, undefined, store?.cases())}\n`);
    setExit(exitCodeFor(result.verdict.status));
    return result;
  } finally {
    warm?.stop();
    store?.dispose();
    progress.stop();
    dispose();
    await model.close?.();
    await judge?.close?.();
  }
}

export function registerEval(program: Command, setExit: SetExit): void {
  const command = program.command('eval').description('run tool-selection query sets against live servers or tool definitions');
  addEvalFlags(command).action(async (flags: EvalFlags) => {
    await executeEval(flags, setExit);
  });
}
