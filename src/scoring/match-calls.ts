/**
 * Every call of one answer against the expected steps, the way BFCL's checker scores its simple,
 * multiple and parallel categories: each step needs a call of its tool whose arguments match
 * (args-match.ts); `exact` wants these calls in this order and nothing else, `in-order` these in
 * this order, `any-order` these in any order (parallel); calls beyond the steps fail unless
 * `maxExtra` allows them. The result names the first problem in words.
 */
import type { ExpectedArg, ToolCall } from '../types.ts';
import { matchArguments } from './args-match.ts';

/** A step as the matcher sees it: any of `tools`, with optional expected arguments. */
export interface Step {
  tools: string[];
  args?: { [name: string]: ExpectedArg };
}

export type CallOrder = 'exact' | 'in-order' | 'any-order';

export interface CallsMatch {
  /** The call index each step took, in step order (empty when no assignment exists). */
  matched: number[];
  /** The first problem, in words; absent when the answer fits. */
  failure?: string;
  /** Argument mismatches of the calls the steps took by name, per call index. */
  mismatches: Map<number, string[]>;
}

const names = (calls: readonly ToolCall[]): string => (calls.length ? calls.map((c) => c.name).join(', ') : '(no call)');
const label = (step: Step): string => (step.tools.length === 1 ? step.tools[0] : `one of ${step.tools.join(', ')}`);

/** Argument problems of `call` for `step`; null when the tool differs. */
export function stepProblems(step: Step, call: ToolCall): string[] | null {
  if (!step.tools.includes(call.name)) return null;
  if (!step.args) return [];
  if (!call.arguments) return ['its arguments are not a JSON object'];
  return matchArguments(step.args, call.arguments, call.rawArguments);
}

/** A call index per step such that `fits(step, call)`, honouring the order; null when none exists. */
function assign(steps: readonly Step[], calls: readonly ToolCall[], order: CallOrder, fits: (s: Step, c: ToolCall) => boolean): number[] | null {
  if (order === 'exact') {
    if (calls.length < steps.length) return null;
    return steps.every((s, i) => fits(s, calls[i])) ? steps.map((_, i) => i) : null;
  }
  if (order === 'in-order') {
    // The earliest fitting call for each step in turn: a subsequence exists exactly when this finds one.
    const out: number[] = [];
    let from = 0;
    for (const step of steps) {
      const at = calls.findIndex((c, i) => i >= from && fits(step, c));
      if (at < 0) return null;
      out.push(at);
      from = at + 1;
    }
    return out;
  }
  // any-order: a perfect matching by backtracking (answers hold a handful of calls).
  const used = new Set<number>();
  const out: number[] = [];
  const search = (k: number): boolean => {
    if (k === steps.length) return true;
    for (let i = 0; i < calls.length; i++) {
      if (used.has(i) || !fits(steps[k], calls[i])) continue;
      used.add(i);
      out.push(i);
      if (search(k + 1)) return true;
      used.delete(i);
      out.pop();
    }
    return false;
  };
  return search(0) ? out : null;
}

/**
 * matchCalls for one step and one call (most cases; every order assigns them alike): the same result,
 * with the step's arguments matched once instead of once for the names and again for the assignment.
 */
function matchOne(step: Step, call: ToolCall, maxExtra: number): CallsMatch {
  const mismatches = new Map<number, string[]>();
  if (!step.tools.includes(call.name)) return { matched: [], mismatches, failure: `expected ${label(step)}, the model called ${call.name}` };
  const problems = stepProblems(step, call)!;
  if (problems.length) {
    mismatches.set(0, problems);
    return { matched: [0], mismatches, failure: `right tool ${call.name}, wrong arguments: ${problems.join('; ')}` };
  }
  if (0 > maxExtra) return { matched: [0], mismatches, failure: `expected one call, the model made 1: ${call.name} (0 beyond the ${maxExtra} extra allowed: (no call))` };
  return { matched: [0], mismatches };
}

export function matchCalls(steps: readonly Step[], calls: readonly ToolCall[], order: CallOrder, maxExtra = 0): CallsMatch {
  if (steps.length === 1 && calls.length === 1) return matchOne(steps[0], calls[0], maxExtra);
  const mismatches = new Map<number, string[]>();
  const byName = assign(steps, calls, order, (s, c) => s.tools.includes(c.name));
  if (!byName) {
    if (steps.length === 1 && calls.length === 1) return { matched: [], mismatches, failure: `expected ${label(steps[0])}, the model called ${calls[0].name}` };
    const want = steps.map(label).join(', ');
    return { matched: [], mismatches, failure: `expected ${steps.length === 1 ? label(steps[0]) : `${steps.length} calls ${want} (order ${order})`}; got ${names(calls)}` };
  }
  byName.forEach((callIndex, k) => {
    const problems = stepProblems(steps[k], calls[callIndex]);
    if (problems?.length) mismatches.set(callIndex, problems);
  });
  const full = assign(steps, calls, order, (s, c) => stepProblems(s, c)?.length === 0);
  if (!full) {
    const k = byName.findIndex((callIndex) => mismatches.has(callIndex));
    const at = byName[k];
    const where = calls.length > 1 ? `call ${at + 1} (${calls[at].name})` : calls[at].name;
    return { matched: byName, mismatches, failure: `right tool ${where}, wrong arguments: ${mismatches.get(at)!.join('; ')}` };
  }
  const taken = new Set(full);
  const extra = calls.filter((_, i) => !taken.has(i));
  if (order === 'exact' && calls.length > steps.length) {
    return { matched: full, mismatches, failure: `${extra.length} call(s) beyond the ${steps.length} expected (order exact): ${names(extra)}` };
  }
  if (extra.length > maxExtra) {
    const expected = steps.length === 1 ? 'one call' : `${steps.length} calls`;
    return { matched: full, mismatches, failure: `expected ${expected}, the model made ${calls.length}: ${names(calls)} (${extra.length} beyond the ${maxExtra} extra allowed: ${names(extra)})` };
  }
  return { matched: full, mismatches: new Map() };
}
