import { splitDescription } from '../../../models/text/clauses.ts';
import { terms } from '../../../models/text/tokenize.ts';
import { descriptionOf } from '../../../skills/skill-file.ts';
import { at, parsed, type SkillRule } from '../../../skills/skill-lint-kit.ts';
import type { RawFinding } from '../../framework.ts';

function vector(text: string): Map<string, number> {
  const v = new Map<string, number>();
  for (const term of terms(splitDescription(text).positive)) v.set(term, (v.get(term) ?? 0) + 1);
  return v;
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
  defaultSeverity: 'warn',
  description: 'no two skills have strongly overlapping descriptions (cosine similarity of stemmed terms)',
  spec: '7.8',
  check: (skills, context) => {
    const described = skills.filter((s) => parsed(s) && descriptionOf(s)).map((s) => ({ skill: s, v: vector(descriptionOf(s)) }));
    const out: RawFinding[] = [];
    for (let i = 0; i < described.length; i++) {
      for (let j = i + 1; j < described.length; j++) {
        const similarity = cosine(described[i].v, described[j].v);
        if (similarity < context.settings.overlapThreshold) continue;
        const [a, b] = [described[i].skill, described[j].skill];
        out.push({
          target: b.name,
          file: b.file,
          ...at(b, 'description'),
          message: `description overlaps "${a.name}" (similarity ${similarity.toFixed(2)}); say what sets them apart and add a "Do NOT use for" clause naming the other`,
        });
      }
    }
    return out;
  },
};
