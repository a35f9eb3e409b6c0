/**
 * Lint of what a server offers besides tools: the prompt rules over its prompts, the resource rules
 * over its resources and templates, and the tool rules that apply to any text a user or model reads
 * (self-describing names, hidden Unicode, tool poisoning) over prompts, resources and the server's
 * instructions, each seen as a tool. Findings name their target as `prompt:NAME`, `resource:URI`,
 * `template:URI` or `instructions`, as diff does.
 */
import type { LintReport, RawFinding, Severity } from './framework.ts';
import { profilePreset, type LintProfile } from './profiles.ts';
import { PROMPT_RULES, RESOURCE_RULES } from './rules/surface/index.ts';
import { TOOL_RULES } from './rules/tool/index.ts';
import { mergeReports, runRules } from './run-rules.ts';
import { promptAsTool, promptFinding, resourceAsTool, resourceTarget, type ResourceItem } from './surface-rule-kit.ts';
import type { ToolLintSettings } from './tool-rule-kit.ts';
import type { ServerSurface, ToolDefinition } from '../types.ts';

/** Tool rules about text any reader sees, and where each applies. */
const TEXT_RULES = ['hidden-unicode', 'instruction-override', 'sensitive-file-access', 'data-exfiltration', 'tool-call-directive'] as const;
export const PROMPT_TOOL_RULES: readonly string[] = ['name-self-describing', ...TEXT_RULES];
export const RESOURCE_TOOL_RULES: readonly string[] = [...TEXT_RULES];
/** Instructions exist to tell the model which tools to call when, so tool-call-directive does not apply to them. */
export const INSTRUCTIONS_TOOL_RULES: readonly string[] = TEXT_RULES.filter((id) => id !== 'tool-call-directive');

export interface SurfaceLintOptions {
  profile: LintProfile;
  settings: ToolLintSettings;
  overrides?: Readonly<Record<string, Severity>>;
  server?: string;
  file?: string;
}

/** Every prompt and resource rule id (for lint configs and docs). */
export const SURFACE_RULE_IDS: readonly string[] = [...Object.keys(PROMPT_RULES), ...Object.keys(RESOURCE_RULES)];

export function lintSurface(surface: ServerSurface, options: SurfaceLintOptions): LintReport {
  const where = { ...(options.server ? { server: options.server } : {}), ...(options.file ? { file: options.file } : {}) };
  const common = { profile: options.profile.name, overrides: options.overrides, ...where };
  const surfacePreset = profilePreset(options.profile, [...Object.values(PROMPT_RULES), ...Object.values(RESOURCE_RULES)]);
  const toolPreset = profilePreset(options.profile, Object.values(TOOL_RULES));
  const prompts = surface.prompts ?? [];
  const items: ResourceItem[] = [...(surface.resources ?? []), ...(surface.resourceTemplates ?? [])];

  /** The chosen tool rules over one target seen as a tool, findings mapped back to it. */
  const asTool = (ids: readonly string[], tool: ToolDefinition, map: (f: RawFinding) => RawFinding): LintReport => {
    const report = runRules({ rules: ids.map((id) => TOOL_RULES[id]), targets: [tool], context: { settings: options.settings, ...(options.profile.literal ? { literal: true } : {}) }, preset: toolPreset, ...common });
    return { ...report, findings: report.findings.map((f) => ({ ...f, ...map(f) })) };
  };
  const reports: LintReport[] = [
    runRules({ rules: PROMPT_RULES, targets: prompts, context: undefined, preset: surfacePreset, ...common }),
    runRules({ rules: RESOURCE_RULES, targets: items, context: undefined, preset: surfacePreset, ...common }),
    ...prompts.map((p) => asTool(PROMPT_TOOL_RULES, promptAsTool(p), (f) => promptFinding(p, f))),
    ...items.map((r) => asTool(RESOURCE_TOOL_RULES, resourceAsTool(r), (f) => ({ ...f, target: resourceTarget(r) }))),
  ];
  if (surface.instructions) {
    const tool: ToolDefinition = { name: 'instructions', description: surface.instructions, inputSchema: { type: 'object' } };
    reports.push(asTool(INSTRUCTIONS_TOOL_RULES, tool, (f) => ({ ...f, target: 'instructions', path: f.path === '$.description' ? '$.instructions' : f.path })));
  }
  const merged = mergeReports(reports, options.profile.name);
  // The rule list: the prompt and resource rules (the reused tool rules are listed with the tool rules).
  return { ...merged, rules: [...reports[0].rules, ...reports[1].rules] };
}
