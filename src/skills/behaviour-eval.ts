/**
 * Behaviour eval: each case runs through the agent loop twice, with the skill's body in the system
 * prompt and without it (the baseline); the tools are the same in both arms: the live servers' tools
 * plus `load_skill` over the other discovered skills. Each expected behaviour is scored by a mechanical
 * form (behaviour-forms.ts), else by the LLM judge when there is one, else reported `unscored`.
 * A behaviour that passes in both arms does not discriminate and is flagged.
 */
import pLimit from 'p-limit';
import { toErrorInfo } from '../errors.ts';
import { decideCall } from '../safety/call-policy.ts';
import type { ServerPool } from '../servers/server-pool.ts';
import { ToolRoutes } from '../servers/tool-routing.ts';
import type { ModelDriver, ToolCall } from '../types.ts';
import { runAgentLoop, DEFAULT_MAX_TURNS, type ExecutedCall } from '../run/agent-loop.ts';
import { scoreMechanically } from './behaviour-forms.ts';
import type { SkillEvalCase } from './evals-file.ts';
import { judgeBehaviour } from './llm-judge.ts';
import type { AgentRun, BehaviourCaseResult, BehaviourEvalResult, BehaviourScore } from './result-types.ts';
import { descriptionOf, skillId, type SkillDoc } from './skill-file.ts';
import { LOAD_SKILL, loadSkillTool } from './trigger-host.ts';
import { behaviourStats } from './behaviour-metrics.ts';
import { addUsage, judgeCostOf, NO_USAGE } from '../judge/judge-cost.ts';
import type { JudgeCalibrationSummary } from '../judge/judge-types.ts';
import type { PriceTable } from '../run/cost.ts';

export const AGENT_SYSTEM_PROMPT =
  "You are an assistant with tools. Use them when they help with the user's request, then give a final answer. " +
  'When a listed skill fits better than the instructions you have, load it with load_skill.';

export interface BehaviourEvalOptions {
  /** Every discovered skill, by name. */
  skills: ReadonlyMap<string, SkillDoc>;
  cases: readonly SkillEvalCase[];
  model: ModelDriver;
  /** The LLM judge; without one, only the mechanical forms are scored. */
  judge?: ModelDriver;
  /** Prices the judge's tokens (its cost is reported apart from the agent's). */
  prices?: PriceTable;
  /** The judge's calibration, shown beside its verdicts. */
  judgeCalibration?: JudgeCalibrationSummary;
  pool?: ServerPool;
  /** Tools that may run although not annotated read-only (--allow-tools); the rest are held back. */
  allowTools?: readonly string[];
  maxTurns?: number;
  repeat?: number;
  threshold?: number;
  /** Run the arm without the skill too (default true). */
  baseline?: boolean;
  concurrency?: number;
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
  onCase?: (result: BehaviourCaseResult) => void;
}

export function skillPrompt(skill: SkillDoc): string {
  return `The skill "${skillId(skill)}" is loaded. Follow its instructions.\n\n${skill.body.trim()}`;
}

function toText(result: { content?: unknown }): string {
  const content = Array.isArray(result.content) ? (result.content as Array<{ type?: string; text?: string }>) : [];
  return content.map((item) => (item.type === 'text' && typeof item.text === 'string' ? item.text : `[${item.type ?? 'unknown'} content]`)).join('\n');
}

function executor(options: BehaviourEvalOptions, routes: ToolRoutes, loaded: string[]): (call: ToolCall) => Promise<ExecutedCall> {
  return async (call) => {
    if (!call.arguments) return { text: `error: the arguments of ${call.name} are not a JSON object: ${call.rawArguments}`, isError: true };
    if (call.name === LOAD_SKILL) {
      const name = call.arguments.skill;
      const skill = typeof name === 'string' ? options.skills.get(name) : undefined;
      if (!skill) return { text: `error: no skill named ${JSON.stringify(name)}`, isError: true };
      loaded.push(skillId(skill));
      return { text: skillPrompt(skill), isError: false };
    }
    const tool = routes.route(call.name);
    if (!tool?.server || !options.pool) return { text: `error: there is no tool named "${call.name}"`, isError: true };
    const decision = decideCall(tool, { names: options.allowTools ?? [], source: '--allow-tools' });
    if (!decision.run) {
      return { text: `Not executed: Toolvet held back this call to ${tool.offered} because it ${decision.why}. Nothing was changed.`, isError: true, server: tool.server, notRun: { status: 'held', why: decision.why } };
    }
    try {
      const connection = await options.pool.ensure(tool.server);
      if (!connection) return { text: `error: server "${tool.server}" is not running`, isError: true, server: tool.server };
      // The server's own name for the tool, whatever name the model was offered.
      const result = await connection.callTool(tool.name, call.arguments);
      return { text: toText(result), isError: result.isError === true, server: tool.server };
    } catch (error) {
      const info = toErrorInfo(error);
      return { text: `error: ${info.code}: ${info.message}`, isError: true, server: tool.server };
    }
  };
}

