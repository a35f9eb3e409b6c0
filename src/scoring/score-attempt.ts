/**
 * The selection scorer: one model answer against one case. Every call of the answer is scored:
 * the expected tool (or the `calls` steps, match-calls.ts) with matching arguments, and every call's
 * arguments must validate against its tool's inputSchema ("right tool with valid arguments").
 * Unparsable or truncated arguments fail the case whatever it expects: the call could not be made.
 * `missingTool` and `asksFor` cases are scored in score-abstain.ts.
 */
import type { ArgCheck, Attempt, AttemptCall, ModelResponse, SelectionCase, ToolCall, ToolDefinition } from '../types.ts';
import { matchArguments } from './args-match.ts';
import { matchCalls, type CallOrder, type Step } from './match-calls.ts';
import { checkArguments, type SchemaCheck } from './schema-check.ts';
import { scoreAbstain } from './score-abstain.ts';
import { clipText } from '../safety/clip.ts';
import { redactSecrets } from '../safety/secrets.ts';

export function expectedTools(c: SelectionCase): string[] {
  const tool = c.expect.tool;
  return tool === null ? [] : Array.isArray(tool) ? tool : [tool];
}

/** The steps a case expects: its `calls`, or one step of `tool` with `args`. */
export function expectedSteps(c: SelectionCase): { steps: Step[]; order: CallOrder; maxExtra: number } {
  if (c.expect.calls) {
    const { steps, order, maxExtra } = c.expect.calls;
    return { steps: steps.map((s) => ({ tools: [s.tool], ...(s.args ? { args: s.args } : {}) })), order, maxExtra: maxExtra ?? 0 };
  }
  return { steps: [{ tools: expectedTools(c), ...(c.expect.args ? { args: c.expect.args } : {}) }], order: 'in-order', maxExtra: 0 };
}

export function scoreAttempt(
  c: SelectionCase,
  response: ModelResponse,
  tools: ReadonlyMap<string, ToolDefinition>,
  latencyMs: number,
): Attempt {
  const base = { latencyMs, finishReason: response.finishReason, ...(response.usage ? { usage: response.usage } : {}) };
  // Each call's arguments are validated once per answer, however many of the checks below read them.
  const checks = new Map<ToolCall, SchemaCheck>();
  const calls = response.toolCalls;
  const call = calls[0];
  const attempt: Attempt = { ...base, state: 'failed', chosen: call ? call.name : null, reason: '' };
  if (call) {
    attempt.rawArguments = call.rawArguments;
    if (call.arguments) attempt.arguments = call.arguments;
    if (call.invented) attempt.invented = call.invented;
  }
  if (calls.length > 1) {
    attempt.calls = calls.map((k): AttemptCall => ({ name: k.name, rawArguments: k.rawArguments, ...(k.arguments ? { arguments: k.arguments } : {}), ...(k.invented ? { invented: k.invented } : {}) }));
  }
  const cut = response.finishReason === 'length';
  if (c.expect.missingTool || c.expect.asksFor) {
    if (call && tools.has(call.name)) attempt.argCheck = checkCall(call, tools.get(call.name)!, null, undefined, checks);
    return finish(attempt, scoreAbstain(c, response));
  }
  const expected = expectedTools(c);
  if (!call) {
    if (expected.length === 0 && !c.expect.calls) return finish(attempt, { pass: true, reason: 'answered without a tool, as expected' });
    const want = c.expect.calls ? `${c.expect.calls.steps.length} call(s): ${c.expect.calls.steps.map((s) => s.tool).join(', ')}` : listOf(expected);
    return finish(attempt, { pass: false, reason: `expected ${want}, the model called no tool${cut ? ' (the answer was cut off: finish_reason length)' : ''}` });
  }
  const more = calls.length > 1 ? ` (${calls.length} calls: ${calls.map((k) => k.name).join(', ')})` : '';
  // A wrong choice whose arguments were also cut off says both: the cut is often why the call is useless.
  const cutNote = (k: ToolCall): string => (!k.arguments && cut ? '; its arguments were cut off (finish_reason length)' : '');
  const unknown = calls.find((k) => !tools.has(k.name));
  const { steps, order, maxExtra } = expectedSteps(c);
  const match = expected.length || c.expect.calls ? matchCalls(steps, calls, order, maxExtra) : undefined;
  attempt.argCheck = foldChecks(calls.map((k, i) => (tools.has(k.name) ? checkCall(k, tools.get(k.name)!, match ? matchedArgs(match.matched, steps, i) : null, match?.mismatches.get(i), checks) : undefined)));
  if (unknown) return finish(attempt, { pass: false, reason: `the model called "${unknown.name}", a tool nobody lists (hallucinated name)${more}${cutNote(unknown)}` });
  if (!match) return finish(attempt, { pass: false, reason: `expected no tool, the model called ${call.name}${more}${cutNote(call)}` });
  const ruledOut = calls.find((k) => c.expect.notTools?.includes(k.name));
  if (ruledOut) return finish(attempt, { pass: false, reason: `the model called ${ruledOut.name}, which this case rules out${more}${cutNote(ruledOut)}` });
  const broken = calls.findIndex((k) => !k.arguments);
  if (match.failure && match.matched.length === 0) return finish(attempt, { pass: false, reason: `${match.failure}${cutNote(calls[broken] ?? call)}` });
  if (broken >= 0) {
    const k = calls[broken];
    const where = calls.length > 1 ? `call ${broken + 1} (${k.name})` : `right tool ${k.name}`;
    return finish(attempt, { pass: false, reason: `${where}, but its arguments ${cut ? 'were cut off (finish_reason length)' : 'are not a JSON object'}: ${truncate(k.rawArguments)}` });
  }
  if (match.failure) {
    const schema = match.matched.flatMap((i) => schemaErrorsOf(calls[i], tools, checks));
    return finish(attempt, { pass: false, reason: `${match.failure}${schema.length ? `; schema: ${schema.join('; ')}` : ''}` });
  }
  const invalid = calls.findIndex((k) => schemaErrorsOf(k, tools, checks).length > 0);
  if (invalid >= 0) {
    const k = calls[invalid];
    const where = calls.length > 1 ? `call ${invalid + 1} (${k.name})` : `right tool ${k.name}`;
    return finish(attempt, { pass: false, reason: `${where}, wrong arguments: ${schemaErrorsOf(k, tools, checks).map((e) => `schema: ${e}`).join('; ')}` });
  }
  const withArgs = steps.some((s) => s.args) ? ' with matching arguments' : '';
  const what = calls.length === 1 ? `called ${call.name}` : `called ${calls.map((k) => k.name).join(', ')} (order ${order})`;
  return finish(attempt, { pass: true, reason: `${what}${withArgs}` });
}

