import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import { loadSkillEvals } from './evals-file.ts';

const dir = mkdtempSync(join(tmpdir(), 'toolvet-evals-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
function file(data: unknown): string {
  const path = join(dir, `evals-${n++}.json`);
  writeFileSync(path, typeof data === 'string' ? data : JSON.stringify(data));
  return path;
}

function fails(data: unknown): ToolvetError {
  const path = file(data);
  try {
    loadSkillEvals(path, 'docx');
  } catch (error) {
    expect(error).toBeInstanceOf(ToolvetError);
    expect((error as ToolvetError).file).toBe(path);
    return error as ToolvetError;
  }
  throw new Error('expected an error');
}

describe('loadSkillEvals maps every dialect onto one case type', () => {
  it.each([
    ['spec', { evals: [{ input: 'edit my doc', expected_behavior: ['Calls x'] }, { input: 'sum cells', should_trigger: false }] }],
    ['skill-creator', { skill_name: 'docx', evals: [{ id: 1, prompt: 'edit my doc', expected_output: 'a doc', files: ['evals/a.docx'], expectations: ['Calls x'] }, { id: 2, prompt: 'sum cells', should_trigger: false }] }],
    ['assertions', { evals: [{ id: 'a', prompt: 'edit my doc', assertions: [{ text: 'Calls x', passed: null, evidence: '' }] }, { id: 'b', query: 'sum cells', should_trigger: false, assertions: [] }] }],
    ['best-practices', [{ skills: ['docx'], query: 'edit my doc', expected_behavior: ['Calls x'] }, { query: 'sum cells', should_trigger: false, expected_behavior: [] }]],
    ['trigger-set', [{ query: 'edit my doc', should_trigger: true }, { query: 'sum cells', should_trigger: false }]],
  ])('%s', (dialect, data) => {
    const evals = loadSkillEvals(file(data), 'docx');
    expect(evals.dialect).toBe(dialect);
    expect(evals.cases.map((c) => [c.query, c.shouldTrigger, c.skill])).toEqual([
      ['edit my doc', true, 'docx'],
      ['sum cells', false, 'docx'],
    ]);
    if (dialect !== 'trigger-set') expect(evals.cases[0].behaviours[0]).toBe('Calls x');
    expect(evals.cases[0].id).toMatch(/^docx\//);
  });

  it('turns expected_output into a behaviour only a judge can score', () => {
    const evals = loadSkillEvals(file({ skill_name: 'docx', evals: [{ id: 1, prompt: 'p', expected_output: 'A letter' }] }), 'docx');
    expect(evals.cases[0].behaviours).toEqual(['The reply matches the expected output: A letter']);
    expect(evals.skillName).toBe('docx');
  });

  it('one object in the best-practices shape is one case', () => {
    expect(loadSkillEvals(file({ query: 'q', expected_behavior: ['b'] }), 'docx').cases).toHaveLength(1);
  });
});

describe('loadSkillEvals errors name the file and the JSON path', () => {
  it('an unknown key that misspells a known one stays an error, with "did you mean"', () => {
    const error = fails({ evals: [{ input: 'x', expected_behaviour: [] }] });
    expect(error.code).toBe('E_FILE_INVALID');
    expect(error.path).toBe('$.evals[0].expected_behaviour');
    expect(error.message).toMatch(/unknown key "expected_behaviour"; did you mean "expected_behavior"\?$/);
  });
  it('a wrong type deep inside', () => {
    expect(fails({ skill_name: 'docx', evals: [{ prompt: 'p', expectations: ['ok', 3] }] }).path).toBe('$.evals[0].expectations[1]');
  });
  it('a trigger set entry without should_trigger', () => {
    expect(fails([{ query: 'q' }]).path).toBe('$[0].should_trigger');
  });
  it('no known dialect', () => {
    expect(fails({ tests: [] }).message).toMatch(/no known evals.json dialect/);
  });
  it('both prompt and input in an assertions case', () => {
    expect(fails({ evals: [{ prompt: 'a', input: 'b', assertions: [] }] }).code).toBe('E_FILE_INVALID');
  });
  it('a repeated id', () => {
    expect(fails({ skill_name: 'docx', evals: [{ id: 1, prompt: 'a' }, { id: 1, prompt: 'b' }] }).message).toMatch(/repeats id "1"/);
  });
  it('bad JSON, with its line', () => {
    const error = fails('{\n  "evals": [\n    {"input": "x",}\n  ]\n}');
    expect(error.code).toBe('E_FILE_PARSE');
    expect(error.message).toMatch(/line 3/);
  });
});

describe('extra keys in evals files', () => {
  // Decision (issue 26): a key a few edits from a known key is a likely misspelling and an error with
  // "did you mean"; any other extra key is ignored, named in `ignoredKeys` (lint notes it as info).
  const rows: Array<[string, unknown, string | undefined, Array<{ path: string; key: string }>]> = [
    ['comment on each trigger-set case', [{ query: 'q', should_trigger: true, comment: 'c' }, { query: 'r', should_trigger: false, comment: 'd' }], undefined, [{ path: '$[0]', key: 'comment' }, { path: '$[1]', key: 'comment' }]],
    ['notes at the top of a skill-creator file', { skill_name: 'docx', notes: 'n', evals: [{ prompt: 'p' }] }, undefined, [{ path: '$', key: 'notes' }]],
    ['grader on a case', { skill_name: 'docx', evals: [{ prompt: 'p', grader: 'x' }] }, undefined, [{ path: '$.evals[0]', key: 'grader' }]],
    ['a single best-practices case with tags', { query: 'q', expected_behavior: ['b'], tags: ['t'] }, undefined, [{ path: '$', key: 'tags' }]],
    ['promt for prompt', { skill_name: 'docx', evals: [{ promt: 'p' }] }, 'prompt', []],
    ['should_triger for should_trigger', [{ query: 'q', should_triger: true }], 'should_trigger', []],
    ['expected for expected_behavior (a prefix)', { evals: [{ input: 'x', expected: ['b'] }] }, 'expected_behavior', []],
    ['Query in the wrong case', [{ Query: 'q', should_trigger: true }], 'query', []],
    ['eval for evals at the top', { eval: [{ input: 'x' }], evals: [{ input: 'y' }] }, 'evals', []],
  ];
  for (const [name, data, meant, ignored] of rows) {
    it(name, () => {
      if (meant) {
        const error = fails(data);
        expect(error.code).toBe('E_FILE_INVALID');
        expect(error.message).toContain(`did you mean "${meant}"?`);
      } else {
        expect(loadSkillEvals(file(data), 'docx').ignoredKeys).toEqual(ignored);
      }
    });
  }
});