async function runArm(c: SkillEvalCase, arm: AgentRun['arm'], options: BehaviourEvalOptions): Promise<AgentRun> {
  const preloaded = arm === 'with-skill' ? [c.skill, ...(c.skills ?? [])] : [];
  const others = [...options.skills].filter(([id]) => !preloaded.includes(id) && id !== c.skill);
  const routes = ToolRoutes.among(options.pool?.tools() ?? []);
  const liveTools = routes.offered();
  const tools = others.length ? [...liveTools, loadSkillTool(others.map(([id, s]) => ({ name: id, description: descriptionOf(s) })))] : liveTools;
  const prompts = preloaded.map((name) => options.skills.get(name)).filter((s): s is SkillDoc => s !== undefined).map(skillPrompt);
  const loadedSkills: string[] = [];
  const { transcript, stop, turns, toolCalls, finalText, error } = await runAgentLoop({
    model: options.model,
    systemPrompt: [AGENT_SYSTEM_PROMPT, ...prompts].join('\n\n'),
    query: c.query,
    tools,
    execute: executor(options, routes, loadedSkills),
    maxTurns: options.maxTurns ?? DEFAULT_MAX_TURNS,
    ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
    ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  // No budget is given, so the loop never stops on one.
  const run: AgentRun = { arm, transcript, stop: stop === 'budget' ? 'max-turns' : stop, turns, toolCalls, finalText, ...(error ? { error } : {}), loadedSkills, scores: [] };
  const view = { run, offeredTools: new Set(tools.map((t) => t.name)), knownSkills: new Set(options.skills.keys()) };
  for (const behaviour of c.behaviours) run.scores.push(await scoreOne(behaviour, run, view, options));
  return run;
}

async function scoreOne(behaviour: string, run: AgentRun, view: Parameters<typeof scoreMechanically>[1], options: BehaviourEvalOptions): Promise<BehaviourScore> {
  if (run.stop === 'error') {
    return { behaviour, state: 'errored', judge: 'none', reason: `the agent run failed: ${run.error?.code}: ${run.error?.message}`, ...(run.error ? { error: run.error } : {}) };
  }
  const mechanical = scoreMechanically(behaviour, view);
  if (mechanical) return mechanical;
  if (options.judge) return judgeBehaviour(options.judge, behaviour, run.transcript, options.signal);
  return { behaviour, state: 'unscored', judge: 'none', reason: 'no mechanical form fits and no judge model is set (--judge-base-url); see docs/commands/skills.md for the forms' };
}

export async function runBehaviourEval(options: BehaviourEvalOptions): Promise<BehaviourEvalResult> {
  const repeat = Math.max(1, options.repeat ?? 1);
  const limit = pLimit(options.concurrency ?? 2);
  const cases = options.cases.filter((c) => c.behaviours.length > 0);
  const results = await Promise.all(
    cases.map((c) =>
      limit(async () => {
        const runs: AgentRun[] = [];
        const baselineRuns: AgentRun[] = [];
        for (let i = 0; i < repeat && !options.signal?.aborted; i++) {
          runs.push(await runArm(c, 'with-skill', options));
          if (options.baseline !== false) baselineRuns.push(await runArm(c, 'without-skill', options));
        }
        const result: BehaviourCaseResult = { id: c.id, skill: c.skill, query: c.query, runs, baselineRuns };
        options.onCase?.(result);
        return result;
      }),
    ),
  );
  const stats = behaviourStats(results, {
    judge: options.judge?.id ?? 'mechanical',
    maxTurns: options.maxTurns ?? DEFAULT_MAX_TURNS,
    repeat,
    threshold: options.threshold ?? 0.5,
  });
  if (!options.judge) return stats;
  const usage = results.flatMap((r) => [...r.runs, ...r.baselineRuns]).flatMap((run) => run.scores).reduce((sum, s) => (s.judgeUsage ? addUsage(sum, s.judgeUsage) : sum), NO_USAGE);
  return { ...stats, judgeCost: judgeCostOf(usage, options.judge.id, options.prices), ...(options.judgeCalibration ? { judgeCalibration: options.judgeCalibration } : {}) };
}
