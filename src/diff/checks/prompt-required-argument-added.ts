import type { PromptArgument } from '../../types.ts';
import type { DiffCheck } from '../types.ts';

export const promptRequiredArgumentAdded: DiffCheck = {
  id: 'prompt-required-argument-added',
  level: 'breaking',
  description: 'a required prompt argument was added',
  kinds: ['prompt-argument-added'],
  check: (d) => ((d.after as PromptArgument).required === true ? `required argument "${d.param}" was added to ${d.tool.replace(/^prompt:/, 'prompt "')}"; prompts/get without it now fails` : null),
};
