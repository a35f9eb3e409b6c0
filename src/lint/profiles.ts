/**
 * Profiles are presets of severities over the tool rules. A profile starts from every rule's default
 * (`defaults`) or from everything off (`none`) and sets the rules it names; per-rule overrides in the
 * lint config apply on top. Rules of other kinds (skills) keep their defaults under every profile.
 */
import type { RuleMeta, Severity } from './framework.ts';

export interface LintProfile {
  name: string;
  description: string;
  base: 'defaults' | 'none';
  severities: Readonly<Record<string, Severity>>;
  /** Rules read the conventions literally: no calibration for real servers, every schema of the inputSchema. */
  literal?: boolean;
}

export const PROFILES: Readonly<Record<string, LintProfile>> = {
  spec: {
    name: 'spec',
    description: 'only what the MCP specification asks: an object inputSchema that is valid JSON Schema, unique names, valid x-mcp-header declarations, and (a SHOULD, so a warning) the name format',
    base: 'none',
    severities: { 'schema-object-root': 'error', 'schema-valid': 'error', 'name-unique': 'error', 'x-mcp-header-valid': 'error', 'name-mcp-format': 'warn' },
  },
  recommended: {
    name: 'recommended',
    description: "the conventions' tool-schema design rules (section 10) and the security rules, at their default severities",
    base: 'defaults',
    severities: {},
  },
  conventions: {
    name: 'conventions',
    description:
      'every rule of the conventions read literally, for a server written to them: verb-first names (invoice_search fails), a default for every optional bounded, enum or flag parameter, a description on every property, combinator branches included; recommended is the calibrated profile for servers in the wild',
    base: 'defaults',
    literal: true,
    severities: {
      'name-verb-first': 'error',
      'optional-has-default': 'error',
      'property-description': 'error',
      'property-type': 'error',
      'description-present': 'error',
      'schema-properties-required': 'error',
      'description-exclusions': 'warn',
      'description-examples': 'warn',
      'description-when-to-call': 'warn',
      'not-all-strings': 'warn',
      'prefer-enum': 'warn',
      'prefer-integer': 'warn',
      'prefer-boolean': 'warn',
      'prefer-array': 'warn',
    },
  },
  portable: {
    name: 'portable',
    description: 'recommended, plus names every major vendor accepts (^[A-Za-z0-9_-]{1,64}$) as an error',
    base: 'defaults',
    severities: { 'name-portable': 'error' },
  },
  'openai-strict': {
    name: 'openai-strict',
    description: "recommended, plus OpenAI strict mode (every property required, additionalProperties false); turns off the optional/default rules it contradicts",
    base: 'defaults',
    severities: { 'strict-schema': 'error', 'name-portable': 'error', 'optional-has-default': 'off', 'required-no-default': 'off' },
  },
};

export const DEFAULT_PROFILE = 'recommended';

/** The preset severities a profile gives each tool, prompt and resource rule. */
export function profilePreset(profile: LintProfile, rules: readonly RuleMeta[]): Record<string, Severity> {
  const preset: Record<string, Severity> = {};
  for (const rule of rules) {
    if (rule.kind === 'skill') continue;
    preset[rule.id] = profile.severities[rule.id] ?? (profile.base === 'none' ? 'off' : rule.defaultSeverity);
  }
  return preset;
}
