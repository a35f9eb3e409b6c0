/**
 * What each side of an input-schema change accepts, decided by concrete calls: both schemas are
 * compiled with Ajv as the servers publish them, calls valid under the old one are built (readable
 * candidates first, then seeded fast-check samples), and each is checked against the new one. A call
 * the old schema accepts and the new one rejects is a counterexample: the change is breaking. When
 * none turns up, the calls tried are the evidence behind a compatible verdict. Seeded, so CI sees the
 * same calls every run; bounded by a number of tries, not by time.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { ajvFor, dialectOf, withoutUnknownDialect } from '../lint/schema-dialect.ts';
import type { JsonSchema } from '../types.ts';
import { CALL_SEED, objectOf, readableCandidates, sampleValues } from './arbitrary.ts';
import { minimalAlong, minimalValue } from './minimal-value.ts';
import { asSchema, normalizeSchema, objectView, own, plain, type Schema } from './normalize.ts';
import { withOnlyChange } from './single-change.ts';
import type { CallEvidence, Counterexample, Delta, PathStep } from './types.ts';

export { CALL_SEED } from './arbitrary.ts';
const SAMPLES = 40;
const MAX_TRIES = 400;
/** The name of an undeclared property in a counterexample. */
export const EXTRA_NAME = 'extra_property';
/** A candidate that leaves the value out of the call. */
export const OMIT: unique symbol = Symbol('omit');
type Candidate = unknown | typeof OMIT;

export type CallProbe = { counterexample: Counterexample } | { evidence: CallEvidence } | { unchecked: string };

function compile(schema: JsonSchema): ValidateFunction | string {
  try {
    const choice = dialectOf(schema);
    // ownProperties: a parameter named `__proto__` or `constructor` is checked on the call itself, not its prototype.
    const ajv = ajvFor(choice.dialect, { strict: false, allErrors: false, logger: false, ownProperties: true }, schema);
    return ajv.compile(withoutUnknownDialect(schema, choice));
  } catch (error) {
    return (error as Error).message;
  }
}

/** Ajv's first reason, readable: `/freshness must match pattern "^\d{4}-\d{2}-\d{2}$"`. */
export function reasonOf(errors: readonly ErrorObject[] | null | undefined): string {
  const last = errors?.[errors.length - 1];
  // A failed anyOf/oneOf: what each alternative wanted, joined with "or".
  if (last && (last.keyword === 'anyOf' || last.keyword === 'oneOf') && errors!.length > 1) {
    const branches = errors!.slice(0, -1).filter((e) => e.instancePath.startsWith(last.instancePath));
    if (branches.length > 0) return [...new Set(branches.map((e) => reasonOf([e])))].join(' or ');
  }
  const e = errors?.[0];
  if (!e) return 'rejected';
  const where = e.instancePath || '(the call)';
  const params = e.params as Record<string, unknown>;
  const extra =
    e.keyword === 'enum' ? ` ${JSON.stringify(params.allowedValues)}` : e.keyword === 'additionalProperties' ? ` ("${String(params.additionalProperty)}")` : e.keyword === 'const' ? ` ${JSON.stringify(params.allowedValue)}` : '';
  return `${where} ${e.message ?? 'is invalid'}${extra}`;
}

