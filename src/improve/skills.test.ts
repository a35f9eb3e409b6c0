/**
 * `toolvet improve --skills DIR --skill NAME` end to end through the built CLI on a temp copy of
 * fixtures/skills-improve (the mock model, the trigger evals as cases, SKILL.md rewritten in place),
 * and the SKILL.md edit as a table.
 */
import { cpSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import matter from 'gray-matter';
import { describe, expect, it } from 'vitest';
import { fixture, runCli } from '../cli/testing.ts';
import type { ToolvetResult } from '../report/model.ts';
import { resultSchemaErrors } from '../report/result-schema.ts';
import type { ImproveResult } from './improve.ts';
import { createMockModel } from '../models/mock.ts';
import { startMockServer } from '../models/mock-server.ts';
import { improveSkill, withDescription } from './skills.ts';
import { tempDir } from '../testing/temp-dir.ts';

const FOLDED = ['---', 'name: demo', 'description: >-', '  Old words', '  over two lines.', 'license: MIT', 'allowed-tools: a b', '---', '', '# Demo', 'Body: stays.', ''].join('\n');

describe('withDescription', () => {
  it.each([
    ['a folded block stays folded, wrapped', FOLDED, `New words ${'x '.repeat(60)}end.`, /^description: >-\n {2}New words x x/m],
    ['a plain line becomes a JSON string', FOLDED.replace('description: >-\n  Old words\n  over two lines.', 'description: Old words.'), 'He said "hi": yes.', /^description: "He said \\"hi\\": yes\."$/m],
    ['a quoted line with a colon', FOLDED.replace('description: >-\n  Old words\n  over two lines.', "description: 'Old: words'"), 'New: words', /^description: "New: words"$/m],
  ])('%s', (_, text, description, line) => {
    const out = withDescription(text, description);
    expect(out).toMatch(line);
    const before = matter(text, {});
    const after = matter(out, {});
    expect(after.data.description).toBe(description);
    expect({ ...after.data, description: '' }).toEqual({ ...before.data, description: '' });
    expect(out.slice(out.indexOf('license: MIT'))).toBe(text.slice(text.indexOf('license: MIT')));
  });

  it('refuses a SKILL.md without a description to replace, naming the file', () => {
    expect(() => withDescription('---\nname: demo\n---\nBody\n', 'New.', '/x/SKILL.md')).toThrow(/\/x\/SKILL\.md: no `description` in the front matter/);
  });
});

describe('toolvet improve --skills (CLI)', () => {
  it('improves the weakest skill from its trigger evals, proved on held-out evals, lint-clean, and --write rewrites only its description', async () => {
    const dir = tempDir('toolvet-improve-skills-');
    cpSync(fixture('skills-improve'), join(dir, 'skills'), { recursive: true });
    const file = join(dir, 'skills', 'expense-reports', 'SKILL.md');
    const original = readFileSync(file, 'utf8');
    const run = await runCli(['improve', '--skills', join(dir, 'skills'), '--skill', 'expense-reports', '--write', '--json', join(dir, 'improve.json')], { timeoutMs: 300_000 });
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const saved = JSON.parse(readFileSync(join(dir, 'improve.json'), 'utf8')) as ToolvetResult;
    expect(resultSchemaErrors(saved)).toEqual([]);
    const result = saved.improve as ImproveResult;
    expect(result.split.heldOut.filter((id) => id.startsWith('expense-reports/')).length).toBeGreaterThan(0);
    expect(result.steps.length).toBeGreaterThan(0);
    for (const step of result.steps) {
      expect(step.tool).toBe('expense-reports');
      expect(step.heldOut.interval.low).toBeGreaterThan(0);
      expect(step.heldOut.ownRegressed).toEqual([]);
      expect(step.changes.map((c) => c.tool)).toEqual(['expense-reports']);
    }
    expect(result.steps[0].toolHeldOut.better).toBeGreaterThan(0);
    expect(result.steps[0].toolHeldOut.worse).toBe(0);
    expect(run.stdout).toMatch(/expense-reports's own held-out cases: \+\d+\.\d points, Newcombe 95% [-+]\d+\.\d points to \+\d+\.\d points over \d+ held-out queries, each counted once; none went from pass to fail/);

    // SKILL.md: the new description, every other front matter key and the body as they were.
    const written = readFileSync(file, 'utf8');
    const [before, after] = [matter(original, {}), matter(written, {})];
    expect(after.data.description).toBe(result.steps.at(-1)!.changes[0].new);
    expect({ ...after.data, description: '' }).toEqual({ ...before.data, description: '' });
    expect(after.content).toBe(before.content);
    expect(run.stdout).toContain(`wrote the confirmed description of expense-reports to ${file}`);
    // The other skills' files are untouched, and the skill lint finds no error in the rewritten folder.
    expect(readFileSync(join(dir, 'skills', 'invoice-drafting', 'SKILL.md'), 'utf8')).toBe(readFileSync(fixture('skills-improve/invoice-drafting/SKILL.md'), 'utf8'));
    const lint = await runCli(['skills', 'lint', join(dir, 'skills')]);
    expect(lint.code, lint.stdout).toBe(0);
    expect(lint.stdout).toMatch(/^0 error\(s\)/m);
  });

  it('--base-url toolvet mock-server: the model-written rewording of the skill goes through the same checks', async () => {
    const server = await startMockServer({ port: 0, driver: createMockModel() });
    try {
      const dir = tempDir('toolvet-improve-skills-');
      const run = await runCli(['improve', '--skills', fixture('skills-improve'), '--skill', 'expense-reports', '--iterations', '1', '--base-url', server.url, '--model-name', 'toolvet-mock', '--json', join(dir, 'improve.json')], { timeoutMs: 300_000 });
      expect(run.code, run.stderr).toBe(0);
      const result = (JSON.parse(readFileSync(join(dir, 'improve.json'), 'utf8')) as ToolvetResult).improve as ImproveResult;
      const model = [...result.steps, ...result.refused].find((c) => c.candidate === 'model');
      expect(model?.summary).toMatch(/^rewritten by openai:toolvet-mock/);
    } finally {
      await server.close();
    }
  });

  it('drops a candidate the skill lint finds an error in, before any eval (library)', async () => {
    const run = await improveSkill({
      roots: [{ dir: fixture('skills-improve'), scope: 'project', explicit: true }],
      skill: 'expense-reports',
      model: createMockModel(),
      iterations: 1,
      extraCandidates: (list, target) => [{ id: 'blank', summary: 'an empty description', tools: list.map((t) => (t.name === target ? { ...t, description: '' } : t)) }],
    });
    expect(run.result.refused.find((r) => r.candidate === 'blank')?.reason).toMatch(/^lint error: skill-description-present: /);
    expect(run.files['expense-reports']).toBe(fixture('skills-improve/expense-reports/SKILL.md'));
  });

  it('names the usage errors: an unknown skill, and tool flags mixed in', async () => {
    const unknown = await runCli(['improve', '--skills', fixture('skills-improve'), '--skill', 'nope']);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toContain('--skill nope: no usable skill of that name');
    expect(unknown.stderr).toContain('expense-reports');
    const mixed = await runCli(['improve', '--skills', fixture('skills-improve'), '--skill', 'expense-reports', '--queries', fixture('queries/refman.yaml')]);
    expect(mixed.code).toBe(3);
    expect(mixed.stderr).toContain('--queries is for tools');
  });
});
