/**
 * Folding behaviour scores into a pass rate per behaviour, with and without the skill, and the
 * "does not discriminate" flag.
 */
import type { BehaviourCaseResult, BehaviourEvalResult, BehaviourScore, BehaviourStats, AgentRun } from './result-types.ts';

function rate(scores: BehaviourScore[]): number | null {
  const scored = scores.filter((s) => s.state === 'passed' || s.state === 'failed');
  return scored.length === 0 ? null : scored.filter((s) => s.state === 'passed').length / scored.length;
}

const scoresAt = (runs: AgentRun[], i: number): BehaviourScore[] => runs.map((r) => r.scores[i]).filter((s) => s !== undefined);

export function behaviourStats(
  cases: BehaviourCaseResult[],
  meta: { judge: string; maxTurns: number; repeat: number; threshold: number },
): BehaviourEvalResult {
  const behaviours: BehaviourStats[] = [];
  for (const c of cases) {
    const count = c.runs[0]?.scores.length ?? 0;
    for (let i = 0; i < count; i++) {
      const withSkill = scoresAt(c.runs, i);
      const without = scoresAt(c.baselineRuns, i);
      const first = withSkill[0];
      const passRate = rate(withSkill);
      const baselinePassRate = without.length ? rate(without) : null;
      let state: BehaviourStats['state'];
      if (withSkill.some((s) => s.state === 'errored')) state = 'errored';
      else if (passRate === null) state = 'unscored';
      else state = passRate >= meta.threshold ? 'passed' : 'failed';
      // Only a behaviour that passes with the skill can fail to discriminate: it does when it also passes without.
      const discriminates = passRate === null || baselinePassRate === null || passRate < meta.threshold ? null : baselinePassRate < meta.threshold;
      behaviours.push({
        caseId: c.id,
        skill: c.skill,
        behaviour: first.behaviour,
        judge: first.judge,
        ...(first.form ? { form: first.form } : {}),
        passRate,
        baselinePassRate,
        discriminates,
        state,
      });
    }
  }
  const count = (state: BehaviourStats['state']) => behaviours.filter((b) => b.state === state).length;
  return {
    judge: meta.judge,
    maxTurns: meta.maxTurns,
    repeat: meta.repeat,
    cases,
    behaviours,
    passed: count('passed'),
    failed: count('failed'),
    errored: count('errored'),
    unscored: count('unscored'),
    nonDiscriminating: behaviours.filter((b) => b.discriminates === false).length,
  };
}
