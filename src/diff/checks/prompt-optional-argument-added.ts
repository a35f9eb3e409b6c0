import type { PromptArgument } from '../../types.ts';
import type { DiffCheck } from '../types.ts';

export const promptOptionalArgumentAdded: DiffCheck = {
  id: 'prompt-optional-argument-added',
  level: 'safe',
  description: 'an optional prompt argument was added',
  kinds: ['prompt-argument-added'],
  check: (d) => ((d.after as PromptArgument).required === true ? null : `optional argument "${d.param}" was added to ${d.tool.replace(/^prompt:/, 'prompt "')}"`),
};
