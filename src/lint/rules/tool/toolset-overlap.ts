import { descriptionSimilarities } from '../../description-similarity.ts';
import type { ToolRule } from '../../tool-rule-kit.ts';

/** Two tools whose descriptions say nearly the same thing are the pair a model confuses. */
export const toolsetOverlap: ToolRule = {
  id: 'toolset-overlap',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'no two descriptions overlap strongly (TF-IDF cosine of stemmed words >= 0.6, setting overlapThreshold)',
  spec: '10.1',
  check: (tools, { settings }) =>
    descriptionSimilarities(tools.filter((t) => typeof t.description === 'string' && t.description.trim() !== ''), settings.overlapThreshold)
      .map((p) => ({
        target: p.b,
        path: '$.description',
        message: `description overlaps "${p.a}" (similarity ${p.similarity.toFixed(2)}); say what sets them apart and add "Do NOT use for ..." clauses naming each other`,
      })),
};
