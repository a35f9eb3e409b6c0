/**
 * The LLM judge: one expectation, its rubric and the text under judgement go to a model on any
 * OpenAI-compatible endpoint, which answers with JSON `{"pass", "evidence", "reason"}` (validated
 * with ajv). The evidence must be quoted from the judged text: a quote that is not in it is refused
 * and the verdict is a judge error (E_JUDGE_ANSWER), never a pass or a fail; so is an answer that does
 * not parse, and a pass with no quote. Every call's tokens and time are returned apart, so a report
 * can count the judge's cost separately from the agent's.
 */
import { toErrorInfo, ToolvetError, type ErrorInfo } from '../errors.ts';
import type { ModelDriver } from '../types.ts';
import { clipText } from '../safety/clip.ts';
import { validatorFor } from '../config/validate.ts';
import type { JudgeUsage } from './judge-types.ts';

export type { JudgeUsage } from './judge-types.ts';

export const JUDGE_SYSTEM_PROMPT =
  'You grade what an AI assistant produced against one expectation and its rubric. Reply with only a JSON object: ' +
  '{"pass": true or false, "evidence": "<a short exact quote from the text under judgement>", "reason": "<one sentence>"}. ' +
  'The evidence must be copied verbatim from the text under judgement. Pass only when the text meets the expectation and every rubric point; ' +
  'a wrong fact, a missing required part or an invented detail is a fail.';

/** What the judge reads: the expectation, its rubric, and the text it may quote from. */
export interface JudgeInput {
  expectation: string;
  /** Points the text must meet; the expectation alone when empty. */
  rubric?: readonly string[];
  /** The user's request, for context (not quotable). */
  request?: string;
  /** The text under judgement: a final answer, or a rendered transcript. */
  text: string;
  /** What the text is called in the prompt and in messages: `answer` (default) or `transcript`. */
  textName?: 'answer' | 'transcript';
}

export interface JudgeVerdict {
  verdict: 'pass' | 'fail' | 'error';
  reason: string;
  /** Quoted from the judged text (checked). */
  evidence?: string;
  error?: ErrorInfo;
  usage: JudgeUsage;
}

interface RawVerdict {
  pass: boolean;
  evidence: string;
  reason?: string;
}

const verdictSchema = {
  type: 'object',
  properties: { pass: { type: 'boolean' }, evidence: { type: 'string' }, reason: { type: 'string' } },
  required: ['pass', 'evidence'],
} as const;

/** Whitespace, case and typographic quotes do not make a quote wrong; anything else does. */
export function squashForQuote(s: string): string {
  return s.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"').replace(/\s+/g, ' ').trim().toLowerCase();
}

/** True when `quote` occurs in `text`, up to whitespace, case and typographic quotes. */
export function isQuotedFrom(quote: string, text: string): boolean {
  const q = squashForQuote(quote);
  return q !== '' && squashForQuote(text).includes(q);
}

/** The user message the judge gets; the text sits between markers so a rule-based judge can find it. */
export function judgePrompt(input: JudgeInput): string {
  const name = input.textName ?? 'answer';
  const rubric = (input.rubric ?? []).length > 0 ? `Rubric:\n${input.rubric!.map((r) => `- ${r}`).join('\n')}\n` : '';
  const request = input.request ? `Request: ${input.request}\n` : '';
  const label = name === 'answer' ? 'Expectation' : 'Expected behaviour';
  return `${label}: ${input.expectation}\n${rubric}${request}\nThe ${name} under judgement, between <<< and >>>:\n<<<\n${input.text}\n>>>`;
}

/** Strips a Markdown code fence, which models add around JSON although asked not to. */
function unfence(text: string): string {
  const m = /^\s*```(?:json)?\s*\n?([\s\S]*?)\n?```\s*$/i.exec(text);
  return m ? m[1] : text.trim();
}

function refused(message: string, hint: string, usage: JudgeUsage): JudgeVerdict {
  const error = new ToolvetError('E_JUDGE_ANSWER', message, { hint });
  return { verdict: 'error', reason: message, error: toErrorInfo(error), usage };
}

/** Asks the judge once and checks its answer. Never throws for a model or answer failure: that is an `error` verdict. */
export async function judgeText(judge: ModelDriver, input: JudgeInput, signal?: AbortSignal): Promise<JudgeVerdict> {
  const name = input.textName ?? 'answer';
  const started = performance.now();
  let text: string;
  const usage: JudgeUsage = { calls: 1, promptTokens: 0, completionTokens: 0, latencyMs: 0 };
  try {
    const response = await judge.complete({
      messages: [
        { role: 'system', content: JUDGE_SYSTEM_PROMPT },
        { role: 'user', content: judgePrompt(input) },
      ],
      tools: [],
      temperature: 0,
      ...(signal ? { signal } : {}),
    });
    text = response.text;
    usage.promptTokens = response.usage?.promptTokens ?? 0;
    usage.completionTokens = response.usage?.completionTokens ?? 0;
  } catch (error) {
    usage.latencyMs = performance.now() - started;
    const info = toErrorInfo(error);
    return { verdict: 'error', reason: `the judge model failed: ${info.code}: ${info.message}`, error: info, usage };
  }
  usage.latencyMs = performance.now() - started;
  let data: unknown;
  try {
    data = JSON.parse(unfence(text));
  } catch {
    return refused(`the judge's answer is not JSON: ${JSON.stringify(clipText(text, 123, { ellipsis: '...' }))}`, 'use a judge model that follows JSON instructions, or lower its temperature', usage);
  }
  const validate = validatorFor(verdictSchema);
  if (!validate(data)) {
    const first = validate.errors?.[0];
    return refused(`the judge's JSON ${first?.instancePath || '$'} ${first?.message ?? 'is invalid'}; expected {"pass": boolean, "evidence": string}`, 'use a judge model that follows JSON instructions', usage);
  }
  const raw = data as RawVerdict;
  const evidence = raw.evidence.trim();
  const shown = JSON.stringify(clipText(evidence, 120, { ellipsis: '' }));
  if (raw.pass && evidence === '') return refused(`the judge passed with no evidence quoted from the ${name}`, `a pass must quote the ${name}; try a stronger judge model`, usage);
  if (evidence !== '' && !isQuotedFrom(evidence, input.text)) {
    return refused(`the judge ${raw.pass ? 'passed' : 'failed'} it with evidence that is not in the ${name}: ${shown}`, `a verdict must quote the ${name} verbatim; try a stronger judge model`, usage);
  }
  const reason = raw.reason ?? (raw.pass ? 'the judge found it' : 'the judge did not find it');
  return { verdict: raw.pass ? 'pass' : 'fail', reason, ...(evidence ? { evidence } : {}), usage };
}
