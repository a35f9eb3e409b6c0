import { at, parsed, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

/** The front-matter keys hosts read; anything else is ignored by them, often a typo. */
export const KNOWN_SKILL_KEYS: readonly string[] = ['name', 'description', 'license', 'allowed-tools', 'metadata', 'compatibility'];

export const skillUnknownKey: SkillRule = {
  id: 'skill-unknown-key',
  kind: 'skill',
  defaultSeverity: 'warn',
  description: `front matter uses only the common keys (${KNOWN_SKILL_KEYS.join(', ')})`,
  spec: '2.2',
  check: (skills) =>
    perSkill(skills, (skill) =>
      !parsed(skill)
        ? []
        : Object.keys(skill.frontMatter.data)
            .filter((key) => !KNOWN_SKILL_KEYS.includes(key))
            .map((key) => ({ ...at(skill, key), message: `unknown front-matter key "${key}"; hosts ignore it (put custom data under metadata)` })),
    ),
};
