import { perPrompt, wordsOf, type PromptRule } from '../../surface-rule-kit.ts';
import { clipText } from '../../../safety/clip.ts';

/** Words that describe a prompt's form ("a prompt with two arguments, one required"), not its purpose. */
const FORM = new Set(['a', 'an', 'the', 'this', 'that', 'prompt', 'prompts', 'with', 'without', 'no', 'one', 'two', 'three', 'argument', 'arguments', 'parameter', 'parameters', 'required', 'optional', 'and', 'or', 'of', 'for', 'takes', 'has', 'template']);

/**
 * Spec 2.4 and 10.1, applied to prompts: the description is what a user (picking a slash command) and
 * a host read to choose a prompt. Absent, or only about the prompt's form once its name is taken
 * away, it says nothing about what the prompt is for.
 */
export const promptDescription: PromptRule = {
  id: 'prompt-description',
  kind: 'prompt',
  defaultSeverity: 'warn',
  description: 'every prompt has a description that says what it is for, not only its form ("a prompt with two arguments")',
  spec: '2.4, 10.1',
  check: (prompts) =>
    perPrompt(prompts, (prompt) => {
      const text = prompt.description?.trim() ?? '';
      if (text === '') return [{ path: '$.description', message: 'no description; users and hosts cannot tell what the prompt is for' }];
      const named = new Set(wordsOf(`${prompt.name} ${prompt.title ?? ''}`));
      const words = wordsOf(text);
      const content = words.filter((w) => !FORM.has(w) && !named.has(w));
      if (content.length >= 2) return [];
      const quoted = `"${clipText(text, 60, { ellipsis: '...' })}"`;
      const repeatsName = words.some((w) => named.has(w) && !FORM.has(w));
      const message =
        content.length > 0 ? `${quoted} says little beyond the prompt's name` : repeatsName ? `${quoted} only repeats the prompt's name, not what it is for` : `${quoted} says only what form the prompt has, not what it is for`;
      return [{ path: '$.description', message }];
    }),
};
