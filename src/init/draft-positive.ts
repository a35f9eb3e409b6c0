/**
 * Positive drafts for a tool that quotes no example: its action (verb and object, tool-action.ts)
 * and its parameters (fill-arguments.ts) turned into requests a user would type, in several
 * phrasings, each with other argument values. The caller keeps the first few that pass addCase.
 */
import type { ToolDefinition } from '../types.ts';
import { applyFills, argumentFills } from './fill-arguments.ts';
import { words } from '../models/text/tokenize.ts';
import { firstSentence, toolAction, type ToolAction } from './tool-action.ts';

export interface Request {
  query: string;
}

// Another verb a user would write for the same job (the tool's own verb may be its name: "echo").
const OTHER_VERB: Record<string, string> = {
  get: 'show me', list: 'show me', read: 'show me', search: 'look up', find: 'look for', create: 'make', add: 'put',
  delete: 'remove', remove: 'delete', update: 'change', edit: 'change', echo: 'repeat', open: 'pull up', run: 'execute',
  execute: 'run', fetch: 'get', retrieve: 'get', write: 'save', move: 'relocate', describe: 'tell me about', query: 'look up',
  navigate: 'go', take: 'grab', capture: 'grab', close: 'shut', install: 'set up', uninstall: 'take down', upload: 'send',
};

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** One request for an action with the fills of `variant`, in phrasing `phrasing` (0-4; 4 is the near misses' own). */
export function phrase(action: ToolAction, tool: ToolDefinition, variant: number, phrasing: number): Request {
  const fills = argumentFills(tool, variant);
  const object = `${applyFills(action.object, fills)}${action.tail ? `, ${action.tail}` : ''}`;
  const other = OTHER_VERB[action.verb] ?? action.verb;
  // "look up for nodes" reads "look up nodes": a verb with its own particle drops the object's "for".
  const otherObject = other.includes(' ') ? object.replace(/^for\s+/i, '') : object;
  const text = [
    `${capital(action.verb)} ${object}`,
    `Can you ${other} ${otherObject}?`,
    `I need to ${action.verb} ${object}.`,
    `Please ${other} ${otherObject}.`,
    `I'd like you to ${action.verb} ${object}.`,
  ][phrasing % 5]!.replace(/\s+/g, ' ').replace(/\s+([?.])$/, '$1');
  return { query: text };
}

/**
 * The tool's action, told apart from a sibling whose action reads the same: "Get a detailed listing of
 * all files" twice becomes "..., including sizes" for the tool whose sentence goes on to say so.
 */
export function distinctAction(tool: ToolDefinition, tools: readonly ToolDefinition[]): ToolAction | undefined {
  const action = toolAction(tool);
  if (!action) return undefined;
  const same = (a: ToolAction | undefined): boolean => a !== undefined && a.verb === action.verb && a.object.toLowerCase() === action.object.toLowerCase();
  const twins = tools.filter((t) => t.name !== tool.name && same(toolAction(t)));
  if (twins.length === 0) return action;
  const others = new Set(twins.flatMap((t) => words(firstSentence(t.description ?? ''))));
  const clause = firstSentence(tool.description ?? '').split(/,\s*/).slice(1).find((part) => words(part).some((w) => !others.has(w)));
  return clause ? { ...action, tail: clause.trim() } : action;
}

/** Candidate positive requests for a tool, best first; [] when it states no action. */
export function positiveRequests(tool: ToolDefinition, tools: readonly ToolDefinition[] = [tool]): Request[] {
  const action = distinctAction(tool, tools);
  if (!action) return [];
  return [0, 1, 2, 3].map((i) => phrase(action, tool, i, i));
}
