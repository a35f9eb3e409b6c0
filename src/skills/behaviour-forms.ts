/**
 * The offline judge: the behaviours that can be decided from a transcript without a model. Each form
 * must match the whole behaviour text (case-insensitive, a trailing full stop allowed), so that
 * "Calls search_items with the right year" is not scored as just "Calls search_items":
 *
 *   calls-tool      Calls X | Uses X | Invokes X             (a tool call named X)
 *   not-calls-tool  Does not call X | Never calls X | ...    (no tool call named X)
 *   loads-skill     Loads skill S | Loads the S skill        (a load_skill call for S)
 *   mentions        Mentions "text" | Says "..." | Contains "..."  (the assistant's text, any case)
 *   asks-question   Asks the user a question | Asks a clarifying question  (assistant text with a "?")
 *
 * Anything else is `unscored` offline, never passed. A form naming a tool or skill the run did not
 * offer is `errored`: the eval, not the agent, is wrong.
 */
import type { AgentRun, BehaviourForm, BehaviourScore } from './result-types.ts';

const NAME = String.raw`[\x60"'“]?([A-Za-z0-9_.:-]+)[\x60"'”]?`;
const END = String.raw`\s*\.?\s*$`;

const FORMS: Array<{ form: BehaviourForm; pattern: RegExp }> = [
  { form: 'not-calls-tool', pattern: new RegExp(String.raw`^(?:does\s+not|doesn['’]t|never|must\s+not|should\s+not|will\s+not)\s+(?:call|use|invoke)s?\s+(?:the\s+)?(?:tool\s+)?${NAME}(?:\s+tool)?${END}`, 'i') },
  { form: 'calls-tool', pattern: new RegExp(String.raw`^(?:calls?|uses?|invokes?)\s+(?:the\s+)?(?:tool\s+)?${NAME}(?:\s+tool)?${END}`, 'i') },
  { form: 'loads-skill', pattern: new RegExp(String.raw`^loads?\s+(?:the\s+)?(?:skill\s+)?${NAME}(?:\s+skill)?${END}`, 'i') },
  { form: 'mentions', pattern: new RegExp(String.raw`^(?:mentions?|says?|contains?|includes?)\s+(?:"([^"]+)"|“([^”]+)”)${END}`, 'i') },
  { form: 'asks-question', pattern: new RegExp(String.raw`^asks?\s+(?:the\s+user\s+)?(?:a\s+)?(?:clarifying\s+|follow-up\s+)?question${END}`, 'i') },
];

export interface ParsedBehaviour {
  form: BehaviourForm;
  /** Tool, skill or text the form names. */
  subject: string;
}

export function parseBehaviour(behaviour: string): ParsedBehaviour | undefined {
  for (const { form, pattern } of FORMS) {
    const m = pattern.exec(behaviour.trim());
    if (m) return { form, subject: m[1] ?? m[2] ?? '' };
  }
  return undefined;
}

export interface RunView {
  run: Pick<AgentRun, 'toolCalls' | 'loadedSkills' | 'transcript'>;
  /** Tools the run offered (live tools and load_skill). */
  offeredTools: ReadonlySet<string>;
  /** Skills that exist (discovered). */
  knownSkills: ReadonlySet<string>;
}

function assistantText(run: RunView['run']): string {
  return run.transcript.filter((m) => m.role === 'assistant').map((m) => m.content).join('\n');
}

/** Scores one behaviour mechanically; undefined when no form fits (the caller decides: LLM judge or unscored). */
export function scoreMechanically(behaviour: string, view: RunView): BehaviourScore | undefined {
  const parsed = parseBehaviour(behaviour);
  if (!parsed) return undefined;
  const { form, subject } = parsed;
  const base = { behaviour, judge: 'mechanical' as const, form };
  const called = view.run.toolCalls.map((c) => c.name);
  switch (form) {
    case 'calls-tool':
    case 'not-calls-tool': {
      if (!view.offeredTools.has(subject)) {
        return { ...base, state: 'errored', reason: `"${subject}" is not among the tools offered (${[...view.offeredTools].join(', ') || 'none'}); start its server with --config` };
      }
      const did = called.includes(subject);
      const want = form === 'calls-tool';
      return { ...base, state: did === want ? 'passed' : 'failed', reason: did ? `called ${subject}` : `never called ${subject}${called.length ? ` (called ${called.join(', ')})` : ' (called no tool)'}` };
    }
    case 'loads-skill': {
      if (!view.knownSkills.has(subject)) return { ...base, state: 'errored', reason: `no skill named "${subject}" was discovered` };
      const did = view.run.loadedSkills.includes(subject);
      return { ...base, state: did ? 'passed' : 'failed', reason: did ? `loaded ${subject}` : `did not load ${subject}${view.run.loadedSkills.length ? ` (loaded ${view.run.loadedSkills.join(', ')})` : ''}` };
    }
    case 'mentions': {
      const text = assistantText(view.run);
      const at = text.toLowerCase().indexOf(subject.toLowerCase());
      return at >= 0
        ? { ...base, state: 'passed', reason: `the reply mentions "${subject}"`, evidence: text.slice(Math.max(0, at - 40), at + subject.length + 40) }
        : { ...base, state: 'failed', reason: `the reply never mentions "${subject}"` };
    }
    case 'asks-question': {
      const question = /[^.!?\n]*\?/.exec(assistantText(view.run));
      return question
        ? { ...base, state: 'passed', reason: 'the reply asks a question', evidence: question[0].trim() }
        : { ...base, state: 'failed', reason: 'the reply asks no question' };
    }
  }
}
