/**
 * The table test every skill rule has: each case writes real skill folders into a temp directory,
 * discovers them, and runs the one rule; valid cases give no finding, invalid cases give findings
 * whose messages match. Imported by the rule tests only.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RawFinding } from '../../lint/framework.ts';
import { discoverSkills } from '../discover.ts';
import { withEvals } from '../lint-skills.ts';
import { DEFAULT_SKILL_LINT_SETTINGS, type SkillRule } from '../skill-lint-kit.ts';

export interface SkillRuleCase {
  name: string;
  /** Files under the user skills folder, by relative path. */
  user?: Record<string, string>;
  /** Files under the project skills folder. */
  project?: Record<string, string>;
  /** Invalid cases: a fragment every message contains. */
  message?: RegExp;
  /** Invalid cases: the 1-based lines of the findings, in order. */
  lines?: number[];
  /** Invalid cases: how many findings (default: at least one). */
  count?: number;
}

export interface CleanSkillParts {
  name?: string;
  description?: string;
  /** Extra front-matter lines. */
  extra?: string;
  body?: string;
}

export const CLEAN_DESCRIPTION =
  'Keep a garden journal: log plantings, watering and harvests. Use when the user talks about their garden, e.g. ' +
  '"log that I planted tomatoes", "when did I last water the roses?". Do NOT use for cooking recipes (use recipes).';

export const CLEAN_BODY = [
  '# Garden journal',
  '',
  'You keep the user\'s garden journal in a plain text file, one dated line per event.',
  '',
  '## Steps',
  '',
  '1. Ask for the journal path when the user has not given one.',
  '2. Read the last twenty entries.',
  '3. Append the new event with today\'s date.',
  '4. Report the line you added.',
  '',
  "## Don't",
  '',
  "- Don't rewrite earlier entries.",
  "- Don't guess dates.",
  ...Array.from({ length: 36 }, (_, i) => (i % 2 === 0 ? '' : `Note ${i}: entries are kept in the order they happened.`)),
].join('\n');

/** A SKILL.md written to the conventions (every rule passes on it, in a folder named like it). */
export function cleanSkill(parts: CleanSkillParts = {}): string {
  const name = parts.name ?? 'garden-journal';
  const description = parts.description ?? CLEAN_DESCRIPTION;
  return `---\nname: ${name}\ndescription: ${JSON.stringify(description)}\n${parts.extra ? `${parts.extra}\n` : ''}---\n\n${parts.body ?? CLEAN_BODY}\n`;
}

function write(root: string, files: Record<string, string> | undefined): void {
  for (const [path, content] of Object.entries(files ?? {})) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

export function runSkillRule(rule: SkillRule, c: SkillRuleCase, base: string): RawFinding[] {
  const dir = mkdtempSync(join(base, 'case-'));
  const user = join(dir, 'user');
  const project = join(dir, 'project');
  mkdirSync(user);
  mkdirSync(project);
  write(user, c.user);
  write(project, c.project);
  const discovery = discoverSkills([
    { dir: user, scope: 'user', explicit: true },
    { dir: project, scope: 'project', explicit: true },
  ]);
  return rule.check(discovery.skills.map(withEvals), { settings: DEFAULT_SKILL_LINT_SETTINGS, missing: discovery.missing, shadowed: discovery.shadowed });
}

export function skillRuleTable(rule: SkillRule, table: { valid: SkillRuleCase[]; invalid: SkillRuleCase[] }): void {
  describe(rule.id, () => {
    const base = mkdtempSync(join(tmpdir(), `toolvet-${rule.id}-`));
    afterAll(() => rmSync(base, { recursive: true, force: true }));
    it('carries its metadata', () => {
      expect(rule.id).toMatch(/^skill-[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(rule.kind).toBe('skill');
      expect(rule.description.length).toBeGreaterThan(10);
    });
    it.each(table.valid.map((c) => [c.name, c] as const))('valid: %s', (_name, c) => {
      expect(runSkillRule(rule, c, base)).toEqual([]);
    });
    it.each(table.invalid.map((c) => [c.name, c] as const))('invalid: %s', (_name, c) => {
      const findings = runSkillRule(rule, c, base);
      if (c.count !== undefined) expect(findings).toHaveLength(c.count);
      else expect(findings.length).toBeGreaterThan(0);
      for (const f of findings) if (c.message) expect(f.message).toMatch(c.message);
      if (c.lines) expect(findings.map((f) => f.line)).toEqual(c.lines);
    });
  });
}
