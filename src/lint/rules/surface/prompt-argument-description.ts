import { perPrompt, wordsOf, type PromptRule } from '../../surface-rule-kit.ts';

/** Spec 2.4 (each property has a description), applied to prompt arguments: the user or model filling one reads it. */
export const promptArgumentDescription: PromptRule = {
  id: 'prompt-argument-description',
  kind: 'prompt',
  defaultSeverity: 'warn',
  description: 'every prompt argument has a description that says more than its name',
  spec: '2.4',
  check: (prompts) =>
    perPrompt(prompts, (prompt) =>
      (prompt.arguments ?? []).flatMap((arg, i) => {
        const text = arg.description?.trim() ?? '';
        if (text === '') return [{ path: `$.arguments[${i}].description`, message: `argument "${arg.name}" has no description` }];
        const named = new Set(wordsOf(`${arg.name} ${arg.title ?? ''}`));
        if (wordsOf(text).some((w) => !named.has(w) && w.length > 2)) return [];
        return [{ path: `$.arguments[${i}].description`, message: `the description of argument "${arg.name}" only repeats its name` }];
      }),
    ),
};
