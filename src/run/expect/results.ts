/** `expect.results.noErrors`: every call that ran returned without isError. */
import { quote, type ScenarioScorer } from './types.ts';

export const results: ScenarioScorer = {
  id: 'results',
  description: 'every executed call returned without isError (results.noErrors)',
  applies: (s) => s.expect.results?.noErrors === true,
  check: (view) => {
    const ran = view.calls.filter((c) => c.status === 'ran');
    const index = ran.findIndex((c) => c.isError);
    if (index < 0) return { pass: true, reason: `${ran.length} executed call(s), none returned an error` };
    const call = ran[index];
    return { pass: false, reason: `${call.tool} (turn ${call.turn}) returned an error (results.noErrors): ${quote(call.result)}` };
  },
};
