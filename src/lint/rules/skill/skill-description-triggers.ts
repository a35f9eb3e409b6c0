import { splitDescription } from '../../../models/text/clauses.ts';
import { descriptionOf } from '../../../skills/skill-file.ts';
import { at, parsed, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

// Double or typographic quotes anywhere; single quotes only at word edges, so "user's" is no quote.
const QUOTED = /"([^"\n]{3,})"|“([^”\n]{3,})”|‘([^’\n]{3,})’|(?:^|[\s(:,])'([^'\n]{3,}?)'(?=[\s,.;:)]|$)/g;

/** The quoted example requests in a description's positive part. */
export function triggerPhrases(description: string): string[] {
  const { positive } = splitDescription(description);
  return [...positive.matchAll(QUOTED)].map((m) => (m[1] ?? m[2] ?? m[3] ?? m[4]).trim());
}

/** Spec 2.2: two or three quoted trigger phrases show the host the wording users actually type. */
export const skillDescriptionTriggers: SkillRule = {
  id: 'skill-description-triggers',
  kind: 'skill',
  defaultSeverity: 'warn',
  description: '`description` carries two or three quoted trigger phrases, e.g. "edit my .docx"',
  spec: '2.2',
  check: (skills) =>
    perSkill(skills, (skill) => {
      const text = parsed(skill) ? descriptionOf(skill) : '';
      if (!text) return [];
      const found = triggerPhrases(text).length;
      return found >= 2 ? [] : [{ ...at(skill, 'description'), message: `the description quotes ${found} trigger phrase${found === 1 ? '' : 's'}; quote two or three requests a user would type` }];
    }),
};
