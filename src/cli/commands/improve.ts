/**
 * `toolvet improve --tools FILE --queries FILE [--tool NAME]... [--seed N] [--iterations N]
 * [--write] [--json FILE]`: proposes rewordings for the tools whose cases fail and keeps only those
 * the held-out queries confirm (src/improve/improve.ts). `--write` rewrites the tool file in place.
 * `--skills DIR --skill NAME` does the same for a skill's description from its trigger evals
 * (src/improve/skills.ts); `--write` rewrites its SKILL.md.
 */
import { readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import type { Command } from 'commander';
import { loadQuerySet } from '../../config/query-set.ts';
import { loadToolFile } from '../../config/tool-file.ts';
import { EXIT, ToolvetError } from '../../errors.ts';
import { formatImproveText } from '../../improve/format-text.ts';
import { liveTools, patchEntries } from '../../improve/live.ts';
import { improveDescriptions, type ImproveResult } from '../../improve/improve.ts';
import { improveSkill, skillFileEdits } from '../../improve/skills.ts';
import type { ToolvetResult } from '../../report/model.ts';
import { resultHeader } from '../../report/result-header.ts';
import type { ToolDefinition } from '../../types.ts';
import { addModelFlags, addServerFlags, collect, modelFromFlags, positiveInt, ratio, serverTimeouts, type ModelFlags, type ServerFlags, sharedOption } from '../options.ts';
import { writeTextFile } from '../output.ts';
import { toFile } from '../../safety/boundary.ts';
import { writeFileInside } from '../../safety/write-file.ts';
import type { SetExit } from './set-exit.ts';

interface ImproveFlags extends ModelFlags, ServerFlags {
  tools?: string[];
  config?: string;
  server?: string[];
  patch?: string;
  queries?: string[];
  tool?: string[];
  seed?: number;
  split?: number;
  iterations?: number;
  stochastic?: number;
  keep?: number;
  folds?: number;
  skills?: string;
  skill?: string;
  write?: boolean;
  json?: string;
}

/** The tool file as `--write` finds it again: a snapshot keeps its other keys, a plain list stays a list. */
function rewrittenToolFile(file: string, tools: ToolDefinition[]): string {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  return `${JSON.stringify(Array.isArray(raw) ? tools : { ...(raw as object), tools }, null, 2)}\n`;
}

export function registerImprove(program: Command, setExit: SetExit): void {
  const command = program
    .command('improve')
    .description('propose better tool descriptions from failed cases and keep only those held-out queries confirm')
    .addOption(sharedOption('tools'))
    .addOption(sharedOption('config'))
    .addOption(sharedOption('server'))
    .option('--patch <file>', 'with --config --write: the patch file (default toolvet-improve.patch.json)')
    .option('--skills <dir>', 'a skills folder (project level): improve one skill\'s description from the trigger evals; with --skill')
    .option('--skill <name>', 'with --skills: the skill to improve; --write rewrites its SKILL.md description')
    .addOption(sharedOption('queries'))
    .option('--tool <name>', 'only this tool; repeatable', collect)
    .option('--seed <n>', 'seed of the train/held-out split (default 1)', positiveInt)
    .option('--split <fraction>', 'share of each expected tool\'s queries used to train (default 0.6); the rest is held out', ratio)
    .option('--iterations <n>', 'rounds of proposing and checking (default 3)', positiveInt)
    .option('--stochastic <k>', 'declare the model stochastic: run each held-out query k times per side and count each repeat as a trial (a deterministic model, the mock or temperature 0, counts each query once)', positiveInt)
    .option('--keep <n>', 'candidates taken from train to the held-out A/B per tool and round (default 2)', positiveInt)
    .option('--folds <n>', 'parts of the train split for cross-fitted candidate scores (default 3; 1 turns it off)', positiveInt)
    .option('--write', 'rewrite the tool file with the confirmed descriptions')
    .addOption(sharedOption('json'));
  addServerFlags(addModelFlags(command)).action(async (flags: ImproveFlags) => {
    if (flags.skills || flags.skill) return improveSkillCommand(flags, setExit);
    if ((flags.tools?.length ?? 0) > 1) throw new ToolvetError('E_USAGE', `improve takes one --tools file, got ${flags.tools!.length}`, { hint: 'improve one tool list at a time (--write rewrites that file)' });
    const toolsFile = flags.tools?.[0];
    if (!toolsFile === !flags.config) throw new ToolvetError('E_USAGE', 'improve needs one of --tools FILE, --config FILE or --skills DIR --skill NAME', { hint: 'e.g. toolvet improve --tools fixtures/tools/refman.json --queries fixtures/queries/refman.yaml' });
    if (!flags.queries?.length) throw new ToolvetError('E_USAGE', 'improve --tools/--config needs --queries FILE', { hint: 'a query set whose cases name the expected tools' });
    if (flags.server?.length && !flags.config) throw new ToolvetError('E_USAGE', '--server needs --config', { hint: 'name servers from a host config' });
    const live = flags.config ? await liveTools(flags.config, flags.server ?? [], serverTimeouts(flags)) : undefined;
    const tools = live ? live.tools : loadToolFile(toolsFile!).tools;
    const cases = (flags.queries ?? []).flatMap((q) => loadQuerySet(q).cases);
    const startedAt = new Date().toISOString();
    const model = modelFromFlags(flags);
    try {
      const result = await improveDescriptions({ tools, cases, model, ...loopOptions(flags, model), ...(flags.tool ? { targets: flags.tool } : {}) });
      process.stdout.write(`${formatImproveText(result)}\n`);
      if (flags.json) saveJson(flags.json, result, model.id, startedAt);
      if (flags.write && result.steps.length && live) {
        const patch = flags.patch ?? 'toolvet-improve.patch.json';
        const entries = patchEntries(live.config, tools, result);
        writeTextFile(patch, `${JSON.stringify(entries, null, 2)}\n`);
        process.stdout.write(`wrote ${entries.length} confirmed description(s) to ${patch} (a live server's descriptions live in its source):\n`);
        for (const e of entries) process.stdout.write(`  ${e.server ? `${e.server}/` : ''}${e.tool}: ${e.location}\n`);
      } else if (flags.write && result.steps.length) {
        writeTextFile(toolsFile!, rewrittenToolFile(toolsFile!, result.tools));
        process.stdout.write(`wrote ${result.steps.length} confirmed rewording(s) to ${toolsFile}\n`);
      }
      setExit(EXIT.ok);
    } finally {
      await model.close?.();
    }
  });
}

type LoopOptions = Pick<Parameters<typeof improveDescriptions>[0], 'rewriter' | 'seed' | 'fraction' | 'iterations' | 'stochastic' | 'temperature' | 'keep' | 'folds'>;

function loopOptions(flags: ImproveFlags, model: ReturnType<typeof modelFromFlags>): LoopOptions {
  return {
    ...(flags.baseUrl ? { rewriter: model } : {}),
    ...(flags.seed ? { seed: flags.seed } : {}),
    ...(flags.split !== undefined ? { fraction: flags.split } : {}),
    ...(flags.iterations ? { iterations: flags.iterations } : {}),
    ...(flags.stochastic ? { stochastic: flags.stochastic } : {}),
    ...(flags.temperature !== undefined ? { temperature: flags.temperature } : {}),
    ...(flags.keep ? { keep: flags.keep } : {}),
    ...(flags.folds ? { folds: flags.folds } : {}),
  };
}

/** The keys of a tool the result model declares: a live server's tool may carry more (`execution`, `icons`). */
const DECLARED_TOOL_KEYS = ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations', '_meta', 'server'] as const;
const declaredTool = (t: ToolDefinition): ToolDefinition => Object.fromEntries(DECLARED_TOOL_KEYS.filter((k) => t[k] !== undefined).map((k) => [k, t[k]])) as unknown as ToolDefinition;

function saveJson(file: string, result: ImproveResult, model: string, startedAt: string): void {
  const saved: ToolvetResult = {
    ...resultHeader('improve', startedAt),
    complete: true,
    // improve has no gate: it proposes; nothing passes or fails.
    verdict: { status: 'none', reasons: [] },
    model,
    improve: { ...result, tools: result.tools.map(declaredTool) },
    warnings: [],
    errors: [],
  };
  writeTextFile(file, `${JSON.stringify(saved, null, 2)}\n`);
}

async function improveSkillCommand(flags: ImproveFlags, setExit: SetExit): Promise<void> {
  if (!flags.skills || !flags.skill) throw new ToolvetError('E_USAGE', 'improve --skills DIR needs --skill NAME (and --skill needs --skills)', { hint: 'e.g. toolvet improve --skills fixtures/skills-improve --skill expense-reports' });
  const other = flags.tools?.length ? '--tools' : flags.config ? '--config' : flags.queries?.length ? '--queries' : flags.tool?.length ? '--tool' : undefined;
  if (other) throw new ToolvetError('E_USAGE', `--skills improves a skill from its trigger evals; ${other} is for tools`, { hint: 'run tools and skills as two commands' });
  const startedAt = new Date().toISOString();
  const model = modelFromFlags(flags);
  try {
    const run = await improveSkill({ roots: [{ dir: resolve(flags.skills), scope: 'project', explicit: true }], skill: flags.skill, model, ...loopOptions(flags, model) });
    process.stdout.write(`${formatImproveText(run.result)}\n`);
    if (flags.json) saveJson(flags.json, run.result, model.id, startedAt);
    if (flags.write && run.result.steps.length) {
      const root = resolve(flags.skills);
      for (const edit of skillFileEdits(run)) {
        // Inside the --skills folder after following links: a skill folder linked out of it is refused.
        writeFileInside(root, relative(root, edit.file), toFile(edit.text));
        process.stdout.write(`wrote the confirmed description of ${edit.skill} to ${edit.file}\n`);
      }
    }
    setExit(EXIT.ok);
  } finally {
    await model.close?.();
  }
}
