/**
 * Query sets: the selection cases, in JSON or YAML, validated with ajv.
 *   {servers?: [name], cases: [{id?, query, expect: {tool, notTools?, args?}, tags?}]}
 * `args` follows the Berkeley Function Calling Leaderboard: each argument lists acceptable values;
 * `{anyOf: [...], optional: true}` also lets it be absent (as does BFCL's "" in the list);
 * `{any: true}` accepts any value, for free text a case cannot predict.
 * Case kinds beside `tool` (docs/scoring.md): `calls` (several calls in one answer, BFCL's parallel
 * and multiple), `missingTool: true` (no listed tool can do it) and `asksFor: [param]` (the request
 * leaves out a required argument: the model must ask for it).
 */
import { basename, extname, resolve } from 'node:path';
import { ToolvetError } from '../errors.ts';
import { carryExactIntegers } from '../exact-integers.ts';
import type { ExpectedArg, ExpectedCalls, JsonValue, SelectionCase } from '../types.ts';
import { readDataFile, type ReadLimits } from './read-file.ts';
import { validateData } from './validate.ts';
import type { Isolation, Scenario } from '../run/scenario-types.ts';
import { checkScenarioTools, isolationSchema, normaliseScenarios, scenarioListSchema, type RawScenario } from './scenarios.ts';

export interface QuerySet {
  file: string;
  /** The set's name: its `name` key, or the file name without extension. */
  name: string;
  servers?: string[];
  cases: SelectionCase[];
  /** Multi-turn scenarios (docs/scenarios.md); empty when the set has none. */
  scenarios: Scenario[];
  /** `scenario` (default): fresh servers per scenario; `run`: shared. */
  isolation: Isolation;
  /** The set's own gate (`gate: {minAccuracy: 0.8}`): eval fails when the set's accuracy is below it. */
  gate?: { minAccuracy: number };
}

const toolName = { type: 'string', minLength: 1 } as const;

// One answer's calls: a list of steps, or {order, maxExtra, steps} (the shape scenarios use too).
const callsObject = {
  type: 'object',
  required: ['steps'],
  properties: { order: { enum: ['exact', 'in-order', 'any-order'] }, maxExtra: { type: 'integer', minimum: 0 }, steps: { $ref: '#/$defs/steps' } },
  additionalProperties: false,
} as const;

const querySetSchema = {
  type: 'object',
  required: ['cases'],
  properties: {
    name: { type: 'string', minLength: 1 },
    description: { type: 'string' },
    servers: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
    gate: { type: 'object', required: ['minAccuracy'], properties: { minAccuracy: { type: 'number', minimum: 0, maximum: 1 } }, additionalProperties: false },
    cases: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['query', 'expect'],
        properties: {
          id: { type: 'string', minLength: 1 },
          query: { type: 'string', minLength: 1 },
          tags: { type: 'array', items: { type: 'string' } },
          // Written by `toolvet init` and not reviewed yet: runs like any case, and the report says so.
          draft: { type: 'boolean' },
          expect: {
            type: 'object',
            anyOf: ['tool', 'calls', 'missingTool', 'asksFor'].map((key) => ({ required: [key], properties: { [key]: {} } })),
            properties: {
              tool: { anyOf: [toolName, { type: 'null' }, { type: 'array', items: toolName, minItems: 1 }] },
              notTools: { type: 'array', items: toolName },
              calls: { anyOf: [{ $ref: '#/$defs/steps' }, callsObject] },
              missingTool: { const: true },
              asksFor: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
              args: {
                type: 'object',
                additionalProperties: {
                  anyOf: [
                    { type: 'array', minItems: 1 },
                    {
                      type: 'object',
                      required: ['anyOf'],
                      properties: { anyOf: { type: 'array', minItems: 1 }, optional: { type: 'boolean' } },
                      additionalProperties: false,
                    },
                    {
                      type: 'object',
                      required: ['any'],
                      properties: { any: { const: true }, optional: { type: 'boolean' } },
                      additionalProperties: false,
                    },
                  ],
                },
              },
            },
            additionalProperties: false,
          },
        },
        additionalProperties: false,
      },
    },
  },
  additionalProperties: false,
  $defs: {
    steps: {
      type: 'array',
      minItems: 1,
      items: { type: 'object', required: ['tool'], properties: { tool: toolName, args: { $ref: '#/properties/cases/items/properties/expect/properties/args' } }, additionalProperties: false },
    },
  },
} as const;

export interface RawCase {
  id?: string;
  query: string;
  tags?: string[];
  draft?: boolean;
  expect: {
    tool?: string | string[] | null;
    notTools?: string[];
    args?: RawArgs;
    calls?: RawStep[] | { order?: 'exact' | 'in-order' | 'any-order'; maxExtra?: number; steps: RawStep[] };
    missingTool?: true;
    asksFor?: string[];
  };
}
type RawArgs = Record<string, JsonValue[] | { anyOf: JsonValue[]; optional?: boolean } | { any: true; optional?: boolean }>;
interface RawStep {
  tool: string;
  args?: RawArgs;
}

