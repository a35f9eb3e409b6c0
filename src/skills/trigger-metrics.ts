/**
 * Folding trigger cases into per-skill recall and false-trigger rate and the cross-skill confusion
 * matrices (which sibling took each query).
 */
import { bumpCell, nullRecord } from '../safety/records.ts';
import type { SkillTriggerStats, TriggerCaseResult, TriggerEvalResult } from './result-types.ts';

const bump = (matrix: Record<string, Record<string, number>>, row: string, column: string): void => bumpCell(matrix, row, column);

const ratio = (n: number, d: number): number | null => (d === 0 ? null : n / d);

export function triggerStats(cases: TriggerCaseResult[], offered: string[], threshold: number, repeat: number): TriggerEvalResult {
  const confusion = nullRecord<Record<string, number>>();
  const negativeConfusion = nullRecord<Record<string, number>>();
  for (const c of cases) for (const l of c.loads) bump(c.shouldTrigger ? confusion : negativeConfusion, c.skill, l);
  const owners = [...new Set([...offered, ...cases.map((c) => c.skill)])];
  const perSkill: SkillTriggerStats[] = owners.map((skill) => {
    const own = cases.filter((c) => c.skill === skill);
    const positives = own.filter((c) => c.shouldTrigger);
    const answered = (list: TriggerCaseResult[]) => list.flatMap((c) => c.loads.filter((l) => l !== '(error)'));
    const positiveLoads = answered(positives);
    const wrongChances = [...answered(own.filter((c) => !c.shouldTrigger)), ...answered(cases.filter((c) => c.skill !== skill && c.shouldTrigger))];
    return {
      skill,
      positives: positives.length,
      negatives: own.length - positives.length,
      recall: ratio(positiveLoads.filter((l) => l === skill).length, positiveLoads.length),
      falseTriggerRate: ratio(wrongChances.filter((l) => l === skill).length, wrongChances.length),
      casesPassed: own.filter((c) => c.state === 'passed').length,
      casesFailed: own.filter((c) => c.state === 'failed').length,
    };
  });
  return {
    threshold,
    repeat,
    offered,
    cases,
    perSkill,
    confusion,
    negativeConfusion,
    passed: cases.filter((c) => c.state === 'passed').length,
    failed: cases.filter((c) => c.state === 'failed').length,
    errored: cases.filter((c) => c.state === 'errored').length,
  };
}
