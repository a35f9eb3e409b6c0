/**
 * The LLM judge of a behaviour eval: the transcript and one expected behaviour go to the judge
 * (src/judge/judge-answer.ts), which must quote the transcript. An answer that does not parse or
 * validate, or a verdict whose evidence is not in the transcript, is `errored` with E_JUDGE_ANSWER:
 * never a pass. The judge's tokens come back on the score, apart from the agent's.
 */
import { judgeText } from '../judge/judge-answer.ts';
import type { ChatMessage, ModelDriver } from '../types.ts';
import type { BehaviourScore } from './result-types.ts';

export { JUDGE_SYSTEM_PROMPT } from '../judge/judge-answer.ts';

/** The transcript as the judge reads it: one block per message, tool calls spelled out. */
export function renderTranscript(transcript: readonly ChatMessage[]): string {
  return transcript
    .map((m) => {
      const calls = (m.toolCalls ?? []).map((c) => `\n[assistant calls ${c.name}] ${c.rawArguments}`).join('');
      return `[${m.role}] ${m.content}${calls}`;
    })
    .join('\n');
}

export async function judgeBehaviour(judge: ModelDriver, behaviour: string, transcript: readonly ChatMessage[], signal?: AbortSignal): Promise<BehaviourScore> {
  const verdict = await judgeText(judge, { expectation: behaviour, text: renderTranscript(transcript), textName: 'transcript' }, signal);
  const base = { behaviour, judge: 'llm' as const, reason: verdict.reason, judgeUsage: verdict.usage };
  if (verdict.verdict === 'error') return { ...base, state: 'errored', ...(verdict.error ? { error: verdict.error } : {}) };
  return { ...base, state: verdict.verdict === 'pass' ? 'passed' : 'failed', ...(verdict.evidence ? { evidence: verdict.evidence } : {}) };
}
