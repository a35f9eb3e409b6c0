/**
 * The simulated host of a trigger eval: one tool, `load_skill`, whose `skill` parameter is
 * `oneOf: [{const: NAME, description: DESCRIPTION}, ...]` over every discovered skill.
 *
 * Why oneOf and not a bare `enum`: an enum carries names only, while a host shows the model each
 * skill's name with its description, and the description is what the eval measures. `oneOf` of
 * `const` + `description` is plain JSON Schema that OpenAI-compatible endpoints accept, and the mock
 * model scores each alternative by its own description.
 */
import type { ToolCall, ToolDefinition } from '../types.ts';

export const LOAD_SKILL = 'load_skill';

export const TRIGGER_SYSTEM_PROMPT =
  'You are an agent host with skills. The load_skill tool lists every skill with a description of when it applies. ' +
  "When a skill fits the user's request, call load_skill with its name before doing anything else. " +
  'When no skill fits, answer directly without calling any tool.';

export interface OfferedSkill {
  name: string;
  description: string;
}

export function loadSkillTool(skills: readonly OfferedSkill[]): ToolDefinition {
  return {
    name: LOAD_SKILL,
    description: "Load the instructions of one skill. Call it first when a listed skill fits the user's request.",
    inputSchema: {
      type: 'object',
      properties: {
        skill: {
          type: 'string',
          description: 'Name of the skill to load.',
          oneOf: skills.map((s) => ({ const: s.name, description: s.description })),
        },
      },
      required: ['skill'],
      additionalProperties: false,
    },
  };
}

/** What a response loaded: a skill name, `(none)` without a load_skill call, `(invalid)` for a call naming no listed skill. */
export function loadedSkill(calls: readonly ToolCall[], offered: ReadonlySet<string>): string {
  const call = calls.find((c) => c.name === LOAD_SKILL);
  if (!call) return calls.length > 0 ? '(invalid)' : '(none)';
  const value = call.arguments?.skill;
  return typeof value === 'string' && offered.has(value) ? value : '(invalid)';
}
