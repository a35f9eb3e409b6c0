/** Always: every call names a listed tool and has arguments that are a JSON object (not cut off). */
import type { ScenarioScorer } from './types.ts';

export const wellFormed: ScenarioScorer = {
  id: 'well-formed',
  description: 'every call names a listed tool and carries a JSON object of arguments (a cut-off call fails here)',
  applies: () => true,
  check: (view) => {
    const index = view.calls.findIndex((c) => c.status === 'invalid');
    if (index < 0) return { pass: true, reason: 'every call was well-formed' };
    const call = view.calls[index];
    return { pass: false, reason: `call ${index + 1} (${call.tool}, turn ${call.turn}) could not run: ${call.why ?? 'invalid'}` };
  },
};
