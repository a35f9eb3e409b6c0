/**
 * What prompt and resource rules share: their rule types, target names (`prompt:NAME`,
 * `resource:URI`, `template:URI`, the same as in diff), and the view of a prompt, resource or the
 * server's instructions as a tool definition, so the tool rules that apply to any text the model or
 * user reads (names, hidden Unicode, poisoning) run on them unchanged, with their paths mapped back.
 */
import type { LintRule, RawFinding } from './framework.ts';
import type { PromptDefinition, ResourceDefinition, ResourceTemplateDefinition, ToolDefinition } from '../types.ts';

export type ResourceItem = ResourceDefinition | ResourceTemplateDefinition;
export type PromptRule = LintRule<PromptDefinition, undefined>;
export type ResourceRule = LintRule<ResourceItem, undefined>;

export const isTemplate = (r: ResourceItem): r is ResourceTemplateDefinition => 'uriTemplate' in r;
export const promptTarget = (p: PromptDefinition): string => `prompt:${p.name}`;
export const resourceTarget = (r: ResourceItem): string => (isTemplate(r) ? `template:${r.uriTemplate}` : `resource:${r.uri}`);

export function perPrompt(prompts: readonly PromptDefinition[], check: (prompt: PromptDefinition) => Array<Omit<RawFinding, 'target'>>): RawFinding[] {
  return prompts.flatMap((p) => check(p).map((f) => ({ target: promptTarget(p), ...f })));
}

export function perResource(items: readonly ResourceItem[], check: (item: ResourceItem) => Array<Omit<RawFinding, 'target'>>): RawFinding[] {
  return items.flatMap((r) => check(r).map((f) => ({ target: resourceTarget(r), ...f })));
}

/**
 * Words of a text, lowercase, for "does the description say more than the name" tests. Scripts
 * written without spaces (Chinese, Japanese) count each character as a word, so a description in
 * them is not mistaken for an empty one.
 */
export const wordsOf = (text: string): string[] =>
  text.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}])+/gu) ?? [];

/** A prompt as a tool: its arguments become string properties (prompt arguments are strings in MCP). */
export function promptAsTool(p: PromptDefinition): ToolDefinition {
  const properties: Record<string, unknown> = {};
  for (const a of p.arguments ?? []) properties[a.name] = { type: 'string', ...(a.description !== undefined ? { description: a.description } : {}), ...(a.title !== undefined ? { title: a.title } : {}) };
  const required = (p.arguments ?? []).filter((a) => a.required).map((a) => a.name);
  return { name: p.name, ...(p.title !== undefined ? { title: p.title } : {}), ...(p.description !== undefined ? { description: p.description } : {}), inputSchema: { type: 'object', properties, required } };
}

/** A resource or template as a tool without parameters: its name and description. */
export function resourceAsTool(r: ResourceItem): ToolDefinition {
  return { name: r.name, ...(r.title !== undefined ? { title: r.title } : {}), ...(r.description !== undefined ? { description: r.description } : {}), inputSchema: { type: 'object' } };
}

/** `$.inputSchema.properties.city.description` -> `$.arguments[0].description`; tool words -> prompt words. */
export function promptFinding(p: PromptDefinition, f: RawFinding): RawFinding {
  const index = new Map((p.arguments ?? []).map((a, i) => [a.name, i]));
  const path = f.path.replace(/^\$\.inputSchema\.properties(?:\.([A-Za-z_$][\w$]*)|\[("(?:[^"\\]|\\.)*")\])/, (_m, plain: string | undefined, quoted: string | undefined) => {
    const name = plain ?? (JSON.parse(quoted!) as string);
    return `$.arguments[${index.get(name) ?? '?'}]`;
  });
  const message = f.message.replace(/\bthe tool\b/g, 'the prompt').replace(/\bparameter\b/g, 'argument');
  return { ...f, target: promptTarget(p), path, message };
}