/** Where Ajv's first error is, down to the property a `required` or `additionalProperties` error names. */
function errorAt(errors: readonly ErrorObject[] | null | undefined): string {
  const e = errors?.[0];
  if (!e) return '';
  const params = e.params as { missingProperty?: string; additionalProperty?: string };
  const name = e.keyword === 'required' ? params.missingProperty : e.keyword === 'additionalProperties' ? params.additionalProperty : undefined;
  return name === undefined ? e.instancePath : `${e.instancePath}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}

/** A schema that decides one change: it rejects what the change rejects; `control` is the same schema without the change. */
export interface ChangeCheck {
  /** Null when the schema with only the change accepts the call; else Ajv's reason and the keyword that failed first. */
  rejects(call: unknown): { reason: string; keyword: string } | null;
  control(call: unknown): boolean;
}

const pointer = (steps: readonly PathStep[]): string =>
  steps.map((s) => ('property' in s ? `/${s.property.replace(/~/g, '~0').replace(/\//g, '~1')}` : 'item' in s ? '/0' : `/${EXTRA_NAME}`)).join('');

/** A deep copy that keeps every key as an own key (`__proto__` included). */
function copy(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copy);
  if (value && typeof value === 'object') return objectOf(Object.entries(value).map(([k, v]) => [k, copy(v)]));
  return value;
}

/** The sub-schema at a path, through properties, items, undeclared properties and object branches. */
export function schemaAt(root: Schema, steps: readonly PathStep[]): Schema | undefined {
  let at: Schema | undefined = root;
  for (const step of steps) {
    if (!at) return undefined;
    const view: Schema = objectView(at) ?? at;
    if ('property' in step) at = asSchema(own(own(view, 'properties'), step.property)) ?? asSchema(view.additionalProperties) ?? (view.additionalProperties === false ? undefined : plain([]));
    else if ('item' in step) at = asSchema(view.items) ?? plain([]);
    else at = asSchema(view.additionalProperties) ?? plain([]);
  }
  return at;
}

/** Both schemas of one tool's input, compiled once, with the old calls the probes start from. */
export class InputPair {
  readonly oldNorm: Schema;
  readonly newNorm: Schema;
  private readonly oldCheck: ValidateFunction | string;
  private readonly newCheck: ValidateFunction | string;
  private readonly dialect: unknown;
  private normCheck?: ValidateFunction | string;
  private readonly changeChecks = new WeakMap<Delta, ChangeCheck | undefined>();
  private bases?: unknown[];

  constructor(oldSchema: JsonSchema, newSchema: JsonSchema) {
    this.oldNorm = normalizeSchema(oldSchema);
    this.newNorm = normalizeSchema(newSchema);
    this.oldCheck = compile(oldSchema);
    this.newCheck = compile(newSchema);
    this.dialect = own(oldSchema, '$schema');
  }

  private compileNorm(schema: Schema): ValidateFunction | string {
    return compile({ ...(typeof this.dialect === 'string' ? { $schema: this.dialect } : {}), ...schema } as JsonSchema);
  }

  /**
   * The schema with only this delta's change applied (single-change.ts), compiled; undefined when the
   * change cannot be placed alone. `control` is the canonical old schema, so a call the canonical
   * form itself refuses is never blamed on the change.
   */
  changeCheck(d: Delta): ChangeCheck | undefined {
    if (this.changeChecks.has(d)) return this.changeChecks.get(d);
    const schema = withOnlyChange(this.oldNorm, this.newNorm, d);
    const check = schema ? this.compileNorm(schema) : undefined;
    this.normCheck ??= this.compileNorm(JSON.parse(JSON.stringify(this.oldNorm)) as Schema);
    const norm = this.normCheck;
    const made: ChangeCheck | undefined =
      check && typeof check !== 'string' && typeof norm !== 'string'
        ? { rejects: (call) => (check(call) === true ? null : { reason: reasonOf(check.errors), keyword: check.errors?.[0]?.keyword ?? '' }), control: (call) => norm(call) === true }
        : undefined;
    this.changeChecks.set(d, made);
    return made;
  }

  /** Why calls cannot decide, when a schema does not compile. */
  get unchecked(): string | undefined {
    if (typeof this.oldCheck === 'string') return `the old input schema does not compile (${this.oldCheck})`;
    if (typeof this.newCheck === 'string') return `the new input schema does not compile (${this.newCheck})`;
    return undefined;
  }

  oldAccepts(call: unknown): boolean {
    return typeof this.oldCheck !== 'string' && this.oldCheck(call) === true;
  }

  /** Null when the new schema accepts the call, else Ajv's reason. */
  newRejects(call: unknown): string | null {
    return this.rejection(call)?.reason ?? null;
  }

  private rejection(call: unknown): { reason: string; at: string; keyword: string } | undefined {
    if (typeof this.newCheck === 'string' || this.newCheck(call) === true) return undefined;
    return { reason: reasonOf(this.newCheck.errors), at: errorAt(this.newCheck.errors), keyword: this.newCheck.errors?.[0]?.keyword ?? '' };
  }

  /** Old-valid calls to place candidates into: one the new schema also accepts first, when there is one. */
  baseCalls(): unknown[] {
    if (this.bases) return this.bases;
    const tries = [minimalValue(this.oldNorm), ...sampleValues(this.oldNorm, SAMPLES, CALL_SEED)];
    const valid = tries.filter((c) => this.oldAccepts(c));
    // A call both accept: the old one plus what the new schema requires, so an unrelated new required parameter does not mask a change.
    const both = valid.map((c) => mergeRequired(c, this.newNorm)).filter((c) => this.oldAccepts(c) && this.newRejects(c) === null);
    this.bases = [...both.slice(0, 2), ...valid.slice(0, 2)];
    return this.bases;
  }

  /**
   * Tries candidate values at one path inside old-valid calls. With a change check, the first call
   * the old schema accepts and both the new schema and the schema with only that change reject is
   * the change's counterexample (the reason is the change's own). Without one, a rejection at the
   * changed value (or at an object holding it) counts, and a rejection elsewhere is only a fallback.
   * Also counts the old-valid calls made (`valid`) and those the new schema accepted.
   */
  probe(steps: readonly PathStep[], candidates: readonly Candidate[], change?: ChangeCheck): { found?: Counterexample; atPath: boolean; accepted: number; valid: number; placed: unknown[] } {
    let accepted = 0;
    let valid = 0;
    let tries = 0;
    let elsewhere: Counterexample | undefined;
    const placed: unknown[] = [];
    const here = pointer(steps);
    // Besides the shared old calls, one built along this path (the branch that declares each step), with the new required parameters.
    const along = steps.length > 1 ? minimalAlong(this.oldNorm, steps, EXTRA_NAME) : undefined;
    const bases = along === undefined ? this.baseCalls() : [...this.baseCalls(), mergeRequired(along, this.newNorm), along];
    for (const base of bases) {
      for (const candidate of candidates) {
        if ((tries += 1) > MAX_TRIES) break;
        const call = placeAt(base, steps, candidate, this.oldNorm);
        if (call === undefined || !this.oldAccepts(call)) continue;
        valid += 1;
        const rejected = this.rejection(call);
        if (!rejected) {
          accepted += 1;
          if (candidate !== OMIT) placed.push(call);
          continue;
        }
        // The root ('') holds everything, so a rejection there says nothing about this path unless the path is the root.
        const within = (a: string, b: string) => a === b || a.startsWith(`${b}/`);
        const related = rejected.at === '' ? here === '' : within(here, rejected.at) || within(rejected.at, here);
        if (change) {
          const own = change.control(call) ? change.rejects(call) : null;
          // The server's own wording when its schema fails the same keyword at this place, else the change's own reason.
          if (own !== null) return { found: { call, effect: 'rejected', reason: related && rejected.keyword === own.keyword ? rejected.reason : own.reason }, atPath: true, accepted, valid, placed };
          continue;
        }
        const found: Counterexample = { call, effect: 'rejected', reason: rejected.reason };
        if (related) return { found, atPath: true, accepted, valid, placed };
        elsewhere ??= found;
      }
    }
    return { ...(elsewhere ? { found: elsewhere } : {}), atPath: false, accepted, valid, placed };
  }

  /** Candidates for the value at a path: readable ones from both sides' sub-schemas, then seeded samples of the old one. */
  candidatesAt(steps: readonly PathStep[], seed = CALL_SEED): unknown[] {
    const oldNode = schemaAt(this.oldNorm, steps) ?? plain([]);
    const newNode = schemaAt(this.newNorm, steps);
    // At the root the candidates are whole calls: the simplest old calls first.
    return [...(steps.length === 0 ? this.baseCalls() : []), ...readableCandidates(oldNode, newNode, seed), ...sampleValues(oldNode, SAMPLES, seed)];
  }

  /** Whole calls sampled from the old schema: the first the new one rejects, else how many it accepted. */
  probeWhole(): { found?: Counterexample; accepted: number } {
    let accepted = 0;
    // The object view (every branch's properties, all optional) also makes calls that mix branches.
    const view = objectView(this.oldNorm);
    const sampled = [...sampleValues(this.oldNorm, SAMPLES * 2, CALL_SEED + 1), ...(view ? sampleValues(view, SAMPLES, CALL_SEED + 2) : [])];
    for (const call of [...this.baseCalls(), ...sampled]) {
      if (!this.oldAccepts(call)) continue;
      const reason = this.newRejects(call);
      if (reason !== null) return { found: { call, effect: 'rejected', reason }, accepted };
      accepted += 1;
    }
    return { accepted };
  }
}

/** The call with the new schema's required top-level properties added (at their simplest) where missing. */
function mergeRequired(call: unknown, newNorm: Schema): unknown {
  if (!call || typeof call !== 'object' || Array.isArray(call)) return call;
  const view = objectView(newNorm) ?? newNorm;
  const required = Array.isArray(view.required) ? (view.required as string[]) : [];
  const out = copy(call) as Record<string, unknown>;
  for (const name of required) {
    if (!Object.hasOwn(out, name)) Object.defineProperty(out, name, { value: minimalValue(asSchema(own(own(view, 'properties'), name)) ?? plain([])), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** A copy of `base` with `value` at the path (missing objects on the way built at their simplest), or the value left out. */
export function placeAt(base: unknown, steps: readonly PathStep[], value: Candidate, oldNorm: Schema): unknown {
  if (steps.length === 0) return value === OMIT ? undefined : copy(value);
  const root = copy(base);
  let parent: unknown = root;
  for (let i = 0; i < steps.length; i += 1) {
    const step = steps[i];
    const last = i === steps.length - 1;
    const fresh = () => minimalValue(schemaAt(oldNorm, steps.slice(0, i + 1)) ?? plain([]));
    if ('item' in step) {
      if (!Array.isArray(parent)) return undefined;
      if (last) {
        if (value === OMIT) parent.splice(0, parent.length);
        else if (parent.length === 0) parent.push(copy(value));
        else parent[0] = copy(value);
        return root;
      }
      if (parent.length === 0) parent.push(fresh());
      parent = parent[0];
      continue;
    }
    if (!parent || typeof parent !== 'object' || Array.isArray(parent)) return undefined;
    const key = 'property' in step ? step.property : EXTRA_NAME;
    const obj = parent as Record<string, unknown>;
    if (last) {
      if (value === OMIT) delete obj[key];
      else Object.defineProperty(obj, key, { value: copy(value), enumerable: true, writable: true, configurable: true });
      return root;
    }
    if (!Object.hasOwn(obj, key) || obj[key] === null || typeof obj[key] !== 'object') Object.defineProperty(obj, key, { value: fresh(), enumerable: true, writable: true, configurable: true });
    parent = obj[key];
  }
  return root;
}
