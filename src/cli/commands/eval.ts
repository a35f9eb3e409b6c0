import type { Command } from 'commander';
import { renderEvalConsole } from '../../../reporters/console.ts';
import { emitGitHub } from '../../../reporters/github.ts';
import { createProgress } from '../../report/progress.ts';
import { exitCodeFor } from '../../errors.ts';
import type { ToolproofResult } from '../../report/model.ts';
import { runEval } from '../../run/eval-run.ts';
import { settleCassetteTimes } from '../../models/replay.ts';
import { abortOnSignals, addModelFlags, addServerFlags, collect, modelFromFlags, positiveInt, ratio, serverTimeouts, type ModelFlags, type ServerFlags } from '../options.ts';
import type { SetExit } from './index.ts';
import { writeJsonFile } from '../output.ts';

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
}

export function addEvalFlags(command: Command): Command {
  addModelFlags(command)
    .option('--config <file>', 'host configuration: {"mcpServers": {...}}, {"servers": {...}} or a bare map')
    .option('--tools <file>', 'tool definitions without a server (JSON list or snapshot); repeatable', collect)
    .option('--queries <file>', 'query set (JSON or YAML); repeatable', collect)
    .option('--server <name>', 'only this server from the config; repeatable', collect)
    .option('--concurrency <n>', 'cases in flight at once (default 4)', positiveInt)
    .option('--repeat <k>', 'run each case k times (pass@k, pass^k, interval)', positiveInt)
    .option('--json <file>', 'write the result (summary, cases) as JSON')
    .option('--results <file>', 'stream case results to this JSON Lines file as they finish')
    .option('--resume <file>', 'rerun only the cases missing (or errored) in this results file, appending to it')
    .option('--force', 'with --resume: resume a file written for another model or tool list')
    .option('--min-accuracy <x>', 'gate: exit 1 when accuracy is below x (0-1)', ratio)
    .option('--case-timeout <ms>', 'deadline of one case attempt (default 600000)', positiveInt)
    .option('--max-tokens <n>', 'cap on tokens the model may generate per answer', positiveInt);
  return addServerFlags(command);
}

export async function executeEval(flags: EvalFlags, setExit: SetExit): Promise<ToolproofResult> {
  const { signal, dispose } = abortOnSignals();
  const model = modelFromFlags(flags);
  const progress = createProgress({ label: 'toolproof eval' });
  try {
    const result = await runEval({
      ...(flags.config ? { config: flags.config } : {}),
      servers: flags.server ?? [],
      toolsFiles: flags.tools ?? [],
      queries: flags.queries ?? [],
      model,
      repeat: flags.repeat,
      concurrency: flags.concurrency,
      minAccuracy: flags.minAccuracy,
      caseTimeoutMs: flags.caseTimeout,
      ...(flags.maxTokens ? { maxTokens: flags.maxTokens } : {}),
      serverTimeouts: serverTimeouts(flags),
      resultsFile: flags.resume ?? flags.results,
      ...(flags.resume ? { resume: flags.resume } : {}),
      ...(flags.force ? { force: true } : {}),
      signal,
      onStart: (total) => progress.start(total),
      onResult: (r, done, total) => progress.update(r.pass, done, total),
    });
    progress.stop();
    settleCassetteTimes(model, result);
    process.stdout.write(`${renderEvalConsole(result)}\n`);
    emitGitHub(result);
    if (flags.json) writeJsonFile(flags.json, result);
    setExit(exitCodeFor(result.verdict.status));
    return result;
  } finally {
    progress.stop();
    dispose();
    await model.close?.();
  }
}

export function registerEval(program: Command, setExit: SetExit): void {
  const command = program.command('eval').description('run tool-selection query sets against live servers or tool definitions');
  addEvalFlags(command).action(async (flags: EvalFlags) => {
    await executeEval(flags, setExit);
  });
}
