/**
 * The lint config file (`toolvet.lint.json`, or `--rules FILE`), validated strictly:
 *   { "profile": "recommended", "rules": { "rule-id": "error" | "warn" | "info" | "off" },
 *     "settings": { "maxTools": 20, "tokenBudget": 6000, "overlapThreshold": 0.6, "descriptionMin": 50, "descriptionMax": 1024 } }
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { readDataFile } from '../config/read-file.ts';
import { toJsonPath, validateData } from '../config/validate.ts';
import { ToolvetError } from '../errors.ts';
import type { Severity } from './framework.ts';
import { PROFILES } from './profiles.ts';
import type { ToolLintSettings } from './tool-rule-kit.ts';

export interface LintConfig {
  file?: string;
  profile?: string;
  rules: Record<string, Severity>;
  settings: Partial<ToolLintSettings>;
}

export const LINT_CONFIG_FILE = 'toolvet.lint.json';

const HINT = `a lint config is {"profile": "recommended", "rules": {"rule-id": "warn"}, "settings": {...}}; see docs/commands/lint.md`;

const lintConfigSchema = {
  type: 'object',
  properties: {
    $schema: { type: 'string' },
    profile: { type: 'string', enum: Object.keys(PROFILES) },
    rules: { type: 'object', additionalProperties: { type: 'string', enum: ['error', 'warn', 'info', 'off'] } },
    settings: {
      type: 'object',
      properties: {
        maxTools: { type: 'integer', minimum: 1 },
        tokenBudget: { type: 'integer', minimum: 1 },
        overlapThreshold: { type: 'number', exclusiveMinimum: 0, maximum: 1 },
        descriptionMin: { type: 'integer', minimum: 0 },
        descriptionMax: { type: 'integer', minimum: 1 },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

/** Reads and checks a lint config; every rule id must be one of `knownRules`. */
export function loadLintConfig(path: string, knownRules: readonly string[]): LintConfig {
  const file = resolve(path);
  const data = validateData<{ profile?: string; rules?: Record<string, Severity>; settings?: Partial<ToolLintSettings> }>(
    lintConfigSchema,
    readDataFile(file, 'lint config'),
    file,
    'lint config',
    HINT,
  );
  for (const id of Object.keys(data.rules ?? {})) {
    if (!knownRules.includes(id)) {
      const at = toJsonPath(`/rules/${id.replace(/~/g, '~0').replace(/\//g, '~1')}`);
      const near = knownRules.filter((k) => k.split('-')[0] === id.split('-')[0]);
      throw new ToolvetError('E_FILE_INVALID', `lint config ${file}: ${at} is not a rule`, {
        file,
        path: at,
        hint: near.length > 0 ? `did you mean ${near.join(', ')}? \`toolvet lint --list-rules\` lists every id` : '`toolvet lint --list-rules` lists every rule id',
      });
    }
  }
  const settings = data.settings ?? {};
  if (settings.descriptionMin !== undefined && settings.descriptionMax !== undefined && settings.descriptionMin > settings.descriptionMax) {
    throw new ToolvetError('E_FILE_INVALID', `lint config ${file}: $.settings.descriptionMin is above descriptionMax`, { file, path: '$.settings.descriptionMin', hint: HINT });
  }
  return { file, ...(data.profile ? { profile: data.profile } : {}), rules: data.rules ?? {}, settings };
}

/** `--rules FILE` when given, else `toolvet.lint.json` in the working folder when it exists, else nothing. */
export function findLintConfig(explicit: string | undefined, knownRules: readonly string[], cwd = process.cwd()): LintConfig {
  if (explicit) return loadLintConfig(explicit, knownRules);
  const implicit = resolve(cwd, LINT_CONFIG_FILE);
  return existsSync(implicit) ? loadLintConfig(implicit, knownRules) : { rules: {}, settings: {} };
}
