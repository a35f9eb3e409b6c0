/** The fixture collections: the bundled skills lint clean; the broken set fires every registered skill rule. */
import { describe, expect, it } from 'vitest';
import { SKILL_RULES } from '../lint/rules/skill/index.ts';
import { lintSkills } from './lint-skills.ts';

describe('skill lint over the fixtures', () => {
  it('the office collection and the reference-manager skill are clean, at every severity', () => {
    const { discovery, report } = lintSkills([
      { dir: 'fixtures/skills/user', scope: 'user', explicit: true },
      { dir: 'fixtures/skills/project', scope: 'project', explicit: true },
    ]);
    expect(discovery.skills.map((s) => s.name).sort()).toEqual(['docx', 'pdf', 'pptx', 'reference-manager', 'xlsx']);
    expect(report.findings).toEqual([]);
  });

  it('the broken set fires every registered rule', () => {
    const { report } = lintSkills([
      { dir: 'fixtures/skills-broken/user', scope: 'user', explicit: true },
      { dir: 'fixtures/skills-broken/project', scope: 'project', explicit: true },
    ]);
    const fired = new Set(report.findings.map((f) => f.ruleId));
    expect(Object.keys(SKILL_RULES).filter((id) => !fired.has(id))).toEqual([]);
    expect(report.rules.map((r) => r.id)).toEqual(Object.keys(SKILL_RULES));
    // Findings about a file carry the file, and YAML errors their line.
    const yaml = report.findings.find((f) => f.ruleId === 'skill-front-matter' && f.target === 'bad-yaml');
    expect(yaml).toMatchObject({ line: 4, severity: 'error' }); // js-yaml detects the unclosed list on the next line
    expect(yaml?.file).toMatch(/bad-yaml\/SKILL\.md$/);
  });
});

