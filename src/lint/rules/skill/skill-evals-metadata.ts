import { perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

/**
 * Some collections describe an evals file with top-level `category`, `version` or `description`. They
 * change no case, so the file loads; this note says they are read by nothing (a typo of a real key
 * would look the same).
 */
export const skillEvalsMetadata: SkillRule = {
  id: 'skill-evals-metadata',
  kind: 'skill',
  defaultSeverity: 'info',
  description: 'notes descriptive top-level keys of evals.json (category, version, description): accepted, used by nothing',
  spec: '2.3',
  check: (skills) =>
    perSkill(skills, (skill) => {
      const keys = skill.evals?.loaded?.metadataKeys ?? [];
      if (keys.length === 0) return [];
      return [{ file: skill.evals!.file, path: '$', message: `evals file carries ${keys.map((k) => `"${k}"`).join(', ')}: accepted as a description of the file; no case uses it` }];
    }),
};
