import { type Command, Option } from 'commander';
import { exitCodeFor } from '../../errors.ts';
import { formatDiffJson, type DiffFormat } from '../../diff/format-json.ts';
import { formatDiffMarkdown } from '../../diff/format-markdown.ts';
import { formatDiffText } from '../../diff/format-text.ts';
import { runDiff } from '../../diff/run-diff.ts';
import type { FailOn } from '../../diff/types.ts';
import { abortOnSignals, addModelFlags, addServerFlags, collect, modelFromFlags, positiveInt, ratio, serverTimeouts, type ModelFlags, type ServerFlags } from '../options.ts';
import type { SetExit } from './index.ts';
import { writeTextFile } from '../output.ts';

interface DiffFlags extends ModelFlags, ServerFlags {
  queries?: string[];
  server?: string[];
  failOn?: FailOn;
  baseline?: string;
  format?: DiffFormat;
  out?: string;
  repeat?: number;
  concurrency?: number;
  abMargin?: number;
  caseTimeout?: number;
}

const RENDER: Record<DiffFormat, typeof formatDiffText> = { text: formatDiffText, json: formatDiffJson, markdown: formatDiffMarkdown };

export function registerDiff(program: Command, setExit: SetExit): void {
  const command = program
    .command('diff')
    .description('classify every change between two tool lists (breaking / retest / safe), A/B the descriptions on query sets, and gate')
    .argument('<old>', 'snapshot file or folder, tool list, or live:CONFIG')
    .argument('<new>', 'snapshot file or folder, tool list, or live:CONFIG')
    .option('--queries <file>', 'query set for the A/B of descriptions; repeatable', collect)
    .option('--server <name>', 'only this server, on every side (a folder of snapshots or live:); repeatable', collect)
    .addOption(new Option('--fail-on <level>', 'exit 1 when a change reaches this level (info: any change)').choices(['breaking', 'retest', 'info']).default('breaking'))
    .option('--baseline <file>', 'accepted findings: {"accepted": [{"finding": "tool:check-id", "reason", "expires"}]}')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
    .option('--out <file>', 'also write the result as JSON to this file')
    .option('--repeat <k>', 'A/B: run each query k times', positiveInt)
    .option('--concurrency <n>', 'A/B: cases in flight at once', positiveInt)
    .option('--ab-margin <x>', 'A/B: the largest accuracy drop "no detectable change" must rule out (default 0.1)', ratio)
    .option('--case-timeout <ms>', 'A/B: deadline of one case attempt', positiveInt);
  addModelFlags(command);
  addServerFlags(command).action(async (oldSpec: string, newSpec: string, flags: DiffFlags) => {
    const { signal, dispose } = abortOnSignals();
    const model = flags.queries?.length ? modelFromFlags(flags) : undefined;
    try {
      const result = await runDiff({
        old: oldSpec,
        new: newSpec,
        queries: flags.queries ?? [],
        ...(model ? { model } : {}),
        repeat: flags.repeat,
        concurrency: flags.concurrency,
        caseTimeoutMs: flags.caseTimeout,
        ...(flags.abMargin !== undefined ? { margin: flags.abMargin } : {}),
        failOn: flags.failOn ?? 'breaking',
        ...(flags.baseline ? { baseline: flags.baseline } : {}),
        ...(flags.server?.length ? { servers: flags.server } : {}),
        serverTimeouts: serverTimeouts(flags),
        signal,
      });
      process.stdout.write(RENDER[flags.format ?? 'text'](result).replace(/\n?$/, '\n'));
      if (flags.out) writeTextFile(flags.out, formatDiffJson(result));
      setExit(exitCodeFor(result.verdict.status));
    } finally {
      dispose();
      await model?.close?.();
    }
  });
}
