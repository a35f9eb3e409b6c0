import { describe, expect, it } from 'vitest';
import * as toolvet from './index.ts';

describe('public surface', () => {
  it('exports exactly the pinned names (change this list only on purpose)', () => {
    expect(Object.keys(toolvet).sort()).toEqual(
      [
        'CHECKS', 'DEFAULT_LIST_LIMITS', 'DEFAULT_SERVER_TIMEOUTS', 'EXIT', 'FORMATS', 'PROFILES', 'REPORTERS', 'RESULT_SCHEMA_VERSION', 'SKILL_RULES', 'SNAPSHOT_FORMAT', 'ServerConnection',
        'ServerPool', 'TOOL_RULES', 'ToolvetError', 'applyBaseline', 'checkArguments', 'checkStructuredResult', 'classifyDeltas', 'compareRuns',
        'createMockModel', 'createModel', 'createOpenAIModel', 'createSnapshot', 'diffSides', 'diffTools', 'discoverSkills',
        'fetchMcpSkills', 'formatError', 'gateDiff', 'hostRoots', 'improveDescriptions', 'improveSkill', 'matchCalls', 'normaliseString', 'planAb', 'runSequentialAb', 'isRemote', 'lintSkills', 'lintToolSets', 'lintTools', 'loadBaseline', 'loadHostConfig',
        'loadQuerySet', 'loadSkillEvals', 'loadToolFile', 'matchArguments', 'mcnemarExactP', 'mergeResults',
        'newcombePairedInterval', 'rankTools', 'recordingModel', 'replayModel', 'reporterFor', 'runAb', 'runAgentLoop',
        'runBehaviourEval', 'runDiff', 'runDoctor', 'runEval', 'runLint', 'runProbe', 'runScenarios', 'runSelection', 'runServerBench',
        'runSkillsEval', 'runTriggerEval', 'scoreAttempt', 'selectServers', 'serializeSnapshot', 'startMockServer',
        'summarise', 'toErrorInfo', 'validateResult', 'wilsonInterval', 'writeSnapshots',
        'FAILED_CASES_KEPT', 'runEvalStreamed', 'streamSelection', 'writeResultJson',
      ].sort(),
    );
  });

  it('resolves through the package name, as users import it: the built entry (dist/index.js) exports the same names', async () => {
    const viaPackage = await import('toolvet');
    expect(Object.keys(viaPackage).sort()).toEqual(Object.keys(toolvet).sort());
    expect(typeof viaPackage.runEval).toBe('function');
  });
});
