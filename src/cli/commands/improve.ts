/**
 * `toolproof improve --tools FILE --queries FILE [--tool NAME]... [--seed N] [--iterations N]
 * [--write] [--json FILE]`: proposes rewordings for the tools whose cases fail and keeps only those
 * the held-out queries confirm (src/improve/improve.ts). `--write` rewrites the tool file in place.
 */
import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { loadQuerySet } from '../../config/query-set.ts';
import { EXIT, ToolproofError } from '../../errors.ts';
import { formatImproveText } from '../../improve/format-text.ts';
import { liveTools, patchEntries } from '../../improve/live.ts';
import { improveDescriptions } from '../../improve/improve.ts';
import type { ToolproofResult } from '../../report/model.ts';
import { resultHeader } from '../../report/result-header.ts';
import type { ToolDefinition } from '../../types.ts';
import { addModelFlags, addServerFlags, collect, modelFromFlags, positiveInt, ratio, serverTimeouts, type ModelFlags, type ServerFlags } from '../options.ts';
import { writeTextFile } from '../output.ts';
import type { SetExit } from './index.ts';

interface ImproveFlags extends ModelFlags, ServerFlags {
  tools?: string;
  config?: string;
  server?: string[];
  patch?: string;
  queries?: string[];
  tool?: string[];
  seed?: number;
  split?: number;
  iterations?: number;
  budget?: number;
  keep?: number;
  write?: boolean;
  json?: string;
}

function readTools(file: string): ToolDefinition[] {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ToolproofError('E_FILE_PARSE', `--tools ${file} is not a readable JSON tool list: ${(error as Error).message}`, { file, hint: 'a JSON list of tools, as tools/list returns them' });
  }
  if (!Array.isArray(data)) throw new ToolproofError('E_FILE_INVALID', `--tools ${file} is not a JSON list of tools`, { file, hint: 'a JSON list of {name, description, inputSchema}' });
  return data as ToolDefinition[];
}

export function registerImprove(program: Command, setExit: SetExit): void {
  const command = program
    .command('improve')
    .description('propose better tool descriptions from failed cases and keep only those held-out queries confirm')
    .option('--tools <file>', 'the tool list to improve (JSON); --write rewrites it')
    .option('--config <file>', 'host configuration whose servers to start; --write writes a patch file')
    .option('--server <name>', 'only this server from the config; repeatable', collect)
    .option('--patch <file>', 'with --config --write: the patch file (default toolproof-improve.patch.json)')
    .requiredOption('--queries <file>', 'query set; repeatable', collect)
    .option('--tool <name>', 'only this tool; repeatable', collect)
    .option('--seed <n>', 'seed of the train/held-out split (default 1)', positiveInt)
    .option('--split <fraction>', 'share of each expected tool\'s queries used to train (default 0.6); the rest is held out', ratio)
    .option('--iterations <n>', 'rounds of proposing and checking (default 3)', positiveInt)
    .option('--budget <calls>', 'held-out A/B: model calls per candidate (default 2000)', positiveInt)
    .option('--keep <n>', 'candidates taken from train to the held-out A/B per tool and round (default 2)', positiveInt)
    .option('--write', 'rewrite the tool file with the confirmed descriptions')
    .option('--json <file>', 'write the result as JSON (the shared result model, `improve` section: split, accepted and refused candidates, final tools)');
  addServerFlags(addModelFlags(command)).action(async (flags: ImproveFlags) => {
    if (!flags.tools === !flags.config) throw new ToolproofError('E_USAGE', 'improve needs one of --tools FILE or --config FILE', { hint: 'e.g. toolproof improve --tools fixtures/tools/refman.json --queries fixtures/queries/refman.yaml' });
    if (flags.server?.length && !flags.config) throw new ToolproofError('E_USAGE', '--server needs --config', { hint: 'name servers from a host config' });
    const live = flags.config ? await liveTools(flags.config, flags.server ?? [], serverTimeouts(flags)) : undefined;
    const tools = live ? live.tools : readTools(flags.tools!);
    const cases = (flags.queries ?? []).flatMap((q) => loadQuerySet(q).cases);
    const startedAt = new Date().toISOString();
    const model = modelFromFlags(flags);
    try {
      const result = await improveDescriptions({ tools, cases, model, ...(flags.baseUrl ? { rewriter: model } : {}), ...(flags.tool ? { targets: flags.tool } : {}), ...(flags.seed ? { seed: flags.seed } : {}), ...(flags.split !== undefined ? { fraction: flags.split } : {}), ...(flags.iterations ? { iterations: flags.iterations } : {}), ...(flags.budget ? { budget: flags.budget } : {}), ...(flags.keep ? { keep: flags.keep } : {}) });
      process.stdout.write(`${formatImproveText(result)}\n`);
      if (flags.json) {
        const saved: ToolproofResult = {
          ...resultHeader('improve', startedAt),
          complete: true,
          // improve has no gate: it proposes; nothing passes or fails.
          verdict: { status: 'none', reasons: [] },
          model: model.id,
          improve: result,
          warnings: [],
          errors: [],
        };
        writeTextFile(flags.json, `${JSON.stringify(saved, null, 2)}\n`);
      }
      if (flags.write && result.steps.length && live) {
        const patch = flags.patch ?? 'toolproof-improve.patch.json';
        const entries = patchEntries(live.config, tools, result);
        writeTextFile(patch, `${JSON.stringify(entries, null, 2)}\n`);
        process.stdout.write(`wrote ${entries.length} confirmed description(s) to ${patch} (a live server's descriptions live in its source):\n`);
        for (const e of entries) process.stdout.write(`  ${e.server ? `${e.server}/` : ''}${e.tool}: ${e.location}\n`);
      } else if (flags.write && result.steps.length) {
        writeTextFile(flags.tools!, `${JSON.stringify(result.tools, null, 2)}\n`);
        process.stdout.write(`wrote ${result.steps.length} confirmed rewording(s) to ${flags.tools}\n`);
      }
      setExit(EXIT.ok);
    } finally {
      await model.close?.();
    }
  });
}
