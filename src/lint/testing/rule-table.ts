/**
 * The table test every tool rule has (ESLint's RuleTester, small): valid cases give no finding,
 * invalid cases give exactly the findings at the listed JSON paths, in order (oasdiff's check tests,
 * likewise): a row that only asked for "some finding" would pass with a finding at the wrong place,
 * or with a second one the rule should not give, so an invalid row without `paths` fails. Imported by
 * the rule tests only.
 */
import { describe, expect, it } from 'vitest';
import type { RawFinding } from '../framework.ts';
import { DEFAULT_TOOL_LINT_SETTINGS, type ToolLintSettings, type ToolRule } from '../tool-rule-kit.ts';
import type { JsonSchema, ToolDefinition } from '../../types.ts';

export interface RuleCase {
  name: string;
  tools: ToolDefinition[];
  settings?: Partial<ToolLintSettings>;
  /** Run as the `conventions` profile does: the conventions read literally. */
  literal?: boolean;
  /**
   * Invalid cases (required there): the exact paths of the findings, in order; `target:path` each
   * when the findings fall on different tools.
   */
  paths?: string[];
  /** Invalid cases: a fragment every message contains. */
  message?: RegExp;
}

/** A tool written to the conventions: every rule passes on it. Patch what a case needs. */
export function cleanTool(patch: Partial<ToolDefinition> = {}, schemaPatch: JsonSchema = {}): ToolDefinition {
  const base: ToolDefinition = {
    name: 'search_notes',
    description:
      "Search the user's notes for a phrase and return the matching notes with their titles. Call when the user wants to find " +
      "something they wrote down, e.g. 'find my notes on coral reefs', 'what did I write about budgets?'. " +
      'Do NOT use for reading one note whose id is known or for writing notes.',
    inputSchema: {
      type: 'object',
      properties: {
        query: { type: 'string', minLength: 1, description: 'Words to look for in titles and text.' },
        limit: { type: 'integer', minimum: 1, maximum: 50, default: 10, description: 'Maximum number of notes to return.' },
      },
      required: ['query'],
      additionalProperties: false,
      ...schemaPatch,
    },
    annotations: { readOnlyHint: true },
  };
  return { ...base, ...patch };
}

/** The clean tool with one property replaced or added. */
export function withProperty(name: string, schema: JsonSchema, required = false): ToolDefinition {
  const tool = cleanTool();
  const props = { ...(tool.inputSchema.properties as JsonSchema), [name]: schema };
  const req = required ? [...(tool.inputSchema.required as string[]), name] : (tool.inputSchema.required as string[]);
  return cleanTool({}, { properties: props, required: req });
}

function run(rule: ToolRule, c: RuleCase): RawFinding[] {
  return rule.check(c.tools, { settings: { ...DEFAULT_TOOL_LINT_SETTINGS, ...c.settings }, ...(c.literal ? { literal: true } : {}) });
}

export function ruleTable(rule: ToolRule, table: { valid: RuleCase[]; invalid: RuleCase[] }): void {
  describe(rule.id, () => {
    it('carries its metadata', () => {
      expect(rule.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(rule.kind).toBe('tool');
      expect(rule.description.length).toBeGreaterThan(10);
      expect(['error', 'warn', 'info', 'off']).toContain(rule.defaultSeverity);
    });
    it.each(table.valid.map((c) => [c.name, c] as const))('valid: %s', (_name, c) => {
      expect(run(rule, c)).toEqual([]);
    });
    it.each(table.invalid.map((c) => [c.name, c] as const))('invalid: %s', (_name, c) => {
      expect(c.paths, `invalid row "${c.name}" must list the exact paths of its findings`).toBeDefined();
      expect(c.paths!.length, `invalid row "${c.name}" must expect at least one finding`).toBeGreaterThan(0);
      const findings = run(rule, c);
      for (const f of findings) {
        expect(f.message.length).toBeGreaterThan(0);
        if (c.message) expect(f.message).toMatch(c.message);
      }
      const withTarget = c.paths!.some((p) => p.includes(':'));
      expect(findings.map((f) => (withTarget ? `${f.target}:${f.path}` : f.path))).toEqual(c.paths);
    });
  });
}