// Scenarios sit beside cases (src/config/scenarios.ts): a set needs one or the other, or both.
const { required: _casesRequired, ...caseSetSchema } = querySetSchema;
const fullSchema = {
  ...caseSetSchema,
  anyOf: [
    { required: ['cases'], properties: { cases: {} } },
    { required: ['scenarios'], properties: { scenarios: {} } },
  ],
  properties: {
    ...querySetSchema.properties,
    scenarios: scenarioListSchema(querySetSchema.properties.cases.items.properties.expect.properties.args),
    isolation: isolationSchema,
  },
};

const HINT = 'a query set is {"cases": [{"query": "...", "expect": {"tool": "name" | null}}]}; see docs/query-sets.md';

/** The top-level keys of a query set other than its cases. */
export interface RawHeader {
  name?: string;
  servers?: string[];
  gate?: { minAccuracy: number };
  scenarios?: RawScenario[];
  isolation?: Isolation;
}

/** The keys a query set may have at its top level, `cases` among them. */
export const QUERY_SET_KEYS: readonly string[] = Object.keys(fullSchema.properties);

/** The whole set's schema (it also checks one case, as the set `{cases: [case]}`). */
export const QUERY_SET_SCHEMA: object = fullSchema;

/** Loads a query set whole (`limits.maxBytes` defaults to MAX_INPUT_BYTES). */
export function loadQuerySet(path: string, limits: ReadLimits = {}): QuerySet {
  const file = resolve(path);
  const raw = validateData<RawHeader & { cases?: RawCase[] }>(
    fullSchema,
    readDataFile(file, 'query set', { ...limits, cacheParsed: true }),
    file,
    'query set',
    HINT,
  );
  const name = raw.name ?? basename(file, extname(file));
  const seen = new Map<string, number>();
  const cases = (raw.cases ?? []).map((c, i): SelectionCase => {
    const out = normaliseCase(c, i, name);
    const first = seen.get(out.id);
    if (first !== undefined) {
      throw new ToolvetError('E_FILE_INVALID', `query set ${file}: $.cases[${i}].id "${out.id}" repeats $.cases[${first}].id`, {
        file,
        path: `$.cases[${i}].id`,
        hint: 'give every case a unique id, or leave ids out to number them',
      });
    }
    seen.set(out.id, i);
    return out;
  });
  return { ...querySetHeader(raw, file, name), cases };
}

/** What a query set holds beside its cases, from its validated top-level keys. */
export function querySetHeader(raw: RawHeader, file: string, name: string): Omit<QuerySet, 'cases'> {
  const scenarios = normaliseScenarios(raw.scenarios ?? [], name, file, normaliseArgs);
  return { file, name, ...(raw.servers ? { servers: raw.servers } : {}), scenarios, isolation: raw.isolation ?? 'scenario', ...(raw.gate ? { gate: raw.gate } : {}) };
}

/** One validated case as the runner sees it: `$.cases[i]` of the set named `suite`. */
export function normaliseCase(c: RawCase, i: number, suite: string): SelectionCase {
  const out: SelectionCase = { id: c.id ?? `q${i + 1}`, query: c.query, suite, expect: { tool: caseTool(c.expect) } };
  if (c.expect.notTools) out.expect.notTools = c.expect.notTools;
  if (c.expect.args) out.expect.args = normaliseArgs(c.expect.args);
  if (c.expect.calls) out.expect.calls = normaliseCalls(c.expect.calls);
  if (c.expect.missingTool) out.expect.missingTool = true;
  if (c.expect.asksFor) out.expect.asksFor = c.expect.asksFor;
  if (c.tags) out.tags = c.tags;
  if (c.draft) out.draft = true;
  return out;
}

/** The label tool of a case: `tool`, else the first step's, else none (missingTool, asksFor). */
function caseTool(e: RawCase['expect']): string | string[] | null {
  if (e.tool !== undefined) return e.tool;
  const steps = Array.isArray(e.calls) ? e.calls : e.calls?.steps;
  return steps?.[0]?.tool ?? null;
}

function normaliseCalls(calls: NonNullable<RawCase['expect']['calls']>): ExpectedCalls {
  const raw = Array.isArray(calls) ? { steps: calls } : calls;
  const steps = raw.steps.map((s) => ({ tool: s.tool, ...(s.args ? { args: normaliseArgs(s.args) } : {}) }));
  return { order: raw.order ?? 'in-order', ...(raw.maxExtra !== undefined ? { maxExtra: raw.maxExtra } : {}), steps };
}

