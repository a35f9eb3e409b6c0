/**
 * The two case kinds where the right answer is text, not a call (BFCL's irrelevance and missing
 * parameter categories):
 * - `missingTool: true`: no listed tool can do it; the model must call none and answer in text
 *   (an empty answer says nothing, so it fails);
 * - `asksFor: [param]`: a required argument is missing from the request; the model must not call a
 *   tool (least of all with the argument invented) and its text must name each parameter, by its
 *   name or all of its words ("user_id" or "user id", case-insensitive).
 */
import type { ModelResponse, SelectionCase } from '../types.ts';
import { clipText } from '../safety/clip.ts';

export interface AbstainOutcome {
  pass: boolean;
  reason: string;
}

/** The words of a parameter name: `user_id`, `userId` and `user-id` are "user id". */
export function paramWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** True when `text` names the parameter: its literal name, or every one of its words as a word. */
export function mentions(text: string, name: string): boolean {
  const lower = text.toLowerCase();
  if (lower.includes(name.toLowerCase())) return true;
  const words = new Set(lower.split(/[^\p{L}\p{N}]+/u));
  const wanted = paramWords(name);
  return wanted.length > 0 && wanted.every((w) => words.has(w) || words.has(`${w}s`));
}

const quote = (text: string): string => JSON.stringify(clipText(text, 101));

export function scoreAbstain(c: SelectionCase, response: ModelResponse): AbstainOutcome {
  const calls = response.toolCalls;
  const text = response.text.trim();
  const asked = c.expect.asksFor ?? [];
  if (c.expect.missingTool) {
    if (calls.length) return { pass: false, reason: `no listed tool can do this (missingTool), but the model called ${calls.map((k) => k.name).join(', ')}` };
    if (!text) return { pass: false, reason: 'called no tool, but gave no answer either: a missingTool case expects the model to say it cannot do this' };
    return { pass: true, reason: `called no tool and answered in text (missingTool): ${quote(text)}` };
  }
  for (const call of calls) {
    const invented = asked.filter((p) => call.arguments && p in call.arguments);
    if (invented.length) {
      const shown = invented.map((p) => `"${p}" = ${JSON.stringify(call.arguments![p])}`).join(', ');
      return { pass: false, reason: `the model invented ${shown} in a call of ${call.name} instead of asking for it (asksFor)` };
    }
  }
  if (calls.length) return { pass: false, reason: `the model called ${calls.map((k) => k.name).join(', ')} instead of asking for ${asked.join(', ')} (asksFor)` };
  const missing = asked.filter((p) => !mentions(text, p));
  if (missing.length) return { pass: false, reason: `the answer does not ask for ${missing.join(', ')} (asksFor): ${quote(text || '(empty)')}` };
  return { pass: true, reason: `asked for ${asked.join(', ')} instead of calling a tool` };
}
