/** Always: the model ended with a text answer before maxTurns. */
import type { ScenarioScorer } from './types.ts';

export const turnLimit: ScenarioScorer = {
  id: 'turn-limit',
  description: 'the model gave a final text answer within maxTurns',
  applies: () => true,
  check: (view) => {
    if (view.stop === 'answer') return { pass: true, reason: `answered in turn ${view.turns.length}` };
    const last = view.calls[view.calls.length - 1];
    return {
      pass: false,
      reason: `no final answer after ${view.turns.length} turns (maxTurns ${view.scenario.maxTurns})${last ? `; the last call was ${last.tool}` : ''}`,
    };
  },
};
