import { at, parsed, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';
import { editDistance } from '../../edit-distance.ts';

/**
 * The front-matter keys each host documents (docs/skills.md, "Front-matter keys"):
 * - the Agent Skills specification, which Codex and Cursor follow: https://agentskills.io/specification
 * - Claude Code: https://code.claude.com/docs/en/skills#frontmatter-reference
 */
export const HOST_KEYS: Readonly<Record<string, readonly string[]>> = {
  'the Agent Skills specification (Codex, Cursor, Claude Code)': ['name', 'description', 'license', 'compatibility', 'metadata', 'allowed-tools'],
  'Claude Code': [
    'when_to_use',
    'argument-hint',
    'disable-model-invocation',
    'user-invocable',
    'model',
    'effort',
    'context',
    'agent',
    'hooks',
    'paths',
    'shell',
  ],
};

export const KNOWN_SKILL_KEYS: readonly string[] = Object.values(HOST_KEYS).flat();

/** Which hosts read a key, for messages. */
export function hostsReading(key: string): string[] {
  return Object.entries(HOST_KEYS).filter(([, keys]) => keys.includes(key)).map(([host]) => host);
}

const normal = (key: string): string => key.toLowerCase().replace(/[_\s]/g, '-');

/** A known key the unknown one is probably a misspelling of (`argument_hint`, `Allowed-Tools`, `licence`). */
function nearest(key: string): string | undefined {
  const n = normal(key);
  return (
    KNOWN_SKILL_KEYS.find((k) => normal(k) === n) ??
    KNOWN_SKILL_KEYS.find((k) => normal(k).split('-').includes(n)) ??
    KNOWN_SKILL_KEYS.find((k) => n.length > 5 && editDistance(normal(k), n) <= 2)
  );
}

export const skillUnknownKey: SkillRule = {
  id: 'skill-unknown-key',
  kind: 'skill',
  defaultSeverity: 'warn',
  description: 'front matter uses only keys a host documents (the Agent Skills specification\'s, and Claude Code\'s such as disable-model-invocation, argument-hint, model)',
  spec: '2.2',
  check: (skills) =>
    perSkill(skills, (skill) =>
      !parsed(skill)
        ? []
        : Object.keys(skill.frontMatter.data)
            .filter((key) => !KNOWN_SKILL_KEYS.includes(key))
            .map((key) => {
              const near = nearest(key);
              const hint = near ? `did you mean "${near}" (read by ${hostsReading(near).join(' and ')})?` : 'put custom data under `metadata`';
              return { ...at(skill, key), message: `front-matter key "${key}" is read by no host (Claude Code, Codex, Cursor or the Agent Skills specification); ${hint}` };
            }),
    ),
};
