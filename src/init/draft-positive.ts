/**
 * Positive drafts for a tool that quotes no example: its action (verb and object, tool-action.ts)
 * and its parameters (fill-arguments.ts) turned into requests a user would type, in several
 * phrasings, each with other argument values. The caller keeps the first few that pass addCase.
 */
import type { ToolDefinition } from '../types.ts';
import { applyFills, argumentFills } from './fill-arguments.ts';
import { toolAction, type ToolAction } from './tool-action.ts';

export interface Request {
  query: string;
}

// Another verb a user would write for the same job (the tool's own verb may be its name: "echo").
const OTHER_VERB: Record<string, string> = {
  get: 'show me', list: 'show me', read: 'show me', search: 'look through', find: 'look for', create: 'make', add: 'put',
  delete: 'remove', remove: 'delete', update: 'change', edit: 'change', echo: 'repeat', open: 'pull up', run: 'execute',
  execute: 'run', fetch: 'get', retrieve: 'get', write: 'save', move: 'relocate', describe: 'tell me about', query: 'look up',
  navigate: 'go', take: 'grab', capture: 'grab', close: 'shut', install: 'set up', uninstall: 'take down', upload: 'send',
};

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** One request for an action with the fills of `variant`, in phrasing `phrasing` (0-4; 4 is the near misses' own). */
export function phrase(action: ToolAction, tool: ToolDefinition, variant: number, phrasing: number): Request {
  const fills = argumentFills(tool, variant);
  const object = applyFills(action.object, fills);
  const other = OTHER_VERB[action.verb] ?? action.verb;
  const text = [
    `${capital(action.verb)} ${object}`,
    `Can you ${other} ${object}?`,
    `I need to ${action.verb} ${object}.`,
    `Please ${other} ${object}.`,
    `I'd like you to ${action.verb} ${object}.`,
  ][phrasing % 5]!.replace(/\s+/g, ' ').replace(/\s+([?.])$/, '$1');
  return { query: text };
}

/** Candidate positive requests for a tool, best first; [] when it states no action. */
export function positiveRequests(tool: ToolDefinition): Request[] {
  const action = toolAction(tool);
  if (!action) return [];
  return [0, 1, 2, 3].map((i) => phrase(action, tool, i, i));
}
