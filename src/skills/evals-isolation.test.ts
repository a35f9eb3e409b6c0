/** One broken evals.json no longer stops the others; --skill reads only the named skills' files; every problem is listed. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../cli/testing.ts';
import { createModel } from '../models/index.ts';
import { loadSkillEvals } from './evals-file.ts';
import { lintSkills } from './lint-skills.ts';
import { runSkillsEval } from './skills-eval-run.ts';
import { cleanSkill } from './testing/skill-rule-table.ts';

// Tests that run the CLI several times: minutes on a loaded 2-core machine.
const SLOW = 300_000;
const base = mkdtempSync(join(tmpdir(), 'toolvet-evals-iso-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

function collection(): string {
  const dir = mkdtempSync(join(base, 'c-'));
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  write('garden-journal/SKILL.md', cleanSkill());
  write('garden-journal/evals/evals.json', JSON.stringify([{ query: 'log that I planted tomatoes in the garden', should_trigger: true }]));
  write('recipes/SKILL.md', cleanSkill({ name: 'recipes', description: 'Cook dinner from saved recipes. Use when the user asks what to cook, e.g. "what can I cook tonight", "find a pasta recipe".' }));
  // Three cases: `grader` and `extra` are keys no dialect reads (ignored, noted by lint); `promt` is a
  // misspelling of `prompt` and a string is not a list: three problems in two cases, each listed.
  write('recipes/evals/evals.json', JSON.stringify({ skill_name: 'recipes', evals: [{ id: 1, prompt: 'p', grader: 'x' }, { id: 2, promt: 'typo' }, { id: 3, prompt: 'ok', expectations: 'one string', extra: 1 }] }));
  return dir;
}

describe('evals files are isolated per skill', () => {
  it('a broken file is reported for its skill with every problem, and the other skills still run', async () => {
    const dir = collection();
    const result = await runSkillsEval({ roots: [{ dir, scope: 'project', explicit: true }], model: createModel({ kind: 'mock' }), repeat: 1 });
    expect(result.skills!.trigger!.cases.map((c) => c.skill)).toEqual(['garden-journal']);
    const [failure] = result.skills!.evalsErrors!;
    expect(failure.skill).toBe('recipes');
    expect(failure.problems.map((g) => g.path)).toEqual(['$.evals[1]', '$.evals[2]']);
    expect(failure.problems.flatMap((g) => g.problems)).toEqual(['$.evals[1].prompt missing required key "prompt"', '$.evals[1].promt unknown key "promt"; did you mean "prompt"?', '$.evals[2].expectations must be array']);
    expect(failure.message).toMatch(/: \$\.evals\[1\]\.promt unknown key "promt"; did you mean "prompt"\? \(3 problems in 2 place\(s\), each listed\)$/);
    expect(result.verdict.status).toBe('fail');
    expect(result.verdict.reasons).toContain('evals file of skill "recipes" did not load; its cases did not run');
  });

  it('--skill runs only the named skills and never reads the others\' files', async () => {
    const dir = collection();
    const result = await runSkillsEval({ roots: [{ dir, scope: 'project', explicit: true }], model: createModel({ kind: 'mock' }), repeat: 1, only: ['garden-journal'] });
    expect(result.skills!.evalsErrors).toBeUndefined();
    expect(result.skills!.trigger!.offered.sort()).toEqual(['garden-journal', 'recipes']);
    expect(result.verdict.status).toBe('pass');
  });

  it('lint lists every problem, one finding per case', () => {
    const dir = collection();
    const { report } = lintSkills([{ dir, scope: 'project', explicit: true }]);
    const findings = report.findings.filter((f) => f.ruleId === 'skill-evals-file');
    expect(findings.map((f) => f.path)).toEqual(['$.evals[1]', '$.evals[2]']);
  });

  it('a file whose only extra keys are unread loads, and lint names each ignored key as info', async () => {
    const dir = collection();
    writeFileSync(join(dir, 'recipes/evals/evals.json'), JSON.stringify({ skill_name: 'recipes', evals: [{ id: 1, prompt: 'what can I cook tonight', grader: 'x' }, { id: 2, prompt: 'find a pasta recipe', comment: 'from a user' }] }));
    const result = await runSkillsEval({ roots: [{ dir, scope: 'project', explicit: true }], model: createModel({ kind: 'mock' }), repeat: 1 });
    expect(result.skills!.evalsErrors).toBeUndefined();
    expect(result.skills!.trigger!.cases.map((c) => c.id)).toEqual(['garden-journal/1', 'recipes/1', 'recipes/2']);
    // The eval says so too: what it did not read is never dropped silently.
    expect(result.warnings.filter((w) => w.code === 'W_SKILL_EVALS_IGNORED').map((w) => w.message)).toEqual([
      `evals file ${join(dir, 'recipes/evals/evals.json')}: 2 key(s) no evals dialect reads were ignored: "grader" at $.evals[0], "comment" at $.evals[1]`,
    ]);
    const { report } = lintSkills([{ dir, scope: 'project', explicit: true }]);
    expect(report.findings.filter((f) => f.ruleId === 'skill-evals-metadata').map((f) => [f.severity, f.file?.endsWith('recipes/evals/evals.json'), f.path, f.message])).toEqual([
      ['info', true, '$.evals[0].grader', 'case $.evals[0] has key "grader", which no evals dialect reads: ignored'],
      ['info', true, '$.evals[1].comment', 'case $.evals[1] has key "comment", which no evals dialect reads: ignored'],
    ]);
  });

  it('the CLI exits 1 (not 3), prints the problems grouped, and --skill passes', async () => {
    const dir = collection();
    const run = await runCli(['skills', 'eval', dir, '--model', 'mock', '--repeat', '1'], { timeoutMs: 240_000 });
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/evals file of skill "recipes" did not load \(E_FILE_INVALID\); its cases did not run:\n.*\n {2}\$\.evals\[1\]\n {4}\$\.evals\[1\]\.prompt missing required key "prompt"\n {4}\$\.evals\[1\]\.promt unknown key "promt"; did you mean "prompt"\?/);
    const only = await runCli(['skills', 'eval', dir, '--model', 'mock', '--repeat', '1', '--skill', 'garden-journal'], { timeoutMs: 240_000 });
    expect(only.code).toBe(0);
  }, SLOW);
});

describe('evals dialect variants found in the wild', () => {
  const file = (data: unknown): string => {
    const dir = mkdtempSync(join(base, 'f-'));
    writeFileSync(join(dir, 'evals.json'), JSON.stringify(data));
    return join(dir, 'evals.json');
  };

  it('accepts top-level category, version and description and keeps them as metadata keys', () => {
    const evals = loadSkillEvals(file({ skill_name: 'x', category: 'docs', version: '1', description: 'cases', evals: [{ id: 1, prompt: 'p', expectations: ['e'] }] }), 'x');
    expect(evals.metadataKeys).toEqual(['category', 'version', 'description']);
    expect(evals.dialect).toBe('skill-creator');
  });

  it('reads the eval_name variant as its own dialect', () => {
    const evals = loadSkillEvals(file({ skill_name: 'x', evals: [{ id: 1, eval_name: 'pinned-deps', prompt: 'audit deps', expected_output: 'A report', files: [], expectations: ['Names each risk'] }] }), 'x');
    expect(evals.dialect).toBe('skill-creator-named');
    expect(evals.cases[0]).toMatchObject({ query: 'audit deps', behaviours: ['Names each risk', 'The reply matches the expected output: A report'] });
  });
});
