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
  const tools = expectedTools(c);
  return { steps: [c.expect.args ? { tools, args: c.expect.args } : { tools }], order: 'in-order', maxExtra: 0 };
}

/** Each call's schema check, by call index, computed once per answer however many checks read it. */
type Checks = Array<SchemaCheck | undefined>;

/** The first call whose tool nobody lists. */
function unknownCall(calls: readonly ToolCall[], tools: ReadonlyMap<string, ToolDefinition>): ToolCall | undefined {
  for (const k of calls) if (!tools.has(k.name)) return k;
  return undefined;
}

/** A wrong choice whose arguments were also cut off says both: the cut is often why the call is useless. */
function cutNote(k: ToolCall, cut: boolean): string {
  return !k.arguments && cut ? '; its arguments were cut off (finish_reason length)' : '';
}

export function scoreAttempt(
  c: SelectionCase,
  response: ModelResponse,
  tools: ReadonlyMap<string, ToolDefinition>,
  latencyMs: number,
): Attempt {
  const calls = response.toolCalls;
  const call = calls[0];
  const chosen = call ? call.name : null;
  const finishReason = response.finishReason;
  // One literal per shape (not spreads): a case's attempt is built with as little garbage as its fields.
  const attempt: Attempt = response.usage
    ? { latencyMs, finishReason, usage: response.usage, state: 'failed', chosen, reason: '' }
    : { latencyMs, finishReason, state: 'failed', chosen, reason: '' };
  // Each call's arguments are validated once per answer, however many of the checks below read them.
  const checks: Checks = [];
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
    if (call && tools.has(call.name)) attempt.argCheck = checkCall(call, 0, tools.get(call.name)!, null, undefined, checks);
    return finish(attempt, scoreAbstain(c, response));
  }
  const expected = expectedTools(c);
  if (!call) {
    if (expected.length === 0 && !c.expect.calls) return finish(attempt, { pass: true, reason: 'answered without a tool, as expected' });
    const want = c.expect.calls ? `${c.expect.calls.steps.length} call(s): ${c.expect.calls.steps.map((s) => s.tool).join(', ')}` : listOf(expected);
    return finish(attempt, { pass: false, reason: `expected ${want}, the model called no tool${cut ? ' (the answer was cut off: finish_reason length)' : ''}` });
  }
  const more = calls.length > 1 ? ` (${calls.length} calls: ${calls.map((k) => k.name).join(', ')})` : '';
  const unknown = unknownCall(calls, tools);
  const { steps, order, maxExtra } = expectedSteps(c);
  const match = expected.length || c.expect.calls ? matchCalls(steps, calls, order, maxExtra) : undefined;
  const argChecks: Array<ArgCheck | undefined> = [];
  for (let i = 0; i < calls.length; i++) {
    const k = calls[i];
    const tool = tools.get(k.name);
    argChecks.push(tool ? checkCall(k, i, tool, match ? matchedArgs(match.matched, steps, i) : null, match?.mismatches.get(i), checks) : undefined);
  }
  attempt.argCheck = foldChecks(argChecks);
  if (unknown) return finish(attempt, { pass: false, reason: `the model called "${unknown.name}", a tool nobody lists (hallucinated name)${more}${cutNote(unknown, cut)}` });
  if (!match) return finish(attempt, { pass: false, reason: `expected no tool, the model called ${call.name}${more}${cutNote(call, cut)}` });
  const ruledOut = c.expect.notTools ? calls.find((k) => c.expect.notTools!.includes(k.name)) : undefined;
  if (ruledOut) return finish(attempt, { pass: false, reason: `the model called ${ruledOut.name}, which this case rules out${more}${cutNote(ruledOut, cut)}` });
  let broken = -1;
  for (let i = 0; i < calls.length && broken < 0; i++) if (!calls[i].arguments) broken = i;
  if (match.failure && match.matched.length === 0) return finish(attempt, { pass: false, reason: `${match.failure}${cutNote(calls[broken] ?? call, cut)}` });
  if (broken >= 0) {
    const k = calls[broken];
    const where = calls.length > 1 ? `call ${broken + 1} (${k.name})` : `right tool ${k.name}`;
    return finish(attempt, { pass: false, reason: `${where}, but its arguments ${cut ? 'were cut off (finish_reason length)' : 'are not a JSON object'}: ${truncate(k.rawArguments)}` });
  }
  if (match.failure) {
    const schema = match.matched.flatMap((i) => schemaErrorsOf(calls, i, tools, checks));
    return finish(attempt, { pass: false, reason: `${match.failure}${schema.length ? `; schema: ${schema.join('; ')}` : ''}` });
  }
  let invalid = -1;
  for (let i = 0; i < calls.length && invalid < 0; i++) if (schemaErrorsOf(calls, i, tools, checks).length > 0) invalid = i;
  if (invalid >= 0) {
    const k = calls[invalid];
    const where = calls.length > 1 ? `call ${invalid + 1} (${k.name})` : `right tool ${k.name}`;
    return finish(attempt, { pass: false, reason: `${where}, wrong arguments: ${schemaErrorsOf(calls, invalid, tools, checks).map((e) => `schema: ${e}`).join('; ')}` });
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

/** The schema check of call `i`'s arguments, computed once per answer. */
function checkOnce(call: ToolCall, i: number, tool: ToolDefinition, checks: Checks): SchemaCheck {
  let result = checks[i];
  if (!result) checks[i] = result = checkArguments(tool.inputSchema, call.arguments);
  return result;
}

const NO_ERRORS: readonly string[] = [];

function schemaErrorsOf(calls: readonly ToolCall[], i: number, tools: ReadonlyMap<string, ToolDefinition>, checks: Checks): readonly string[] {
  const call = calls[i];
  const tool = tools.get(call.name);
  if (!tool || !call.arguments) return NO_ERRORS;
  const result = checkOnce(call, i, tool, checks);
  return result.valid ? NO_ERRORS : result.errors;
}

function checkCall(call: ToolCall, i: number, tool: ToolDefinition, args: Step['args'] | null, mismatches: string[] | undefined, checks: Checks): ArgCheck {
  if (!call.arguments) return { schemaValid: false, schemaErrors: ['arguments are not a JSON object'], matches: args ? false : null };
  const schema = checkOnce(call, i, tool, checks);
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
  if (checks.length === 1) return checks[0];
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
