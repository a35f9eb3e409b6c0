import { descriptionSimilarities } from '../../description-similarity.ts';
import type { ToolRule } from '../../tool-rule-kit.ts';

/**
 * Two tools whose descriptions say they do the same thing are the pair a model confuses. Info, not a
 * warning: on real servers 8 of the 9 pairs it reports were true (docs/lint-rules.md), under the 90%
 * a warning needs; the misses are close relatives ("the reviews" / "the review comments" on a pull request).
 */
export const toolsetOverlap: ToolRule = {
  id: 'toolset-overlap',
  kind: 'tool',
  defaultSeverity: 'info',
  description: 'no two tools of one operation (get, list, create, ...) describe the same thing (TF-IDF cosine of their rarer words >= 0.6, setting overlapThreshold)',
  spec: '10.1',
  check: (tools, { settings }) =>
    descriptionSimilarities(tools.filter((t) => typeof t.description === 'string' && t.description.trim() !== ''), settings.overlapThreshold)
      .map((p) => ({
        target: p.b,
        path: '$.description',
        message: `description says what "${p.a}" says it does (similarity ${p.similarity.toFixed(2)}); say what sets them apart and add "Do NOT use for ..." clauses naming each other`,
      })),
};
