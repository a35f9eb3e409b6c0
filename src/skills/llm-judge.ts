/**
 * The LLM judge of a behaviour eval: the transcript and one expected behaviour go to a model, which
 * answers with JSON `{"pass", "evidence", "reason"}`, validated with ajv. An answer that does not
 * parse or validate, or a pass whose evidence is not quoted from the transcript, is `errored` with
 * E_JUDGE_ANSWER: never a pass.
 */
import { Ajv } from 'ajv';
import { toErrorInfo, ToolvetError } from '../errors.ts';
import type { ChatMessage, ModelDriver } from '../types.ts';
import type { BehaviourScore } from './result-types.ts';
import { clipText } from '../safety/clip.ts';

export const JUDGE_SYSTEM_PROMPT =
  "You grade an AI assistant's transcript against one expected behaviour. Reply with only a JSON object: " +
  '{"pass": true or false, "evidence": "<a short exact quote from the transcript>", "reason": "<one sentence>"}. ' +
  'The evidence must be copied verbatim from the transcript. Pass only when the transcript shows the behaviour.';

const verdictSchema = {
  type: 'object',
  properties: { pass: { type: 'boolean' }, evidence: { type: 'string' }, reason: { type: 'string' } },
  required: ['pass', 'evidence'],
} as const;

const validateVerdict = new Ajv({ allErrors: true }).compile<{ pass: boolean; evidence: string; reason?: string }>(verdictSchema);

/** The transcript as the judge reads it: one block per message, tool calls spelled out. */
export function renderTranscript(transcript: readonly ChatMessage[]): string {
  return transcript
    .map((m) => {
      const calls = (m.toolCalls ?? []).map((c) => `\n[assistant calls ${c.name}] ${c.rawArguments}`).join('');
      return `[${m.role}] ${m.content}${calls}`;
    })
    .join('\n');
}

const squash = (s: string): string => s.replace(/\s+/g, ' ').trim().toLowerCase();

/** Strips a Markdown code fence, which models add around JSON although asked not to. */
function unfence(text: string): string {
  const m = /^\s*```(?:json)?\s*\n?([\s\S]*?)\n?```\s*$/i.exec(text);
  return m ? m[1] : text.trim();
}

function judgeError(behaviour: string, message: string, hint: string): BehaviourScore {
  const error = new ToolvetError('E_JUDGE_ANSWER', message, { hint });
  return { behaviour, state: 'errored', judge: 'llm', reason: message, error: toErrorInfo(error) };
}

export async function judgeBehaviour(judge: ModelDriver, behaviour: string, transcript: readonly ChatMessage[], signal?: AbortSignal): Promise<BehaviourScore> {
  const rendered = renderTranscript(transcript);
  let text: string;
  try {
    const response = await judge.complete({
      messages: [
        { role: 'system', content: JUDGE_SYSTEM_PROMPT },
        { role: 'user', content: `Expected behaviour: ${behaviour}\n\nTranscript:\n${rendered}` },
      ],
      tools: [],
      temperature: 0,
      ...(signal ? { signal } : {}),
    });
    text = response.text;
  } catch (error) {
    const info = toErrorInfo(error);
    return { behaviour, state: 'errored', judge: 'llm', reason: `the judge model failed: ${info.code}: ${info.message}`, error: info };
  }
  let data: unknown;
  try {
    data = JSON.parse(unfence(text));
  } catch {
    const shown = clipText(text, 123, { ellipsis: '...' });
    return judgeError(behaviour, `the judge's answer is not JSON: ${JSON.stringify(shown)}`, 'use a judge model that follows JSON instructions, or lower its temperature');
  }
  if (!validateVerdict(data)) {
    const first = validateVerdict.errors?.[0];
    return judgeError(behaviour, `the judge's JSON ${first?.instancePath || '$'} ${first?.message ?? 'is invalid'}; expected {"pass": boolean, "evidence": string}`, 'use a judge model that follows JSON instructions');
  }
  const evidence = data.evidence.trim();
  if (data.pass && (evidence === '' || !squash(rendered).includes(squash(evidence)))) {
    return judgeError(behaviour, `the judge passed the behaviour with evidence that is not in the transcript: ${JSON.stringify(clipText(evidence, 120, { ellipsis: '' }))}`, 'a pass must quote the transcript; try a stronger judge model');
  }
  return { behaviour, state: data.pass ? 'passed' : 'failed', judge: 'llm', reason: data.reason ?? (data.pass ? 'the judge found the behaviour' : 'the judge did not find the behaviour'), ...(evidence ? { evidence } : {}) };
}
