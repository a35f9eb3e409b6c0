/**
 * fixtures/skills-wild/lint-classes reproduces, in skills of our own, each class of false finding the
 * skill rules had on public collections (routes, slash commands, system paths, regexes, placeholders,
 * `## Step N` and fenced steps, Red flags / NEVER / excuse tables, "Use for", "Triggers:", "For X use Y",
 * Claude Code keys, descriptions in Chinese and Japanese), and the CJK skills carry trigger sets.
 */
import { describe, expect, it } from 'vitest';
import { createModel } from '../models/index.ts';
import { lintSkills } from './lint-skills.ts';
import { runSkillsEval } from './skills-eval-run.ts';

const root = { dir: 'fixtures/skills-wild/lint-classes', scope: 'project' as const, explicit: true };

describe('skills in the shapes of public collections', () => {
  it('lint finds nothing but their size', () => {
    const { discovery, report } = lintSkills([root]);
    expect(discovery.skills.map((s) => s.name).sort()).toEqual(['api-notes', 'garden-journal-zh', 'recipes-ja', 'review-loop']);
    expect(report.findings.filter((f) => f.ruleId !== 'skill-size')).toEqual([]);
  });

  it('Chinese and Japanese trigger queries load the skill described in the same language (mock model)', async () => {
    const result = await runSkillsEval({ roots: [root], model: createModel({ kind: 'mock' }), repeat: 1, behaviour: false });
    const cases = result.skills!.trigger!.cases;
    expect(cases).toHaveLength(6);
    expect(cases.filter((c) => c.state !== 'passed').map((c) => `${c.query} -> ${c.loads.join(',')}`)).toEqual([]);
    expect(result.verdict.status).toBe('pass');
  });
});
