/** Every registered skill rule has its own file (id == file name), a table test and a line in the README "Lint rules" section. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readmeSection } from '../testing/readme.ts';
import { SKILL_RULES } from '../lint/rules/skill/index.ts';

const RULES_DIR = new URL('../lint/rules/skill/', import.meta.url);

describe('skill rule registry', () => {
  const rules = Object.entries(SKILL_RULES);

  it.each(rules.map(([id]) => [id]))('%s has a file exporting it and a table test', async (id) => {
    expect(SKILL_RULES[id].id).toBe(id);
    expect(existsSync(new URL(`${id}.ts`, RULES_DIR))).toBe(true);
    const mod = (await import(new URL(`${id}.ts`, RULES_DIR).href)) as Record<string, unknown>;
    expect(Object.values(mod)).toContain(SKILL_RULES[id]);
    expect(readFileSync(new URL(`${id}.test.ts`, RULES_DIR), 'utf8')).toContain('skillRuleTable(');
  });

  it('registers every rule file in the folder', () => {
    const files = readdirSync(RULES_DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts');
    expect(files.map((f) => f.replace(/\.ts$/, '')).sort()).toEqual(Object.keys(SKILL_RULES).sort());
  });

  it('documents every rule in the README "Lint rules" section with its default severity and description', () => {
    const docs = readmeSection('Lint rules');
    const missing = rules.filter(([id, rule]) => !docs.includes(`| \`${id}\` | ${rule.defaultSeverity} | ${rule.description.replace(/\|/g, '\\|')} |`));
    expect(missing.map(([id]) => id)).toEqual([]);
  });
});
