/**
 * Example suite: the bundled skills (the office collection, cloned at the user level, and the
 * reference-manager project skill) with the mock model; behaviours run against the live refman server.
 * The thresholds are the assertions, so `vitest run`'s exit code is the gate.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { evalSkills, recordResult } from 'toolvet/vitest';

const fixtures = (path: string): string => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url));

describe('office skills', () => {
  it('each skill triggers on its own requests and leaves the near misses to its siblings', async ({ task }) => {
    const result = await evalSkills({ userDirs: [fixtures('skills/user')], dirs: [fixtures('skills/project')], behaviour: false });
    recordResult(task, result);
    for (const skill of ['docx', 'xlsx', 'pptx', 'pdf']) {
      expect(result).toHaveTriggerRecallAtLeast(skill, 0.9);
      expect(result).toHaveFalseTriggerRateAtMost(skill, 0.1);
    }
    // Spec 11: the word-processing skill does not preserve spreadsheet formulas; xlsx must take that request.
    expect(result.skills?.trigger?.cases.find((c) => c.id === 'docx/keep-formulas')?.stolenBy).toEqual({ xlsx: 3 });
    expect(result).toPassAllTriggerCases();
  });
});

describe('reference-manager skill', () => {
  it('drives the live refman server the way its steps say', async ({ task }) => {
    const result = await evalSkills({
      userDirs: [fixtures('skills/user')],
      dirs: [fixtures('skills/project')],
      only: ['reference-manager'],
      config: fixtures('hosts/example.json'),
      servers: ['refman'],
    });
    recordResult(task, result);
    expect(result).toHaveTriggerRecallAtLeast('reference-manager', 1);
    // The mock picks tools by wording, not by the skill's instructions; "Mentions" cases show where it falls short.
    expect(result).toHaveBehaviourPassRateAtLeast(0.6, 'reference-manager');
  });
});
