/** `expect.answer`: the final assistant text contains, matches and leaves out the given words. */
import { textProblem } from './text-checks.ts';
import { quote, type ScenarioScorer } from './types.ts';

export const answer: ScenarioScorer = {
  id: 'answer',
  description: 'the final answer contains every `contains`, matches `matches` and has none of `notContains` (case-insensitive)',
  applies: (s) => s.expect.answer !== undefined,
  check: (view) => {
    const problem = textProblem(view.finalAnswer, view.scenario.expect.answer!);
    if (!problem) return { pass: true, reason: 'the final answer has what was expected' };
    return { pass: false, reason: `the final answer ${problem}: ${quote(view.finalAnswer)}` };
  },
};
