import type { SkillRule } from '../../../skills/skill-lint-kit.ts';

/** Spec 2.1: a project skill with a user skill's name hides it; two skills with one name in one scope is a conflict. */
export const skillShadowed: SkillRule = {
  id: 'skill-shadowed',
  kind: 'skill',
  defaultSeverity: 'info',
  description: 'reports skills hidden by another of the same name (a project skill shadows a user skill)',
  spec: '2.1',
  check: (_skills, context) =>
    context.shadowed.map((s) => ({
      target: s.name,
      file: s.hidden,
      path: '$.frontMatter.name',
      message:
        s.why === 'project-shadows-user'
          ? `user skill "${s.name}" is shadowed by the project skill ${s.kept}`
          : `skill "${s.name}" is defined twice; ${s.kept} is loaded and this one is ignored`,
    })),
};
