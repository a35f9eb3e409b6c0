import { perTool, type ToolRule } from '../../tool-rule-kit.ts';

// Ways real descriptions say when to call (read on fixtures/real-servers): "Call when the user ...",
// "Use this when ...", "When to use:", "Use it to research ...", "Use after X when ...", "Best for: ...",
// "Perfect for setting up ...", "Use this after cluster upgrades", "Prefer this tool over X when ...",
// "This tool should be used to answer any question about ...". "Do NOT use for ..." is an
// exclusion, not a when: the verb must not follow a negation; "Use with caution" says nothing of when.
const NOT = String.raw`(?<!\b(?:not|never|n't|nor)\s+)`;
const WHEN = new RegExp(
  [
    String.raw`${NOT}\b(call|use|invoke|choose|pick)\b[^.\n]{0,30}\b(when|whenever|if|for)\b`,
    String.raw`\bwhen to (use|call|invoke)\b`,
    String.raw`\buse cases?\s*:`,
    String.raw`${NOT}\b(use|call|invoke) (it|this|them|this tool|this function)\b[^.\n]{0,80}\b(to|after|before|once|instead of|if|when|whenever)\b`,
    String.raw`\bprefer (it|this|this tool)\b|\b(should|must) be used (to|for|when|if)\b`,
    String.raw`${NOT}\b(read|run|check|consult) (this|it)( \w+)? (before|after|when|whenever|if)\b`,
    String.raw`(?:^|[.!?:;]\s+|\n\s*|[-*•]\s+)${NOT}(use|call)\s+(to|for|after|before|when|whenever|if|once)\b`,
    String.raw`\bwhen (the )?user\b|\b(when|if) you (only |just |really )?(need|want|have)\b`,
    String.raw`${NOT}\b(best|ideal|ideally|perfect|great|good|useful|handy|helpful|suited|essential|recommended|intended|designed|meant) (for|when|if)\b`,
  ].join('|'),
  'i',
);

/** Spec 10.1: say when to call the tool, not only what it does. */
export const descriptionWhenToCall: ToolRule = {
  id: 'description-when-to-call',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'the description says when to call the tool ("Call when the user ...", "Use this when ...", "When to use:", "Best for:")',
  spec: '10.1',
  check: (tools) =>
    perTool(tools, (tool) =>
      typeof tool.description !== 'string' || tool.description.trim() === '' || WHEN.test(tool.description)
        ? []
        : [{ path: '$.description', message: 'the description does not say when to call the tool; add a sentence such as "Call when the user wants to ..." or "Use it to ..."' }],
    ),
};

