/**
 * The scenario part of a query set: its JSON Schema (validated with the cases, in the same strict
 * way) and the step from the file's shape to `Scenario`. See docs/scenarios.md for every key.
 */
import type { InputAnswer } from '../servers/input-requests.ts';
import { ToolvetError } from '../errors.ts';
import { ambiguousToolError, type ToolRoutes } from '../servers/tool-routing.ts';
import type { ExpectedArg, JsonValue } from '../types.ts';
import { DEFAULT_SCENARIO_MAX_TURNS, type CallOrder, type Isolation, type Scenario, type ScenarioExpect } from '../run/scenario-types.ts';

const toolName = { type: 'string', minLength: 1 } as const;
const strings = { type: 'array', items: { type: 'string', minLength: 1 } } as const;
const positive = { type: 'integer', minimum: 1 } as const;

/** The schema of `scenarios`, given the schema of a case's `args` (steps match arguments the same way). */
export function scenarioListSchema(argsSchema: object): object {
  return {
    type: 'array',
    minItems: 1,
    items: {
      type: 'object',
      required: ['query'],
      properties: {
        id: { type: 'string', minLength: 1 },
        system: { type: 'string' },
        messages: {
          type: 'array',
          items: {
            type: 'object',
            required: ['role', 'content'],
            properties: { role: { enum: ['user', 'assistant'] }, content: { type: 'string' } },
            additionalProperties: false,
          },
        },
        query: { type: 'string', minLength: 1 },
        maxTurns: positive,
        allow: { type: 'array', items: toolName },
        answers: {
          type: 'array',
          items: {
            type: 'object',
            required: ['match'],
            properties: { match: { type: 'string', minLength: 1 }, accept: { type: 'object' }, decline: { const: true }, cancel: { const: true } },
            oneOf: [
              { required: ['accept'], properties: { accept: { type: 'object' } } },
              { required: ['decline'], properties: { decline: { const: true } } },
              { required: ['cancel'], properties: { cancel: { const: true } } },
            ],
            additionalProperties: false,
          },
        },
        tags: { type: 'array', items: { type: 'string' } },
        expect: {
          type: 'object',
          properties: {
            calls: {
              type: 'object',
              required: ['steps'],
              properties: {
                order: { enum: ['exact', 'in-order', 'any-order'] },
                maxExtra: { type: 'integer', minimum: 0 },
                steps: {
                  type: 'array',
                  items: { type: 'object', required: ['tool'], properties: { tool: toolName, args: argsSchema }, additionalProperties: false },
                },
              },
              additionalProperties: false,
            },
            notTools: { type: 'array', items: toolName },
            results: { type: 'object', properties: { noErrors: { type: 'boolean' } }, additionalProperties: false },
            answer: {
              type: 'object',
              properties: { contains: strings, matches: { type: 'string', minLength: 1 }, notContains: strings },
              additionalProperties: false,
            },
            state: {
              type: 'object',
              required: ['call'],
              properties: {
                call: {
                  type: 'object',
                  required: ['tool'],
                  properties: { tool: toolName, args: { type: 'object' } },
                  additionalProperties: false,
                },
                contains: strings,
                matches: { type: 'string', minLength: 1 },
                notContains: strings,
              },
              additionalProperties: false,
            },
            budget: {
              type: 'object',
              properties: { turns: positive, tokens: positive, latencyMs: { type: 'number', exclusiveMinimum: 0 } },
              additionalProperties: false,
            },
            judge: {
              type: 'object',
              required: ['expectation'],
              properties: { expectation: { type: 'string', minLength: 1 }, rubric: { type: 'array', items: { type: 'string', minLength: 1 } } },
              additionalProperties: false,
            },
          },
          additionalProperties: false,
        },
      },
      additionalProperties: false,
    },
  };
}

export const isolationSchema = { enum: ['scenario', 'run'] } as const;

type RawArgs = Record<string, JsonValue[] | { anyOf: JsonValue[]; optional?: boolean } | { any: true; optional?: boolean }>;

export interface RawScenario {
  id?: string;
  system?: string;
  messages?: Array<{ role: 'user' | 'assistant'; content: string }>;
  query: string;
  maxTurns?: number;
  allow?: string[];
  answers?: InputAnswer[];
  tags?: string[];
  expect?: Omit<ScenarioExpect, 'calls' | 'state'> & {
    calls?: { order?: CallOrder; maxExtra?: number; steps: Array<{ tool: string; args?: RawArgs }> };
    state?: { call: { tool: string; args?: Record<string, JsonValue> }; contains?: string[]; matches?: string; notContains?: string[] };
  };
}

