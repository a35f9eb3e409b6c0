import { splitDescription } from '../../../models/text/clauses.ts';
import { descriptionOf } from '../../../skills/skill-file.ts';
import { at, parsed, perSkill, type SkillRule } from '../../../skills/skill-lint-kit.ts';

// Double or typographic quotes anywhere; single quotes only at word edges, so "user's" is no quote.
// CJK corner brackets and guillemets too: 「…」, 『…』, «…».
const QUOTED = /"([^"\n]{3,})"|“([^”\n]{3,})”|‘([^’\n]{3,})’|(?:^|[\s(:,])'([^'\n]{3,}?)'(?=[\s,.;:)]|$)|「([^」\n]{2,})」|『([^』\n]{2,})』|«\s*([^»\n]{3,}?)\s*»/g;
/** A labelled list of trigger words: "Triggers: a, b, c", "Triggers on: a, b", "Keywords: a, b", "触发词：a、b". */
// "Triggers: a, b", "Triggers on: Next.js, App Router", "Trigger terms include: a, b", "TRIGGERS - a, b": the list runs to the
// end of the sentence (a `.` followed by a space or the end; `Next.js` is one item).
const LABELLED =
  /\b(?:triggers?(?:\s+(?:on|terms?|words?|phrases?|keywords?))?(?:\s+include)?|keywords|key phrases)\s*(?:[:：]|\s[-—–]\s)\s*((?:[^.\n]|\.(?=\S))+)|(?:触发词|觸發詞|关键词|關鍵詞|トリガー|キーワード)\s*[:：]\s*([^。\n]+)/gi;

/** The quoted example requests in a description's positive part. */
export function triggerPhrases(description: string): string[] {
  const { positive } = splitDescription(description);
  const quoted = [...positive.matchAll(QUOTED)].map((m) => m.slice(1).find((g) => g !== undefined)!.trim());
  const labelled = [...positive.matchAll(LABELLED)].flatMap((m) => (m[1] ?? m[2]).split(/[,、，;]|\bor\b/).map((x) => x.trim()).filter((x) => x.length >= 2));
  return [...quoted, ...labelled];
}

/** Spec 2.2: two or three quoted trigger phrases show the host the wording users actually type. */
export const skillDescriptionTriggers: SkillRule = {
  id: 'skill-description-triggers',
  kind: 'skill',
  defaultSeverity: 'warn',
  description: '`description` carries two or three trigger phrases, quoted ("edit my .docx", 「…」) or listed after "Triggers:"',
  spec: '2.2',
  check: (skills) =>
    perSkill(skills, (skill) => {
      const text = parsed(skill) ? descriptionOf(skill) : '';
      if (!text) return [];
      const found = triggerPhrases(text).length;
      return found >= 2 ? [] : [{ ...at(skill, 'description'), message: `the description quotes ${found} trigger phrase${found === 1 ? '' : 's'}; quote two or three requests a user would type` }];
    }),
};
