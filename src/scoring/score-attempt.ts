/**
 * The selection scorer: one model answer against one case. Pass on the tool chosen; when the case
 * gives `args`, the arguments must also match and validate against the tool's inputSchema.
 * Unparsable or truncated arguments fail the case whatever it expects: the call could not be made.
 */
import type { ArgCheck, Attempt, ModelResponse, SelectionCase, ToolDefinition } from '../types.ts';
import { matchArguments } from './args-match.ts';
import { checkArguments } from './schema-check.ts';

export function expectedTools(c: SelectionCase): string[] {
  const tool = c.expect.tool;
  return tool === null ? [] : Array.isArray(tool) ? tool : [tool];
}

export function scoreAttempt(
  c: SelectionCase,
  response: ModelResponse,
  tools: ReadonlyMap<string, ToolDefinition>,
  latencyMs: number,
): Attempt {
  const base = { latencyMs, finishReason: response.finishReason, ...(response.usage ? { usage: response.usage } : {}) };
  const expected = expectedTools(c);
  const call = response.toolCalls[0];
  if (!call) {
    if (expected.length === 0) return { ...base, state: 'passed', chosen: null, reason: 'answered without a tool, as expected' };
    const why = response.finishReason === 'length' ? ' (the answer was cut off: finish_reason length)' : '';
    return { ...base, state: 'failed', chosen: null, reason: `expected ${listOf(expected)}, the model called no tool${why}` };
  }
  const more = response.toolCalls.length > 1 ? ` (and ${response.toolCalls.length - 1} more calls, not scored)` : '';
  // A wrong choice whose arguments were also cut off says both: the cut is often why the call is useless.
  const extra = `${more}${!call.arguments && response.finishReason === 'length' ? '; its arguments were cut off (finish_reason length)' : ''}`;
  const chosen = call.name;
  const attempt: Attempt = { ...base, state: 'failed', chosen, rawArguments: call.rawArguments, reason: '' };
  if (call.arguments) attempt.arguments = call.arguments;
  const tool = tools.get(chosen);
  if (!tool) {
    attempt.reason = `the model called "${chosen}", a tool nobody lists (hallucinated name)${extra}`;
    return attempt;
  }
  attempt.argCheck = checkCall(c, call.arguments, tool);
  if (expected.length === 0) {
    attempt.reason = `expected no tool, the model called ${chosen}${extra}`;
    return attempt;
  }
  if (c.expect.notTools?.includes(chosen)) {
    attempt.reason = `the model called ${chosen}, which this case rules out${extra}`;
    return attempt;
  }
  if (!expected.includes(chosen)) {
    attempt.reason = `expected ${listOf(expected)}, the model called ${chosen}${extra}`;
    return attempt;
  }
  if (!call.arguments) {
    const cut = response.finishReason === 'length' ? 'were cut off (finish_reason length)' : 'are not a JSON object';
    attempt.reason = `right tool ${chosen}, but its arguments ${cut}: ${truncate(call.rawArguments)}`;
    return attempt;
  }
  if (c.expect.args) {
    const problems = [...(attempt.argCheck.mismatches ?? []), ...(attempt.argCheck.schemaValid ? [] : (attempt.argCheck.schemaErrors ?? []).map((e) => `schema: ${e}`))];
    if (problems.length > 0) {
      attempt.reason = `right tool ${chosen}, wrong arguments: ${problems.join('; ')}`;
      return attempt;
    }
  }
  attempt.state = 'passed';
  attempt.reason = `called ${chosen}${c.expect.args ? ' with matching arguments' : ''}${extra}`;
  return attempt;
}

function checkCall(c: SelectionCase, args: Record<string, unknown> | undefined, tool: ToolDefinition): ArgCheck {
  if (!args) return { schemaValid: false, schemaErrors: ['arguments are not a JSON object'], matches: c.expect.args ? false : null };
  const schema = checkArguments(tool.inputSchema, args);
  const check: ArgCheck = { schemaValid: schema.valid, matches: null };
  if (!schema.valid) check.schemaErrors = schema.errors;
  if (c.expect.args && expectedTools(c).includes(tool.name)) {
    const mismatches = matchArguments(c.expect.args, args);
    check.matches = mismatches.length === 0;
    if (mismatches.length > 0) check.mismatches = mismatches;
  }
  return check;
}

function listOf(names: string[]): string {
  return names.length === 1 ? names[0] : `one of ${names.join(', ')}`;
}

function truncate(text: string): string {
  return text.length > 80 ? `${JSON.stringify(text.slice(0, 80))}…` : JSON.stringify(text);
}
