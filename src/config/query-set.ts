/**
 * Query sets: the selection cases, in JSON or YAML, validated with ajv.
 *   {servers?: [name], cases: [{id?, query, expect: {tool, notTools?, args?}, tags?}]}
 * `args` follows the Berkeley Function Calling Leaderboard: each argument lists acceptable values;
 * `{anyOf: [...], optional: true}` also lets it be absent (as does BFCL's "" in the list);
 * `{any: true}` accepts any value, for free text a case cannot predict.
 */
import { basename, extname, resolve } from 'node:path';
import { ToolproofError } from '../errors.ts';
import type { ExpectedArg, JsonValue, SelectionCase } from '../types.ts';
import { readDataFile } from './read-file.ts';
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
}

const toolName = { type: 'string', minLength: 1 } as const;

const querySetSchema = {
  type: 'object',
  required: ['cases'],
  properties: {
    name: { type: 'string', minLength: 1 },
    description: { type: 'string' },
    servers: { type: 'array', items: { type: 'string', minLength: 1 }, minItems: 1 },
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
          expect: {
            type: 'object',
            required: ['tool'],
            properties: {
              tool: { anyOf: [toolName, { type: 'null' }, { type: 'array', items: toolName, minItems: 1 }] },
              notTools: { type: 'array', items: toolName },
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
} as const;

interface RawCase {
  id?: string;
  query: string;
  tags?: string[];
  expect: {
    tool: string | string[] | null;
    notTools?: string[];
    args?: Record<string, JsonValue[] | { anyOf: JsonValue[]; optional?: boolean } | { any: true; optional?: boolean }>;
  };
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

const HINT = 'a query set is {"cases": [{"query": "...", "expect": {"tool": "name" | null}}]}; see the README, "Query sets"';

export function loadQuerySet(path: string): QuerySet {
  const file = resolve(path);
  const raw = validateData<{ name?: string; servers?: string[]; cases?: RawCase[]; scenarios?: RawScenario[]; isolation?: Isolation }>(
    fullSchema,
    readDataFile(file, 'query set'),
    file,
    'query set',
    HINT,
  );
  const name = raw.name ?? basename(file, extname(file));
  const seen = new Map<string, number>();
  const cases = (raw.cases ?? []).map((c, i): SelectionCase => {
    const id = c.id ?? `q${i + 1}`;
    if (seen.has(id)) {
      throw new ToolproofError('E_FILE_INVALID', `query set ${file}: $.cases[${i}].id "${id}" repeats $.cases[${seen.get(id)}].id`, {
        file,
        path: `$.cases[${i}].id`,
        hint: 'give every case a unique id, or leave ids out to number them',
      });
    }
    seen.set(id, i);
    const out: SelectionCase = { id, query: c.query, suite: name, expect: { tool: c.expect.tool } };
    if (c.expect.notTools) out.expect.notTools = c.expect.notTools;
    if (c.expect.args) out.expect.args = normaliseArgs(c.expect.args);
    if (c.tags) out.tags = c.tags;
    return out;
  });
  const scenarios = normaliseScenarios(raw.scenarios ?? [], name, file, normaliseArgs);
  return { file, name, ...(raw.servers ? { servers: raw.servers } : {}), cases, scenarios, isolation: raw.isolation ?? 'scenario' };
}

export function normaliseArgs(args: NonNullable<RawCase['expect']['args']>): Record<string, ExpectedArg> {
  const out: Record<string, ExpectedArg> = {};
  for (const [key, spec] of Object.entries(args)) {
    if (Array.isArray(spec)) {
      // BFCL marks an optional argument with "" among its acceptable values.
      const values = spec.filter((v) => v !== '');
      out[key] = { anyOf: values, optional: values.length < spec.length };
    } else if ('any' in spec) {
      out[key] = { anyOf: [], optional: spec.optional ?? false, any: true };
    } else {
      out[key] = { anyOf: spec.anyOf, optional: spec.optional ?? false };
    }
  }
  return out;
}

/**
 * Checks the expectations against the tools the model will see: an expected tool nobody lists is an
 * input error, since the case could never pass.
 */
export function checkQuerySetTools(set: QuerySet, toolNames: ReadonlySet<string>): void {
  set.cases.forEach((c, i) => {
    const expected = c.expect.tool === null ? [] : Array.isArray(c.expect.tool) ? c.expect.tool : [c.expect.tool];
    for (const name of [...expected, ...(c.expect.notTools ?? [])]) {
      if (!toolNames.has(name)) {
        throw new ToolproofError('E_UNKNOWN_TOOL', `query set ${set.file}: case "${c.id}" ($.cases[${i}]) expects tool "${name}", which no server lists`, {
          file: set.file,
          path: `$.cases[${i}].expect`,
          tool: name,
          hint: `listed tools: ${[...toolNames].sort().join(', ') || '(none)'}; fix the name or start the server that has it (--server)`,
        });
      }
    }
  });
  checkScenarioTools(set.file, set.scenarios, toolNames);
}
