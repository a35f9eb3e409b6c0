import type { DiffCheck } from '../types.ts';

/** Spec 9.3: a changed description needs a re-test; a prompt's text guides the user and the model alike. */
export const promptDescriptionChanged: DiffCheck = {
  id: 'prompt-description-changed',
  level: 'retest',
  description: "a prompt's or a prompt argument's description changed",
  kinds: ['prompt-field'],
  check: (d) => {
    if (d.keyword !== 'description') return null;
    const what = d.param ? `the description of argument "${d.param}" of ${d.tool.replace(/^prompt:/, 'prompt "')}"` : `the description of ${d.tool.replace(/^prompt:/, 'prompt "')}"`;
    return `${what} changed; re-test whoever picks or fills it`;
  },
};
