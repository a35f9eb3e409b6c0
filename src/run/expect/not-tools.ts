/** `expect.notTools`: tools the model must not call (held-back calls count: the model asked). */
import type { ScenarioScorer } from './types.ts';

export const notTools: ScenarioScorer = {
  id: 'not-tools',
  description: 'none of the notTools was called',
  applies: (s) => (s.expect.notTools?.length ?? 0) > 0,
  check: (view) => {
    const banned = new Set(view.scenario.expect.notTools);
    const index = view.calls.findIndex((c) => banned.has(c.tool));
    if (index < 0) return { pass: true, reason: `none of ${[...banned].join(', ')} was called` };
    const call = view.calls[index];
    return { pass: false, reason: `called ${call.tool} (call ${index + 1}, ${call.status === 'held' ? 'held back' : call.status === 'ran' ? 'ran' : 'not run'}), which the scenario rules out (notTools)` };
  },
};
