import type { SkillRule } from '../../../skills/skill-lint-kit.ts';

/** Spec 2.1: a host loads only folders holding SKILL.md; a folder that looks like a skill without one is silently ignored. */
export const skillMissingFile: SkillRule = {
  id: 'skill-missing-file',
  kind: 'skill',
  // Measured on published collections (docs/skills.md): the folders it finds there are almost always
  // deliberate (a site's scripts/, a _lib, a skill-creator workspace, a build-time flavour override),
  // 0 of 9 true over two sessions; in a user's own skills folder it still names a half-made skill.
  defaultSeverity: 'info',
  description: 'no folder looks like a skill (evals/, scripts/, references/, skill.md) without a SKILL.md',
  spec: '2.1',
  check: (_skills, context) => context.missing.map((m) => ({ file: m.folder, path: '$', message: `${m.folder} ${m.reason}; hosts will not load it` })),
};
