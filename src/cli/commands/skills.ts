/**
 * `toolvet skills lint [DIR]...` and `toolvet skills eval [DIR]...`. DIRs are project-level skill
 * folders; --user-dir adds user-level ones; with neither, the host's default folders are used.
 */
import { type Command, Option } from 'commander';
import { renderSarif } from '../../../reporters/sarif.ts';
import { EXIT, exitCodeFor } from '../../errors.ts';
import type { ActiveSeverity } from '../../lint/framework.ts';
import { failsAt } from '../../lint/run-rules.ts';
import { expandDir, hostRoots, HOST_SKILL_DIRS, type DiscoverOptions, type SkillRoot } from '../../skills/discover.ts';
import { DEFAULT_MAX_DEPTH } from '../../skills/discover-walk.ts';
import { lintSkills, skillLintResult } from '../../skills/lint-skills.ts';
import { fetchMcpSkills, type McpSkills } from '../../skills/mcp-skills.ts';
import { renderSkillLintText, renderSkillsEvalText } from '../../skills/render-text.ts';
import { runSkillsEval } from '../../skills/skills-eval-run.ts';
import { VERSION } from '../../version.ts';
import { loadCalibration } from '../../judge/calibration-summary.ts';
import { loadPrices } from '../../run/cost.ts';
import { createModel, type ModelOptions } from '../../models/index.ts';
import { abortOnSignals, addModelFlags, addServerFlags, collect, modelFromFlags, modelOptions, positiveInt, ratio, serverTimeouts, type ModelFlags, type ServerFlags, sharedOption } from '../options.ts';
import type { SetExit } from './set-exit.ts';
import { writeTextFile as write } from '../output.ts';

interface RootFlags {
  userDir?: string[];
  projectDir?: string[];
  host?: string;
  depth?: number;
  pattern?: string;
}

function discoverOptions(flags: RootFlags): DiscoverOptions {
  return { ...(flags.depth !== undefined ? { maxDepth: flags.depth } : {}), ...(flags.pattern ? { pattern: flags.pattern } : {}) };
}

function addRootFlags(command: Command): Command {
  return command
    .option('--user-dir <dir>', 'a user-level skills folder; repeatable', collect)
    .option('--project-dir <dir>', 'a project-level skills folder (same as a DIR argument); repeatable', collect)
    .addOption(new Option('--host <name>', 'use this host\'s default skill folders when no folder is named').choices(Object.keys(HOST_SKILL_DIRS)).default('claude'))
    .option('--depth <n>', `folders below each root searched for SKILL.md (default ${DEFAULT_MAX_DEPTH})`, positiveInt)
    .option('--pattern <glob>', 'only skill folders whose path below the root matches, e.g. "plugins/*/skills/*" (* one name, ** any depth)');
}

export function skillRoots(dirs: string[], flags: RootFlags): SkillRoot[] {
  const named: SkillRoot[] = [
    ...[...dirs, ...(flags.projectDir ?? [])].map((dir) => ({ dir: expandDir(dir), scope: 'project' as const, explicit: true })),
    ...(flags.userDir ?? []).map((dir) => ({ dir: expandDir(dir), scope: 'user' as const, explicit: true })),
  ];
  return named.length > 0 ? named : hostRoots(flags.host ?? 'claude');
}

interface LintFlags extends RootFlags, ServerFlags {
  config?: string;
  server?: string[];
  format: 'text' | 'json' | 'sarif';
  failOn: ActiveSeverity;
  output?: string;
}

interface EvalFlags extends RootFlags, ModelFlags, ServerFlags {
  config?: string;
  server?: string[];
  skill?: string[];
  repeat?: number;
  threshold?: number;
  behaviourRepeat?: number;
  maxTurns?: number;
  baseline: boolean;
  trigger: boolean;
  behaviour: boolean;
  concurrency?: number;
  maxTokens?: number;
  json?: string;
  judgeBaseUrl?: string;
  allowTools?: string[];
  judgeApiKeyEnv?: string;
  judgeModelName?: string;
  judgeCalibration?: string;
  prices?: string;
}