export function normaliseScenarios(
  raw: RawScenario[],
  suite: string,
  file: string,
  normaliseArgs: (args: RawArgs) => Record<string, ExpectedArg>,
): Scenario[] {
  const seen = new Map<string, number>();
  return raw.map((s, i): Scenario => {
    const id = s.id ?? `s${i + 1}`;
    const path = `$.scenarios[${i}]`;
    if (seen.has(id)) {
      throw new ToolvetError('E_FILE_INVALID', `query set ${file}: ${path}.id "${id}" repeats $.scenarios[${seen.get(id)}].id`, {
        file,
        path: `${path}.id`,
        hint: 'give every scenario a unique id, or leave ids out to number them',
      });
    }
    seen.set(id, i);
    for (const [key, pattern] of [
      ['answer.matches', s.expect?.answer?.matches],
      ['state.matches', s.expect?.state?.matches],
    ] as const) {
      if (pattern === undefined) continue;
      try {
        new RegExp(pattern, 'i');
      } catch (error) {
        throw new ToolvetError('E_FILE_INVALID', `query set ${file}: ${path}.expect.${key} is not a valid regular expression: ${(error as Error).message}`, {
          file,
          path: `${path}.expect.${key}`,
          hint: 'write a JavaScript regular expression without slashes, e.g. "oat ?milk"; it is matched case-insensitively',
        });
      }
    }
    const { calls, state, ...rest } = s.expect ?? {};
    const expect: ScenarioExpect = { ...rest };
    if (calls) {
      expect.calls = {
        order: calls.order ?? 'in-order',
        ...(calls.maxExtra !== undefined ? { maxExtra: calls.maxExtra } : {}),
        steps: calls.steps.map((step) => ({ tool: step.tool, ...(step.args ? { args: normaliseArgs(step.args) } : {}) })),
      };
    }
    if (state) expect.state = { ...state, call: { tool: state.call.tool, args: state.call.args ?? {} } };
    const out: Scenario = { id, suite, query: s.query, maxTurns: s.maxTurns ?? DEFAULT_SCENARIO_MAX_TURNS, allow: s.allow ?? [], expect };
    if (s.system !== undefined) out.system = s.system;
    if (s.messages) out.messages = s.messages;
    if (s.answers) out.answers = s.answers;
    if (s.tags) out.tags = s.tags;
    return out;
  });
}

/**
 * Every tool a scenario names must be offered by its servers: a typo could otherwise never pass (or
 * never run). With `routes`, a name two selected servers list is an E_AMBIGUOUS_TOOL error naming
 * both, and `allow` and the state call may also name any tool as `server__tool`.
 */
export function checkScenarioTools(file: string, scenarios: readonly Scenario[], toolNames: ReadonlySet<string>, routes?: ToolRoutes): void {
  scenarios.forEach((s, i) => {
    const named: Array<[string, string, boolean]> = [
      ...s.allow.map((t): [string, string, boolean] => [t, 'allow', true]),
      ...(s.expect.calls?.steps ?? []).map((step, j): [string, string, boolean] => [step.tool, `expect.calls.steps[${j}]`, false]),
      ...(s.expect.notTools ?? []).map((t): [string, string, boolean] => [t, 'expect.notTools', false]),
      ...(s.expect.state ? [[s.expect.state.call.tool, 'expect.state.call', true] as [string, string, boolean]] : []),
    ];
    for (const [name, where, qualifiedToo] of named) {
      const path = `$.scenarios[${i}].${where}`;
      const found = routes?.lookup(name, qualifiedToo);
      if (found && 'ambiguous' in found) throw ambiguousToolError(name, found.ambiguous, { what: `query set ${file}: scenario "${s.id}" (${path})`, file, path });
      if (found ? 'found' in found : toolNames.has(name)) continue;
      throw new ToolvetError('E_UNKNOWN_TOOL', `query set ${file}: scenario "${s.id}" (${path}) names tool "${name}", which no server lists`, {
        file,
        path,
        tool: name,
        hint: `listed tools: ${[...toolNames].sort().join(', ') || '(none)'}; fix the name or start the server that has it (--server)`,
      });
    }
  });
}

export type { Isolation };
