/** Always: a call held back by the safety rule fails the scenario (what it meant to test did not happen). */
import { names, type ScenarioScorer } from './types.ts';

export const heldBack: ScenarioScorer = {
  id: 'held-back',
  description: 'no call was held back (a tool that is not read-only ran only when allowed)',
  applies: () => true,
  check: (view) => {
    const held = view.calls.filter((c) => c.status === 'held');
    if (held.length === 0) return { pass: true, reason: 'no call held back' };
    return { pass: false, reason: `${held.length} call(s) held back, not executed: ${names(held)} (${held[0].why ?? 'not allowed'})` };
  },
};
