import { perTool, type ToolRule } from '../../tool-rule-kit.ts';

// "Do NOT use for ..." is an exclusion, not a when: the verb must not follow a negation.
const WHEN = /(?<!\b(?:not|never|n't)\s+)\b(call|use|invoke|choose|pick)\b[^.]{0,30}\b(when|whenever|if|for)\b|\bwhen (the )?user\b|\bwhen you (need|want)\b|\buseful (when|for)\b|\b(use|call) (this|it)\b[^.]{0,80}\bbefore\b/i;

/** Spec 10.1: say when to call the tool, not only what it does. */
export const descriptionWhenToCall: ToolRule = {
  id: 'description-when-to-call',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'the description says when to call the tool ("Call when the user ...", "Use this when ...")',
  spec: '10.1',
  check: (tools) =>
    perTool(tools, (tool) =>
      typeof tool.description !== 'string' || tool.description.trim() === '' || WHEN.test(tool.description)
        ? []
        : [{ path: '$.description', message: 'the description does not say when to call the tool; add "Call when the user wants to ..."' }],
    ),
};
