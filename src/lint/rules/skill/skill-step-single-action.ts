import { outlineBody, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';
import { clipText } from '../../../safety/clip.ts';

/** Imperative verbs that start an action; a second sentence starting with one is a second action. */
const ACTION_VERBS =
  'run|read|open|write|create|add|check|commit|push|pull|call|edit|update|delete|remove|install|set|ask|report|save|copy|move|verify|test|build|deploy|review|fix|compare|list|search|find|select|record|confirm|send|return|wait|repeat|make|start|stop|close|merge|rebase|fetch|download|upload|print|show|tell|append|insert|replace|rename|launch|restart|clone|scan|execute|generate|convert|extract|submit|post|reply|mark|apply|choose|pick|load|export|import|register|configure|enable|disable|restore|reset|type|click|navigate|go|sort|filter|group|summarize|summarise|parse|format|count|log|draft|identify|analyze|analyse|inspect|explain|assign|tag|ensure|document|upgrade|pin|lint|flash|publish|stage|invoke|spawn|grade|note|present|offer';
// A sequencing word joining two actions ("read X, then write Y"), or a second sentence opening with an action verb.
const SEQUENCE = new RegExp(`(?:,|;|\\band)\\s+(?:and\\s+)?then\\s+(?:${ACTION_VERBS})\\b|\\b(?:and then|after that|afterwards)\\s+(?:${ACTION_VERBS})\\b`, 'i');
const SECOND_ACTION = new RegExp(`(?<!\\b(?:e\\.g|i\\.e|etc|vs|approx|no))[.!;]\\s+(?:then\\s+)?(?:${ACTION_VERBS})\\b`, 'i');

/** The words of a step without code spans, links, URLs and parentheses, which hold names, not actions. */
function prose(step: string): string {
  return step
    // A bold lead (`**Keep the prompt lean.** Remove …`) titles the step; the sentence after it is the action.
    .replace(/^\s*(?:\*\*|__)[^*_]+(?:\*\*|__)\s*(?:[—–:-]\s*)?/, '')
    .replace(/`[^`]*`/g, 'X')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/https?:\/\/\S+/g, 'URL')
    .replace(/\([^)]*\)/g, '');
}

/** Spec 2.2: one explicit action per step; a heuristic over procedure steps, so never an error. */
export const skillStepSingleAction: SkillRule = {
  id: 'skill-step-single-action',
  kind: 'skill',
  // Measured at 70% precision on public collections (docs/skills.md): a heuristic, so info only.
  defaultSeverity: 'info',
  description: 'each procedure step holds one explicit action (heuristic: no ", then <verb>", no second sentence opening with a verb)',
  spec: '2.2',
  check: (skills) =>
    perSkill(skills, (skill) =>
      outlineBody(skill)
        .procedureSteps.filter((step) => SEQUENCE.test(prose(step.text)) || SECOND_ACTION.test(prose(step.text)))
        .map((step) => ({ path: '$.body', line: step.line, message: `step "${clipText(step.text, 63, { ellipsis: '...' })}" seems to hold more than one action; split it` })),
    ),
};
