/** Every registered tool rule has its own file (id == file name), a table test and a line in the README. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readmeSection } from '../testing/readme.ts';
import { TOOL_RULES } from './rules/tool/index.ts';

const RULES_DIR = new URL('./rules/tool/', import.meta.url);

describe('tool rule registry', () => {
  const rules = Object.entries(TOOL_RULES);

  it('has at least the rules the issue lists, each under its own id', () => {
    expect(rules.length).toBeGreaterThanOrEqual(35);
    for (const [key, rule] of rules) expect(rule.id).toBe(key);
  });

  it.each(rules.map(([id]) => [id]))('%s has a file exporting it and a table test', async (id) => {
    expect(existsSync(new URL(`${id}.ts`, RULES_DIR))).toBe(true);
    expect(existsSync(new URL(`${id}.test.ts`, RULES_DIR))).toBe(true);
    const mod = (await import(new URL(`${id}.ts`, RULES_DIR).href)) as Record<string, unknown>;
    expect(Object.values(mod)).toContain(TOOL_RULES[id]);
    expect(readFileSync(new URL(`${id}.test.ts`, RULES_DIR), 'utf8')).toContain(`ruleTable(`);
  });

  it('registers every rule file in the folder', () => {
    const files = readdirSync(RULES_DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'index.ts');
    expect(files.map((f) => f.replace(/\.ts$/, '')).sort()).toEqual(Object.keys(TOOL_RULES).sort());
  });

  it('documents every rule in the README "Lint rules" section with its default severity and description', () => {
    const docs = readmeSection('Lint rules');
    expect(docs).not.toBe('');
    const missing = rules.filter(([id, rule]) => !docs.includes(`| \`${id}\` | ${rule.defaultSeverity} | ${rule.description.replace(/\|/g, '\\|')} |`));
    expect(missing.map(([id]) => id)).toEqual([]);
  });
});
