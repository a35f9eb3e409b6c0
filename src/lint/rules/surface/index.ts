/**
 * The prompt and resource rule registries: plain maps from id to rule (id == file name). The tool
 * rules that apply to any text (names, hidden Unicode, poisoning) also run on prompts, resources and
 * instructions: see lint-surface.ts.
 */
import type { PromptRule, ResourceRule } from '../../surface-rule-kit.ts';
import { appCsp } from './app-csp.ts';
import { promptArgumentDescription } from './prompt-argument-description.ts';
import { promptDescription } from './prompt-description.ts';
import { resourceDescription } from './resource-description.ts';
import { resourceMimeType } from './resource-mime-type.ts';
import { templateDescription } from './template-description.ts';

export const PROMPT_RULES: Readonly<Record<string, PromptRule>> = {
  [promptDescription.id]: promptDescription,
  [promptArgumentDescription.id]: promptArgumentDescription,
};

export const RESOURCE_RULES: Readonly<Record<string, ResourceRule>> = {
  [resourceDescription.id]: resourceDescription,
  [templateDescription.id]: templateDescription,
  [resourceMimeType.id]: resourceMimeType,
  [appCsp.id]: appCsp,
};
