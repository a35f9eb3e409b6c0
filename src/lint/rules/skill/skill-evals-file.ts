import { skillId } from '../../../skills/skill-file.ts';
import { perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

/** Spec 2.3: evals/evals.json must load (any known dialect) for the skill to be evaluated at all. */
export const skillEvalsFile: SkillRule = {
  id: 'skill-evals-file',
  kind: 'skill',
  defaultSeverity: 'error',
  description: 'evals/evals.json, when present, is valid in one known dialect and names this skill',
  spec: '2.3',
  check: (skills) =>
    perSkill(skills, (skill) => {
      const evals = skill.evals;
      if (!evals) return [];
      // Every problem, one finding per case, so the file is fixed in one pass.
      if (evals.error && evals.problems && evals.problems.length > 1) {
        return evals.problems.map((g) => ({ file: evals.file, path: g.path, message: `evals file does not validate at ${g.path}: ${g.problems.join('; ')}` }));
      }
      if (evals.error) return [{ file: evals.file, path: evals.error.path ?? '$', message: evals.error.message }];
      const stated = evals.loaded?.skillName;
      if (stated !== undefined && stated !== skill.name && stated !== skillId(skill)) {
        return [{ file: evals.file, path: '$.skill_name', message: `skill_name "${stated}" is not this skill ("${skillId(skill)}")` }];
      }
      return [];
    }),
};