/** The list without its "" entries, integers past 2^53 keeping their digits at their new places. */
function withoutBlanks(spec: JsonValue[]): JsonValue[] {
  const values = spec.filter((v) => v !== '');
  const index: number[] = [];
  let kept = 0;
  spec.forEach((v, i) => (index[i] = v !== '' ? kept++ : -1));
  carryExactIntegers(spec, values, (old) => index[old] ?? -1);
  return values;
}

export function normaliseArgs(args: NonNullable<RawCase['expect']['args']>): Record<string, ExpectedArg> {
  const out: Record<string, ExpectedArg> = {};
  for (const [key, spec] of Object.entries(args)) {
    if (Array.isArray(spec)) {
      // BFCL marks an optional argument with "" among its acceptable values.
      // The parsed list itself when it has none (most do): no copy per argument of every case.
      const values = spec.includes('') ? withoutBlanks(spec) : spec;
      out[key] = { anyOf: values, optional: values.length < spec.length };
    } else if ('any' in spec) {
      out[key] = { anyOf: [], optional: spec.optional ?? false, any: true };
    } else {
      out[key] = { anyOf: spec.anyOf, optional: spec.optional ?? false };
    }
  }
  return out;
}

/** Where a tool or parameter is first named: the case's place, its id, and the name's place within the case. */
export interface CaseRef {
  index: number;
  id: string;
  at: number;
}

/** The first case naming each tool (expected, in steps, in notTools) and each asked-for parameter. */
export interface CaseRefs {
  tools: Map<string, CaseRef>;
  params: Map<string, CaseRef>;
}

export function emptyRefs(): CaseRefs {
  return { tools: new Map(), params: new Map() };
}

/** Notes the names case `c` (at `index`) uses, keeping only each name's first case. */
export function noteRefs(refs: CaseRefs, c: SelectionCase, index: number): void {
  const expected = c.expect.tool === null ? [] : Array.isArray(c.expect.tool) ? c.expect.tool : [c.expect.tool];
  const steps = c.expect.calls?.steps.map((s) => s.tool) ?? [];
  [...expected, ...steps, ...(c.expect.notTools ?? [])].forEach((name, at) => {
    if (!refs.tools.has(name)) refs.tools.set(name, { index, id: c.id, at });
  });
  (c.expect.asksFor ?? []).forEach((param, at) => {
    if (!refs.params.has(param)) refs.params.set(param, { index, id: c.id, at });
  });
}

/** The names `cases` use, first case of each. */
export function caseRefs(cases: readonly SelectionCase[]): CaseRefs {
  const refs = emptyRefs();
  cases.forEach((c, i) => noteRefs(refs, c, i));
  return refs;
}

/**
 * Checks the expectations against the tools the model will see: an expected tool nobody lists is an
 * input error, since the case could never pass. The first problem in file order is reported (within
 * a case, tools before asked-for parameters).
 */
export function checkQuerySetTools(set: QuerySet, toolNames: ReadonlySet<string>, params?: ReadonlySet<string>): void {
  checkCaseRefs(set.file, caseRefs(set.cases), toolNames, params);
  checkScenarioTools(set.file, set.scenarios, toolNames);
}

/** The name first used in file order (case, then place in the case) among those `known` lacks. */
function firstUnknown(refs: ReadonlyMap<string, CaseRef>, known: ReadonlySet<string>): [string, CaseRef] | undefined {
  let first: [string, CaseRef] | undefined;
  for (const entry of refs) {
    if (known.has(entry[0])) continue;
    if (!first || entry[1].index < first[1].index || (entry[1].index === first[1].index && entry[1].at < first[1].at)) first = entry;
  }
  return first;
}

export function checkCaseRefs(file: string, refs: CaseRefs, toolNames: ReadonlySet<string>, params?: ReadonlySet<string>): void {
  const tool = firstUnknown(refs.tools, toolNames);
  const param = params ? firstUnknown(refs.params, params) : undefined;
  if (tool && (!param || tool[1].index <= param[1].index)) {
    const [name, ref] = tool;
    throw new ToolvetError('E_UNKNOWN_TOOL', `query set ${file}: case "${ref.id}" ($.cases[${ref.index}]) expects tool "${name}", which no server lists`, {
      file,
      path: `$.cases[${ref.index}].expect`,
      tool: name,
      hint: `listed tools: ${[...toolNames].sort().join(', ') || '(none)'}; fix the name or start the server that has it (--server)`,
    });
  }
  if (param) {
    const [name, ref] = param;
    throw new ToolvetError('E_FILE_INVALID', `query set ${file}: case "${ref.id}" ($.cases[${ref.index}]) asks for "${name}", which no listed tool takes`, {
      file,
      path: `$.cases[${ref.index}].expect.asksFor`,
      hint: `asksFor names a parameter of a listed tool: ${[...params!].sort().slice(0, 20).join(', ') || '(none)'}`,
    });
  }
}
