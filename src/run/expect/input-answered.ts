/** Always: an input request no `answers:` entry matched fails the scenario, naming the request. */
import { describeRequest } from '../../servers/input-requests.ts';
import type { ScenarioScorer } from './types.ts';

export const inputAnswered: ScenarioScorer = {
  id: 'input-answered',
  description: 'every input request a tool made (elicitation, `input_required`) was answered by an `answers:` entry',
  applies: () => true,
  check: (view) => {
    const asked = view.calls.flatMap((c) => (c.inputs ?? []).map((input) => ({ call: c, input })));
    const unanswered = asked.filter((a) => a.input.unanswered);
    if (unanswered.length === 0) return { pass: true, reason: asked.length ? `${asked.length} input request(s), each answered` : 'no input request' };
    const { call, input } = unanswered[0];
    return { pass: false, reason: `${call.tool} asked for input and no answers: entry matched: ${describeRequest(input)}; add one, e.g. {match: "${input.fields[0] ?? '*'}", accept: {...}} (it was told cancel)` };
  },
};
