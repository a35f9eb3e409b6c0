import { type Command, InvalidArgumentError, Option } from 'commander';
import { BENCH_TASK_KINDS, runServerBench, type BenchTaskKind } from '../../bench/server-bench.ts';
import { renderBenchMarkdown, renderBenchText } from '../../bench/render-bench.ts';
import { DEFAULT_MIN_EFFECT_MS, DEFAULT_THRESHOLD } from '../../bench/baseline.ts';
import { DEFAULT_ROUNDS } from '../../bench/rounds.ts';
import { exitCodeFor } from '../../errors.ts';
import { addModelFlags, addServerFlags, modelFromFlags, positiveInt, serverTimeouts, type ModelFlags, type ServerFlags, sharedOption } from '../options.ts';
import type { SetExit } from './set-exit.ts';
import { writeJsonFile as writeJson } from '../output.ts';

interface BenchFlags extends ModelFlags, ServerFlags {
  config: string;
  server?: string[];
  calls?: string;
  allowTools?: string[];
  rounds?: number;
  minEffect?: number;
  baseline?: string;
  save?: string;
  json?: string;
  format: 'text' | 'markdown';
  threshold: number;
  iterations?: number;
  time?: number;
  starts?: number;
  task?: BenchTaskKind[];
  prompt?: string;
}

function threshold(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 1) throw new InvalidArgumentError('must be a ratio above 1, e.g. 1.2 for 20% slower');
  return n;
}

function nonNegativeMs(value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0) throw new InvalidArgumentError('must be a number of milliseconds, at least 0');
  return n;
}

function taskKind(value: string, previous: BenchTaskKind[] = []): BenchTaskKind[] {
  if (!(BENCH_TASK_KINDS as readonly string[]).includes(value)) throw new InvalidArgumentError(`must be one of ${BENCH_TASK_KINDS.join(', ')}`);
  return [...previous, value as BenchTaskKind];
}

export function registerBench(program: Command, setExit: SetExit): void {
  const command = program
    .command('bench')
    .description('benchmark tool servers: cold start, tools/list, tools/call, a model turn; compare with a saved baseline')
    .addOption(sharedOption('config', { required: true }))
    .addOption(sharedOption('server'))
    .option('--calls <file>', 'JSON or YAML list of {tool, args} to benchmark; with --allow-tools, the only way to include tools not annotated read-only')
    .addOption(sharedOption('allow-tools'))
    .option('--baseline <file>', 'compare with a result saved by --save (or --json)')
    .option('--save <file>', 'save this run as a baseline for later --baseline')
    .addOption(sharedOption('json'))
    .addOption(new Option('--format <format>', 'console output').choices(['text', 'markdown']).default('text'))
    .option('--threshold <ratio>', `minimum effect: flag a task whose median is at least this ratio of the baseline's (and outside the noise of the rounds)`, threshold, DEFAULT_THRESHOLD)
    .option('--min-effect <ms>', `minimum effect in ms: medians closer than this are never flagged (default ${DEFAULT_MIN_EFFECT_MS})`, nonNegativeMs)
    .option('--rounds <n>', `interleaved rounds per task; their spread is the noise (default ${DEFAULT_ROUNDS})`, positiveInt)
    .option('--iterations <n>', 'minimum samples per task (default 50)', positiveInt)
    .option('--time <ms>', 'time budget per task (default 1000)', positiveInt)
    .option('--starts <n>', 'cold starts per server (default 10)', positiveInt)
    .option('--task <kind>', `only this kind of task: ${BENCH_TASK_KINDS.join(', ')}; repeatable`, taskKind)
    .option('--prompt <text>', 'user message of the model turn, which runs only when --model or --base-url is given (default: from the first tool description)');
  addServerFlags(addModelFlags(command)).action(async (flags: BenchFlags) => {
    // A model turn only when a model was asked for: the mock is the default elsewhere, not here.
    const model = flags.model || flags.baseUrl ? modelFromFlags(flags) : undefined;
    try {
      const result = await runServerBench({
        config: flags.config,
        servers: flags.server ?? [],
        ...(flags.calls ? { calls: flags.calls } : {}),
        ...(flags.allowTools ? { allowTools: flags.allowTools } : {}),
        ...(flags.rounds ? { rounds: flags.rounds } : {}),
        ...(flags.minEffect !== undefined ? { minEffectMs: flags.minEffect } : {}),
        ...(flags.baseline ? { baseline: flags.baseline } : {}),
        threshold: flags.threshold,
        ...(flags.iterations ? { iterations: flags.iterations } : {}),
        ...(flags.time ? { timeMs: flags.time } : {}),
        ...(flags.starts ? { starts: flags.starts } : {}),
        ...(flags.task ? { kinds: flags.task } : {}),
        ...(model ? { model } : {}),
        ...(flags.prompt ? { prompt: flags.prompt } : {}),
        serverTimeouts: serverTimeouts(flags),
        onTask: (t) => process.stderr.write(`  ${t.server} ${t.task}: ${t.state === 'completed' ? `${t.meanMs!.toFixed(2)} ms` : t.state}\n`),
      });
      process.stdout.write(`${flags.format === 'markdown' ? renderBenchMarkdown(result) : renderBenchText(result)}\n`);
      if (flags.json) writeJson(flags.json, result);
      if (flags.save) writeJson(flags.save, result);
      setExit(exitCodeFor(result.verdict.status));
    } finally {
      await model?.close?.();
    }
  });
}
