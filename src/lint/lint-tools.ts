/**
 * Tool lint over one or more tool sets (one per server, or one per tool file): each set is linted on
 * its own, since tool-set rules (overlap, size, case) are about what one server offers.
 */
import type { ErrorInfo } from '../errors.ts';
import { ToolvetError } from '../errors.ts';
import type { ActiveSeverity, LintReport, Severity } from './framework.ts';
import { DEFAULT_PROFILE, PROFILES, profilePreset } from './profiles.ts';
import { TOOL_RULES } from './rules/tool/index.ts';
import { failsAt, mergeReports, runRules } from './run-rules.ts';
import { estimateTokens } from './token-estimate.ts';
import { DEFAULT_TOOL_LINT_SETTINGS, type ToolLintSettings } from './tool-rule-kit.ts';
import type { ServerSurface, ToolDefinition } from '../types.ts';
import { lintSurface } from './lint-surface.ts';
import { withToolWalks } from './tool-walks.ts';

export interface ToolSet {
  /** Server name, or the tool file's path. */
  name: string;
  kind: 'server' | 'file' | 'inline';
  tools: ToolDefinition[];
  /** Prompts, resources, templates and instructions, when the server or snapshot has them (linted too). */
  surface?: ServerSurface;
  /** Set when the server could not be started or listed; its tools are then empty. */
  error?: ErrorInfo;
}

export interface ToolSetInfo {
  name: string;
  kind: 'server' | 'file' | 'inline';
  tools: number;
  /** Estimated prompt tokens of the set's definitions (JSON characters / 4). */
  tokenEstimate: number;
  /** Counts of what the set offers besides tools, when recorded. */
  prompts?: number;
  resources?: number;
  error?: ErrorInfo;
}

/** The `lint` section of a result: a LintReport over every set, plus the sets and the gate. */
export interface ToolLintResult extends LintReport {
  failOn: ActiveSeverity;
  /** True when a finding at or above failOn exists. */
  failed: boolean;
  sets: ToolSetInfo[];
  settings: ToolLintSettings;
}

export interface ToolLintOptions {
  profile?: string;
  overrides?: Record<string, Severity>;
  settings?: Partial<ToolLintSettings>;
  failOn?: ActiveSeverity;
}

export function resolveProfile(name: string | undefined): (typeof PROFILES)[string] {
  const profile = PROFILES[name ?? DEFAULT_PROFILE];
  if (!profile) {
    throw new ToolvetError('E_USAGE', `unknown lint profile "${name}"`, { hint: `profiles: ${Object.keys(PROFILES).join(', ')}` });
  }
  return profile;
}

export function lintToolSets(sets: readonly ToolSet[], options: ToolLintOptions = {}): ToolLintResult {
  const profile = resolveProfile(options.profile);
  const settings = { ...DEFAULT_TOOL_LINT_SETTINGS, ...options.settings };
  const preset = profilePreset(profile, Object.values(TOOL_RULES));
  // Each tool's schemas and text are walked once for every rule (tool-walks.ts).
  const reports = withToolWalks(() => sets.map((set) =>
    runRules({
      rules: TOOL_RULES,
      targets: set.tools,
      context: { settings, ...(profile.literal ? { literal: true } : {}) },
      profile: profile.name,
      preset,
      overrides: options.overrides,
      ...(set.kind === 'server' ? { server: set.name } : set.kind === 'file' ? { file: set.name } : {}),
    }),
  ));
  const surfaceReports = sets.flatMap((set) =>
    set.surface ? [lintSurface(set.surface, { profile, settings, overrides: options.overrides, ...(set.kind === 'server' ? { server: set.name } : set.kind === 'file' ? { file: set.name } : {}) })] : [],
  );
  const toolOnly = reports.length > 0 ? mergeReports([...reports, ...surfaceReports], profile.name) : runRules({ rules: TOOL_RULES, targets: [], context: { settings }, profile: profile.name, preset, overrides: options.overrides });
  const merged = { ...toolOnly, rules: [...toolOnly.rules, ...lintSurface({}, { profile, settings, overrides: options.overrides }).rules] };
  const failOn = options.failOn ?? 'error';
  return {
    ...merged,
    failOn,
    failed: failsAt(merged.findings, failOn),
    sets: sets.map((set) => ({
      name: set.name,
      kind: set.kind,
      tools: set.tools.length,
      tokenEstimate: estimateTokens(set.tools),
      ...(set.surface?.prompts ? { prompts: set.surface.prompts.length } : {}),
      ...(set.surface?.resources || set.surface?.resourceTemplates ? { resources: (set.surface.resources?.length ?? 0) + (set.surface.resourceTemplates?.length ?? 0) } : {}),
      ...(set.error ? { error: set.error } : {}),
    })),
    settings,
  };
}

/** Lints one list of tools (a library call for suites): one set named `tools`. */
export function lintTools(tools: readonly ToolDefinition[], options: ToolLintOptions = {}): ToolLintResult {
  return lintToolSets([{ name: 'tools', kind: 'inline', tools: [...tools] }], options);
}
