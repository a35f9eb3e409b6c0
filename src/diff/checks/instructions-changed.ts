import type { DiffCheck } from '../types.ts';

/** Hosts put the server's instructions into the model's context, so a change moves behaviour like a description change (spec 9.3). */
export const instructionsChanged: DiffCheck = {
  id: 'instructions-changed',
  level: 'retest',
  description: "the server's instructions changed (hosts give them to the model)",
  kinds: ['instructions-changed'],
  check: (d) => (d.before === undefined ? 'the server now gives instructions to the model' : d.after === undefined ? 'the server no longer gives instructions' : "the server's instructions to the model changed; re-test tool selection"),
};