export function registerSkills(program: Command, setExit: SetExit): void {
  const skills = program.command('skills').description('discover, lint and evaluate agent skills (folders with SKILL.md)');

  addServerFlags(addRootFlags(skills.command('lint').description('lint SKILL.md files and their evals/evals.json').argument('[dir...]', 'project-level skills folders, collections or skill folders')))
    .addOption(sharedOption('config'))
    .addOption(sharedOption('server'))
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json', 'sarif']).default('text'))
    .addOption(new Option('--fail-on <severity>', 'exit 1 when a finding at or above this exists').choices(['error', 'warn', 'info']).default('error'))
    .option('--output <file>', 'write the output to this file instead of stdout')
    .action(async (dirs: string[], flags: LintFlags) => {
      const startedAt = new Date().toISOString();
      const served = flags.config ? await fetchMcpSkills({ config: flags.config, servers: flags.server ?? [], timeouts: serverTimeouts(flags) }) : undefined;
      try {
        const outcome = lintSkills(skillRoots(dirs, flags), {}, { ...discoverOptions(flags), ...(served ? { served: served.skills } : {}) });
        // No skill found is a failed gate, never a silent pass.
        const failed = failsAt(outcome.report.findings, flags.failOn) || outcome.discovery.skills.length === 0;
        const result = skillLintResult(outcome, flags.failOn, startedAt);
        if (served) result.warnings.push(...served.warnings);
        const text =
          flags.format === 'sarif'
            ? `${JSON.stringify(renderSarif(outcome.report, { toolVersion: VERSION }), null, 2)}\n`
            : flags.format === 'json'
              ? `${JSON.stringify(result, null, 2)}\n`
              : `${servedWarnings(served)}${renderSkillLintText(outcome.discovery, outcome.report, flags.failOn, failed)}\n`;
        if (flags.output) write(flags.output, text);
        else process.stdout.write(text);
        setExit(failed ? EXIT.gate : EXIT.ok);
      } finally {
        served?.dispose();
      }
    });

  const evalCommand = addRootFlags(skills.command('eval').description('trigger eval and behaviour eval of skills').argument('[dir...]', 'project-level skills folders, collections or skill folders'));
  addServerFlags(addModelFlags(evalCommand))
    .addOption(sharedOption('config'))
    .addOption(sharedOption('server'))
    .option('--skill <name>', "only this skill's cases (every skill is still offered); repeatable", collect)
    .option('--repeat <k>', 'trigger attempts per case (default 3)', positiveInt)
    .option('--threshold <x>', 'pass rate a case needs (default 0.5)', ratio)
    .option('--behaviour-repeat <k>', 'agent runs per behaviour case (default 1)', positiveInt)
    .option('--max-turns <n>', 'model turns per agent run (default 6)', positiveInt)
    .option('--no-baseline', 'skip the runs without the skill (no "does not discriminate" check)')
    .option('--no-trigger', 'skip the trigger eval')
    .option('--no-behaviour', 'skip the behaviour eval')
    .addOption(sharedOption('concurrency'))
    .addOption(sharedOption('max-tokens'))
    .addOption(sharedOption('allow-tools'))
    .addOption(sharedOption('judge-base-url'))
    .addOption(sharedOption('judge-model-name'))
    .addOption(sharedOption('judge-api-key-env'))
    .addOption(sharedOption('judge-calibration'))
    .addOption(sharedOption('prices'))
    .addOption(sharedOption('json'))
    .action(async (dirs: string[], flags: EvalFlags) => {
      const roots = skillRoots(dirs, flags);
      // Input files first: a bad calibration or price file stops the run before any server or model starts.
      const judgeCalibration = flags.judgeCalibration ? loadCalibration(flags.judgeCalibration) : undefined;
      const prices = flags.prices ? loadPrices(flags.prices) : undefined;
      // The config's servers serve skills too (skill:// resources): offered and evaluated like folder skills.
      const served = flags.config ? await fetchMcpSkills({ config: flags.config, servers: flags.server ?? [], timeouts: serverTimeouts(flags) }) : undefined;
      const { signal, dispose } = abortOnSignals();
      const model = modelFromFlags(flags);
      const agent = modelOptions(flags);
      const judgeUrl = flags.judgeBaseUrl ?? (agent.kind === 'openai' ? agent.baseUrl : undefined);
      const judgeName = flags.judgeModelName ?? (agent.kind === 'openai' ? agent.modelName : undefined);
      const judge = judgeUrl ? createModel(modelOptions({ ...flags, model: 'openai', baseUrl: judgeUrl, modelName: judgeName, apiKeyEnv: judgeKeyEnv(flags, agent, judgeUrl) })) : undefined;
      try {
        const result = await runSkillsEval({
          roots,
          discover: { ...discoverOptions(flags), ...(served ? { served: served.skills } : {}) },
          model,
          ...(judge ? { judge } : {}),
          ...(judgeCalibration ? { judgeCalibration } : {}),
          ...(prices ? { prices } : {}),
          ...(flags.config ? { config: flags.config } : {}),
          servers: flags.server ?? [],
          serverTimeouts: serverTimeouts(flags),
          only: flags.skill ?? [],
          repeat: flags.repeat,
          threshold: flags.threshold,
          behaviourRepeat: flags.behaviourRepeat,
          maxTurns: flags.maxTurns,
          ...(flags.allowTools ? { allowTools: flags.allowTools } : {}),
          baseline: flags.baseline,
          trigger: flags.trigger,
          behaviour: flags.behaviour,
          concurrency: flags.concurrency,
          temperature: flags.temperature,
          ...(flags.maxTokens ? { maxTokens: flags.maxTokens } : {}),
          signal,
        });
        if (served) result.warnings.push(...served.warnings);
        process.stdout.write(`${servedWarnings(served)}${renderSkillsEvalText(result)}\n`);
        if (flags.json) write(flags.json, `${JSON.stringify(result, null, 2)}\n`);
        setExit(exitCodeFor(result.verdict.status));
      } finally {
        dispose();
        served?.dispose();
        await model.close?.();
        await judge?.close?.();
      }
    });
}

/** A line per server whose skills could not be listed (or files skipped), before the text output. */
function servedWarnings(served: McpSkills | undefined): string {
  return (served?.warnings ?? []).map((w) => `${w.code}: ${w.message}${w.hint ? ` (${w.hint})` : ''}\n`).join('');
}

/**
 * The agent's API key goes to the judge only when the judge talks to the same origin: a separate
 * --judge-base-url host gets its own key (--judge-api-key-env, default TOOLVET_JUDGE_API_KEY), never
 * the agent's.
 */
export function judgeKeyEnv(flags: { judgeApiKeyEnv?: string; apiKeyEnv?: string }, agent: ModelOptions, judgeUrl: string): string | undefined {
  if (flags.judgeApiKeyEnv) return flags.judgeApiKeyEnv;
  const sameOrigin = agent.kind === 'openai' && originOf(agent.baseUrl) !== undefined && originOf(agent.baseUrl) === originOf(judgeUrl);
  return sameOrigin ? flags.apiKeyEnv : 'TOOLVET_JUDGE_API_KEY';
}

function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}
