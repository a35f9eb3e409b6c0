import { splitDescription } from '../../../models/text/clauses.ts';
import { REDIRECT } from '../../../skills/description-cues.ts';
import { terms } from '../../../models/text/tokenize.ts';
import { descriptionOf, skillId } from '../../../skills/skill-file.ts';
import { at, parsed, type SkillRule } from '../../../skills/skill-lint-kit.ts';
import type { RawFinding } from '../../framework.ts';

/** Terms of what the description says the skill is for: "Do NOT use" clauses and "For X use Y" redirects removed first. */
export function overlapVector(text: string): Map<string, number> {
  const v = new Map<string, number>();
  const positive = splitDescription(text).positive.replace(REDIRECT, ' ');
  for (const term of terms(positive)) v.set(term, (v.get(term) ?? 0) + 1);
  return v;
}

/** A pair whose descriptions name each other (or one names the other) has already drawn its border. */
export function namesOther(description: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, 'i').test(description);
}

export function cosine(a: Map<string, number>, b: Map<string, number>): number {
  let dot = 0;
  for (const [term, n] of a) dot += n * (b.get(term) ?? 0);
  const norm = (v: Map<string, number>) => Math.sqrt([...v.values()].reduce((s, n) => s + n * n, 0));
  const denominator = norm(a) * norm(b);
  return denominator === 0 ? 0 : dot / denominator;
}

/** Spec 7.8: two skills whose descriptions say the same thing steal each other's requests. */
export const skillDescriptionOverlap: SkillRule = {
  id: 'skill-description-overlap',
  kind: 'skill',
  // Measured at 50% precision on public collections (docs/skills.md): a prompt to look, not a defect.
  defaultSeverity: 'info',
  description: 'no two skills that do not name each other have strongly overlapping descriptions (cosine similarity of stemmed terms, exclusions and redirects removed)',
  spec: '7.8',
  check: (skills, context) => {
    const described = skills.filter((s) => parsed(s) && descriptionOf(s)).map((s) => ({ skill: s, text: descriptionOf(s), v: overlapVector(descriptionOf(s)) }));
    const out: RawFinding[] = [];
    for (let i = 0; i < described.length; i++) {
      for (let j = i + 1; j < described.length; j++) {
        const similarity = cosine(described[i].v, described[j].v);
        if (similarity < context.settings.overlapThreshold) continue;
        const [a, b] = [described[i].skill, described[j].skill];
        if (namesOther(described[i].text, b.name) || namesOther(described[j].text, a.name)) continue;
        out.push({
          target: skillId(b),
          file: b.file,
          ...at(b, 'description'),
          message: `description overlaps "${skillId(a)}" (similarity ${similarity.toFixed(2)}); say what sets them apart and add a "Do NOT use for" clause naming the other`,
        });
      }
    }
    return out;
  },
};
