/**
 * Input-schema verdicts decided by calls: a change that alters what the input schema accepts is
 * breaking exactly when an old-valid call is rejected by the new schema (the counterexample goes into
 * the message and the JSON), or when it removes a parameter (conventions section 9: the value an old
 * call sends is then ignored). Otherwise the generated old calls the new schema still accepts back
 * the compatible verdict. A check that says "breaking" without a counterexample is downgraded to
 * retest and says so, since Toolvet could not show a call that breaks.
 */
import { InputPair, OMIT } from './counterexample.ts';
import { show } from './check-kit.ts';
import { isFreeForm } from './checks/parameter-no-longer-described.ts';
import type { ToolDefinition } from '../types.ts';
import type { Change, Counterexample, Delta, DiffCheck } from './types.ts';
import { CALL_SEED } from './counterexample.ts';

/** Keywords that annotate a schema without changing what it accepts. */
const ANNOTATION_KEYWORDS = new Set(['description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);

const pairs = new WeakMap<ToolDefinition, WeakMap<ToolDefinition, InputPair>>();

/** One compiled pair per old/new tool, shared by all the tool's deltas. */
export function inputPairFor(o: ToolDefinition, n: ToolDefinition): InputPair {
  let inner = pairs.get(o);
  if (!inner) pairs.set(o, (inner = new WeakMap()));
  let pair = inner.get(n);
  if (!pair) inner.set(n, (pair = new InputPair(o.inputSchema, n.inputSchema)));
  return pair;
}

/** Whether a delta is about what the input schema accepts (rather than its wording). */
export function changesAcceptance(d: Delta): boolean {
  if (d.side !== 'input' || !d.oldTool || !d.newTool) return false;
  // `x-` keywords are extensions (x-mcp-header): they never change what validates.
  if (d.kind === 'keyword') return !ANNOTATION_KEYWORDS.has(d.keyword ?? '') && !(d.keyword ?? '').startsWith('x-');
  return d.kind === 'property-added' || d.kind === 'property-removed' || d.kind === 'property-required' || d.kind === 'calls-rejected';
}

/** `valid`: old-valid calls that reached the changed place; 0 means no call could test the change. */
export type Probe = { counterexample?: Counterexample; accepted: number; valid: number; unchecked?: string };

/**
 * Searches for the counterexample of one delta, or counts the old calls that still pass. The
 * counterexample must be rejected by the schema with only this change applied (single-change.ts), so
 * a call that breaks because of another change of the same tool is never shown for this one.
 */
export function probeDelta(d: Delta): Probe {
  if (d.kind === 'calls-rejected') return { ...(d.counterexample ? { counterexample: d.counterexample } : {}), accepted: 0, valid: d.counterexample ? 1 : 0 };
  const pair = inputPairFor(d.oldTool!, d.newTool!);
  if (pair.unchecked) return { accepted: 0, valid: 0, unchecked: pair.unchecked };
  const steps = d.steps ?? [];
  const change = pair.changeCheck(d);
  if (d.kind === 'property-added' || (d.kind === 'property-required' && d.after === true)) {
    // Old calls never had to send it: leave it out.
    const r = pair.probe(steps, [OMIT], change);
    return { ...(r.found && r.atPath ? { counterexample: r.found } : {}), accepted: r.accepted, valid: r.valid };
  }
  if (d.kind === 'property-removed') {
    const r = pair.probe(steps, pair.candidatesAt(steps), change);
    if (r.found && r.atPath) return { counterexample: r.found, accepted: r.accepted, valid: r.valid };
    const still = r.placed[0];
    // A free-form object passes the value on: nothing is ignored (parameter-no-longer-described).
    return still === undefined || isFreeForm(d.newParent, d) ? { accepted: r.accepted, valid: r.valid } : { counterexample: { call: still, effect: 'ignored' }, accepted: r.accepted, valid: r.valid };
  }
  // Closing an object is shown by an undeclared property; opening one by the object's own old values.
  const at = d.kind === 'keyword' && d.keyword === 'additionalProperties' && d.before !== false ? [...steps, { extra: true } as const] : steps;
  const r = pair.probe(at, pair.candidatesAt(at), change);
  return { ...(r.found && r.atPath ? { counterexample: r.found } : {}), accepted: r.accepted, valid: r.valid };
}

/** The sentence a counterexample adds to a message. */
export function counterexampleText(c: Counterexample, d: Delta): string {
  if (c.effect === 'ignored') return `old call ${show(c.call, 160)} sends "${d.param ?? ''}", which the new schema no longer declares, so the server ignores it`;
  return `old call ${show(c.call, 160)} is now rejected: ${c.reason}`;
}

/** Sets the level, counterexample and evidence of the changes made from one delta. */
export function decideByCalls(d: Delta, changes: Change[], checks: Readonly<Record<string, DiffCheck>>): Change[] {
  if (changes.length === 0 || !changesAcceptance(d)) return changes;
  const probe = probeDelta(d);
  return changes.map((c) => {
    // A widening check (type widened, enum value added) cannot reject calls itself: a rejection found here belongs to another change.
    if (probe.counterexample && c.level !== 'breaking' && !checks[c.check]?.decidedByCalls) {
      return probe.accepted > 0 ? { ...c, message: `${c.message}; ${probe.accepted} generated old calls are still accepted (the ones rejected belong to another change)`, evidence: { calls: probe.accepted, seed: CALL_SEED } } : c;
    }
    // Open or closed is decided by the call: an object view is open when one branch is, but the branch an old call matches may be closed.
    if (probe.counterexample?.effect === 'rejected' && c.check === 'parameter-removed-open') {
      const closed = `${d.param ? `parameter "${d.param}"` : 'the parameter'} was removed and the object that held it is closed for the old calls that send it, so they are now invalid`;
      return { ...c, check: 'parameter-removed-closed', message: `${closed}; ${counterexampleText(probe.counterexample, d)}`, counterexample: probe.counterexample };
    }
    if (probe.counterexample) {
      const text = counterexampleText(probe.counterexample, d);
      return { ...c, level: 'breaking', message: c.message.includes(text) ? c.message : `${c.message}; ${text}`, counterexample: probe.counterexample };
    }
    if (probe.unchecked) return { ...c, message: `${c.message} (not checked with calls: ${probe.unchecked})` };
    // No old call could reach the change: a change whose shape is breaking stays breaking, said to be unverified.
    if (probe.valid === 0) return { ...c, message: `${c.message} (${c.level === 'breaking' ? 'breaking by its shape, not verified by a call: ' : ''}no valid old call could be generated to check it)` };
    if (c.level === 'breaking') {
      return { ...c, level: 'retest', message: `${c.message}; but none of ${probe.valid} generated old calls is rejected by the new schema because of this change, so review it by hand` };
    }
    const others = probe.valid - probe.accepted;
    const text = others === 0 ? `${probe.accepted} generated old calls are all still accepted` : `none of ${probe.valid} generated old calls is rejected because of this change (${others} are rejected because of another change of this tool)`;
    return { ...c, message: `${c.message}; ${text}`, evidence: { calls: probe.valid, seed: CALL_SEED } };
  });
}
