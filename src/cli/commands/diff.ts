import { type Command, Option } from 'commander';
import { loadQuerySet } from '../../config/query-set.ts';
import { DEFAULT_AB_MARGIN } from '../../diff/ab.ts';
import { planAb, planText } from '../../diff/ab-interval.ts';
import { DEFAULT_AB_BUDGET, DEFAULT_AB_LOOKS, FIRST_REPEATS } from '../../diff/ab-sequential.ts';
import { EXIT, exitCodeFor, ToolvetError } from '../../errors.ts';
import { formatDiffJson, type DiffFormat } from '../../diff/format-json.ts';
import { formatDiffMarkdown } from '../../diff/format-markdown.ts';
import { formatDiffText } from '../../diff/format-text.ts';
import { runDiff } from '../../diff/run-diff.ts';
import type { FailOn } from '../../diff/types.ts';
import { abortOnSignals, addModelFlags, addServerFlags, modelFromFlags, positiveInt, ratio, serverTimeouts, type ModelFlags, type ServerFlags, sharedOption } from '../options.ts';
import type { SetExit } from './set-exit.ts';
import { writeTextFile } from '../output.ts';

interface DiffFlags extends ModelFlags, ServerFlags {
  queries?: string[];
  server?: string[];
  failOn?: FailOn;
  baseline?: string;
  requireSemver?: boolean;
  format?: DiffFormat;
  out?: string;
  repeat?: number;
  concurrency?: number;
  abMargin?: number;
  caseTimeout?: number;
  budget?: number;
  plan?: boolean;
}

const RENDER: Record<DiffFormat, typeof formatDiffText> = { text: formatDiffText, json: formatDiffJson, markdown: formatDiffMarkdown };

export function registerDiff(program: Command, setExit: SetExit): void {
  const command = program
    .command('diff')
    .description('classify every change between two tool lists (breaking / retest / safe), A/B the descriptions on query sets, and gate')
    .argument('<old>', 'snapshot file or folder, tool list, or live:CONFIG')
    .argument('<new>', 'snapshot file or folder, tool list, or live:CONFIG')
    .addOption(sharedOption('queries'))
    .addOption(sharedOption('server'))
    .addOption(new Option('--fail-on <level>', 'exit 1 when a change reaches this level (info: any change)').choices(['breaking', 'retest', 'info']).default('breaking'))
    .option('--require-semver', "fail when a breaking change ships without a major bump of the server's version (a minor below 1.0.0)")
    .option('--baseline <file>', 'accepted findings: {"accepted": [{"finding": "tool:check-id", "reason", "expires"}]}')
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'markdown']).default('text'))
    .option('--out <file>', 'also write the result as JSON to this file')
    .option('--repeat <k>', 'A/B: repeats of every query at the first look (default 2; more are added where uncertain)', positiveInt)
    .option('--budget <calls>', `A/B: model calls per query set, both sides together (default ${DEFAULT_AB_BUDGET})`, positiveInt)
    .option('--plan', 'A/B: print the power plan (calls the budget buys, smallest detectable drop) and stop, without calling the model')
    .addOption(sharedOption('concurrency'))
    .option('--ab-margin <x>', `A/B: the largest accuracy drop "no detectable change" must rule out (default ${DEFAULT_AB_MARGIN})`, ratio)
    .addOption(sharedOption('case-timeout'));
  addModelFlags(command);
  addServerFlags(command).action(async (oldSpec: string, newSpec: string, flags: DiffFlags) => {
    if (flags.plan) {
      printPlans(flags);
      setExit(EXIT.ok);
      return;
    }
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
        ...(flags.budget !== undefined ? { budget: flags.budget } : {}),
        onPlan: (plan, suite) => process.stderr.write(`${planText(plan, suite, flags.abMargin ?? DEFAULT_AB_MARGIN)}\n`),
        failOn: flags.failOn ?? 'breaking',
        ...(flags.baseline ? { baseline: flags.baseline } : {}),
        ...(flags.requireSemver ? { requireSemver: true } : {}),
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

/** `--plan`: each query set's power plan, from the query sets alone. */
function printPlans(flags: DiffFlags): void {
  if (!flags.queries?.length) throw new ToolvetError('E_USAGE', '--plan needs --queries FILE', { hint: 'the plan is per query set: name the sets the A/B would run' });
  const margin = flags.abMargin ?? DEFAULT_AB_MARGIN;
  for (const file of flags.queries) {
    const set = loadQuerySet(file);
    const plan = planAb(set.cases.length, flags.budget ?? DEFAULT_AB_BUDGET, margin, { looks: DEFAULT_AB_LOOKS, firstRepeats: Math.max(FIRST_REPEATS, flags.repeat ?? FIRST_REPEATS) });
    process.stdout.write(`${planText(plan, set.name, margin)}\n`);
  }
}
