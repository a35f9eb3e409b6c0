/**
 * Trigger eval: every case goes to the model as a user message, with a simulated host offering every
 * discovered skill through `load_skill` (trigger-host.ts), `repeat` times. A case passes when the
 * owning skill loads in at least `threshold` of the answered attempts (should_trigger true), or in
 * fewer than that (should_trigger false). Model errors are errored attempts, never a crash.
 */
import { nullRecord } from '../safety/records.ts';
import pLimit from 'p-limit';
import { toErrorInfo, ToolvetError, type ErrorInfo } from '../errors.ts';
import type { CaseState, ModelDriver } from '../types.ts';
import type { SkillEvalCase } from './evals-file.ts';
import type { TriggerCaseResult, TriggerEvalResult } from './result-types.ts';
import { loadedSkill, loadSkillTool, TRIGGER_SYSTEM_PROMPT, type OfferedSkill } from './trigger-host.ts';
import { triggerStats } from './trigger-metrics.ts';

export const DEFAULT_TRIGGER_REPEAT = 3;
export const DEFAULT_TRIGGER_THRESHOLD = 0.5;

export interface TriggerEvalOptions {
  skills: readonly OfferedSkill[];
  cases: readonly SkillEvalCase[];
  model: ModelDriver;
  repeat?: number;
  threshold?: number;
  concurrency?: number;
  temperature?: number;
  /** Cap on generated tokens per answer (a load decision needs few). */
  maxTokens?: number;
  signal?: AbortSignal;
  onCase?: (result: TriggerCaseResult) => void;
}

export function foldTriggerCase(c: SkillEvalCase, loads: string[], errors: ErrorInfo[], threshold: number): TriggerCaseResult {
  const answered = loads.filter((l) => l !== '(error)');
  const hits = answered.filter((l) => l === c.skill).length;
  const triggerRate = answered.length === 0 ? 0 : hits / answered.length;
  const stolenBy = nullRecord<number>();
  for (const l of answered) if (l !== c.skill && l !== '(none)') stolenBy[l] = (Object.hasOwn(stolenBy, l) ? stolenBy[l] : 0) + 1;
  let state: CaseState;
  let reason: string;
  const rate = `${hits}/${answered.length} attempts loaded ${c.skill}`;
  if (errors.length > 0) {
    state = 'errored';
    reason = `${errors.length} of ${loads.length} attempts errored: ${errors[0].code}: ${errors[0].message}`;
  } else if (c.shouldTrigger) {
    state = triggerRate >= threshold ? 'passed' : 'failed';
    const others = Object.entries(stolenBy).map(([s, n]) => `${s} x${n}`).join(', ');
    reason = state === 'passed' ? rate : `${rate}, below ${threshold}${others ? `; loaded instead: ${others}` : ''}`;
  } else {
    state = triggerRate < threshold ? 'passed' : 'failed';
    reason = state === 'passed' ? `${rate}; a near miss it should not take` : `${rate} though it should not load`;
  }
  return { id: c.id, skill: c.skill, query: c.query, shouldTrigger: c.shouldTrigger, loads, triggerRate, state, pass: state === 'passed', stolenBy, reason, errors };
}

export async function runTriggerEval(options: TriggerEvalOptions): Promise<TriggerEvalResult> {
  const repeat = Math.max(1, options.repeat ?? DEFAULT_TRIGGER_REPEAT);
  const threshold = options.threshold ?? DEFAULT_TRIGGER_THRESHOLD;
  const offered = new Set(options.skills.map((s) => s.name));
  if (offered.size < options.skills.length) {
    // Two skills offered under one name would be one choice for the model: never collapse them silently.
    const seen = new Set<string>();
    const twice = options.skills.map((s) => s.name).filter((n) => (seen.has(n) ? true : (seen.add(n), false)));
    throw new ToolvetError('E_USAGE', `trigger eval: ${options.skills.length} skills offered under ${offered.size} names (${[...new Set(twice)].join(', ')} more than once)`, {
      hint: 'offer each skill under its own name: plugin:skill where two plugins have a skill of one name (skillId)',
    });
  }
  const tools = [loadSkillTool(options.skills)];
  const limit = pLimit(options.concurrency ?? 4);
  const results = await Promise.all(
    options.cases.map((c) =>
      limit(async () => {
        const loads: string[] = [];
        const errors: ErrorInfo[] = [];
        for (let i = 0; i < repeat && !options.signal?.aborted; i++) {
          try {
            const response = await options.model.complete({
              messages: [
                { role: 'system', content: TRIGGER_SYSTEM_PROMPT },
                { role: 'user', content: c.query },
              ],
              tools,
              toolChoice: 'auto',
              ...(options.temperature !== undefined ? { temperature: options.temperature } : {}),
              ...(options.maxTokens !== undefined ? { maxTokens: options.maxTokens } : {}),
              ...(options.signal ? { signal: options.signal } : {}),
            });
            loads.push(loadedSkill(response.toolCalls, offered));
          } catch (error) {
            loads.push('(error)');
            errors.push(toErrorInfo(error));
          }
        }
        const result = foldTriggerCase(c, loads, errors, threshold);
        options.onCase?.(result);
        return result;
      }),
    ),
  );
  return triggerStats(results, [...offered], threshold, repeat);
}
