import { describe, expect, it } from 'vitest';
import { createMockModel } from '../models/mock.ts';
import { createOpenAIModel } from '../models/openai.ts';
import { startFaultEndpoint } from '../models/testing/fault-endpoint.ts';
import { serverError } from '../models/testing/replies.ts';
import { discoverSkills } from './discover.ts';
import { loadSkillEvals, type SkillEvalCase } from './evals-file.ts';
import { evalsFileOf } from './lint-skills.ts';
import { descriptionOf } from './skill-file.ts';
import { foldTriggerCase, runTriggerEval } from './trigger-eval.ts';
import { loadedSkill, loadSkillTool } from './trigger-host.ts';

const discovery = discoverSkills([
  { dir: 'fixtures/skills/user', scope: 'user', explicit: true },
  { dir: 'fixtures/skills/project', scope: 'project', explicit: true },
]);
const offered = discovery.skills.map((s) => ({ name: s.name, description: descriptionOf(s) }));
const cases = discovery.skills.flatMap((s) => loadSkillEvals(evalsFileOf(s), s.name).cases);

describe('trigger eval over the office collection and the reference manager, mock model', () => {
  it('reports recall, false triggers and a cross-skill confusion matrix', async () => {
    const result = await runTriggerEval({ skills: offered, cases, model: createMockModel() });
    expect(result.repeat).toBe(3);
    expect(result.threshold).toBe(0.5);
    expect(Object.keys(result.confusion).sort()).toEqual(['docx', 'pdf', 'pptx', 'reference-manager', 'xlsx']);
    // Every positive of docx (4 cases x 3 attempts) loaded docx.
    expect(result.confusion.docx).toEqual({ docx: 12 });
    // The spec's own near miss: the word-processing skill does not keep formulas; xlsx takes the query.
    const formulas = result.cases.find((c) => c.id === 'docx/keep-formulas')!;
    expect(formulas).toMatchObject({ shouldTrigger: false, state: 'passed', triggerRate: 0, stolenBy: { xlsx: 3 } });
    expect(result.negativeConfusion.docx.xlsx).toBe(3);
    for (const s of result.perSkill) expect(s.recall).toBe(1);
    expect(result.failed).toBe(0);
  });

  it('shows which sibling steals queries when one description is too broad', async () => {
    // Too broad (spec 7.8): it lists every kind of file and edit, with no "Do NOT use for" clause.
    const greedy = {
      name: 'office-helper',
      description: 'Edit documents, spreadsheets, slides and more: headings, spelling, totals columns, rows, outlines, sections, titles, meetings. Use when the user wants a document, spreadsheet or slides edited, e.g. "fix my document", "edit my spreadsheet".',
    };
    const result = await runTriggerEval({ skills: [...offered, greedy], cases, model: createMockModel(), repeat: 1 });
    const stolen = result.cases.filter((c) => c.stolenBy['office-helper']);
    expect(stolen.length).toBeGreaterThan(0);
    expect(result.failed).toBeGreaterThan(0);
    const helper = result.perSkill.find((s) => s.skill === 'office-helper')!;
    expect(helper.falseTriggerRate).toBeGreaterThan(0);
    expect(helper.recall).toBeNull();
    const victim = stolen.find((c) => c.shouldTrigger)!;
    expect(victim.state).toBe('failed');
    expect(result.confusion[victim.skill]['office-helper']).toBeGreaterThan(0);
  });

  it('keeps a failing endpoint as errored cases, over real HTTP', async () => {
    const endpoint = await startFaultEndpoint(() => serverError('boom'));
    try {
      const model = createOpenAIModel({ baseUrl: endpoint.url, modelName: 'fault-model', maxRetries: 0 });
      const result = await runTriggerEval({ skills: offered, cases: cases.slice(0, 2), model, repeat: 2 });
      expect(result.errored).toBe(2);
      expect(result.cases[0].loads).toEqual(['(error)', '(error)']);
      expect(result.cases[0].errors[0].code).toBe('E_MODEL_HTTP');
      // The endpoint saw the simulated host: one load_skill tool with a oneOf over every skill.
      const body = endpoint.requests.find((r) => r.method === 'POST')!.body as { tools: Array<{ function: { name: string; parameters: { properties: { skill: { oneOf: unknown[] } } } } }> };
      expect(body.tools[0].function.name).toBe('load_skill');
      expect(body.tools[0].function.parameters.properties.skill.oneOf).toHaveLength(offered.length);
    } finally {
      await endpoint.close();
    }
  });
});

describe('trigger case folding', () => {
  const positive: SkillEvalCase = { id: 'docx/1', skill: 'docx', query: 'q', shouldTrigger: true, behaviours: [], dialect: 'spec', path: '$.evals[0]' };
  const negative: SkillEvalCase = { ...positive, id: 'docx/2', shouldTrigger: false };
  it.each([
    [positive, ['docx', 'docx', 'xlsx'], 'passed'],
    [positive, ['docx', '(none)', 'xlsx'], 'failed'],
    [negative, ['docx', '(none)', 'xlsx'], 'passed'],
    [negative, ['docx', 'docx', '(none)'], 'failed'],
  ] as const)('%#: %s over %j is %s at 0.5', (c, loads, state) => {
    expect(foldTriggerCase(c, [...loads], [], 0.5).state).toBe(state);
  });
  it('names the sibling that took a positive', () => {
    expect(foldTriggerCase(positive, ['xlsx', 'xlsx', 'docx'], [], 0.5).reason).toMatch(/loaded instead: xlsx x2/);
  });
  it('reads load_skill calls strictly', () => {
    const names = new Set(['docx']);
    const call = (name: string, args: Record<string, unknown>) => ({ id: '1', name, rawArguments: JSON.stringify(args), arguments: args });
    expect(loadedSkill([call('load_skill', { skill: 'docx' })], names)).toBe('docx');
    expect(loadedSkill([call('load_skill', { skill: 'nope' })], names)).toBe('(invalid)');
    expect(loadedSkill([call('other', {})], names)).toBe('(invalid)');
    expect(loadedSkill([], names)).toBe('(none)');
    expect(loadSkillTool([{ name: 'docx', description: 'd' }]).inputSchema).toMatchObject({ required: ['skill'] });
  });
});