function finish(attempt: Attempt, outcome: { pass: boolean; reason: string }): Attempt {
  attempt.state = outcome.pass ? 'passed' : 'failed';
  attempt.reason = outcome.reason;
  return attempt;
}

/** The expected arguments of the step that took call `i`, if any. */
function matchedArgs(matched: number[], steps: Step[], i: number): Step['args'] | null {
  const k = matched.indexOf(i);
  return k >= 0 ? (steps[k].args ?? null) : null;
}

/** The schema check of a call's arguments, computed once per answer. */
function checkOnce(call: ToolCall, tool: ToolDefinition, checks: Map<ToolCall, SchemaCheck>): SchemaCheck {
  let result = checks.get(call);
  if (!result) checks.set(call, (result = checkArguments(tool.inputSchema, call.arguments)));
  return result;
}

function schemaErrorsOf(call: ToolCall, tools: ReadonlyMap<string, ToolDefinition>, checks: Map<ToolCall, SchemaCheck>): string[] {
  const tool = tools.get(call.name);
  if (!tool || !call.arguments) return [];
  const result = checkOnce(call, tool, checks);
  return result.valid ? [] : result.errors;
}

function checkCall(call: ToolCall, tool: ToolDefinition, args: Step['args'] | null, mismatches: string[] | undefined, checks: Map<ToolCall, SchemaCheck>): ArgCheck {
  if (!call.arguments) return { schemaValid: false, schemaErrors: ['arguments are not a JSON object'], matches: args ? false : null };
  const schema = checkOnce(call, tool, checks);
  const check: ArgCheck = { schemaValid: schema.valid, matches: null };
  if (!schema.valid) check.schemaErrors = schema.errors;
  if (args) {
    const problems = mismatches ?? matchArguments(args, call.arguments, call.rawArguments);
    check.matches = problems.length === 0;
    if (problems.length > 0) check.mismatches = problems;
  }
  return check;
}

/** One ArgCheck for the whole answer: valid when every known call is, matching when every checked call matches. */
function foldChecks(checks: Array<ArgCheck | undefined>): ArgCheck | undefined {
  const known = checks.map((k, i) => [k, i] as const).filter((e): e is readonly [ArgCheck, number] => e[0] !== undefined);
  if (known.length === 0) return undefined;
  if (checks.length === 1) return known[0][0];
  const prefix = (i: number, lines: string[] = []): string[] => lines.map((l) => `call ${i + 1}: ${l}`);
  const checked = known.filter(([k]) => k.matches !== null);
  const out: ArgCheck = { schemaValid: known.every(([k]) => k.schemaValid), matches: checked.length ? checked.every(([k]) => k.matches) : null };
  const schemaErrors = known.flatMap(([k, i]) => prefix(i, k.schemaErrors));
  const mismatches = known.flatMap(([k, i]) => prefix(i, k.mismatches));
  if (schemaErrors.length) out.schemaErrors = schemaErrors;
  if (mismatches.length) out.mismatches = mismatches;
  return out;
}

function listOf(names: string[]): string {
  return names.length === 1 ? names[0] : `one of ${names.join(', ')}`;
}

function truncate(text: string): string {
  const cut = clipText(text, 80, { ellipsis: '' });
  return cut.length < redactSecrets(text).length ? `${JSON.stringify(cut)}…` : JSON.stringify(cut);
}
