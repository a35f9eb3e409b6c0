/**
 * The shapes of `evals/evals.json` found in the wild, one strict JSON Schema each, and how to tell
 * them apart. Every dialect may also carry `should_trigger` on a case (a Toolvet extension, default
 * true) so that near-miss negatives can sit in the same file.
 */
export type EvalDialect = 'spec' | 'skill-creator' | 'skill-creator-named' | 'assertions' | 'best-practices' | 'trigger-set';

/**
 * Top-level keys some collections add to an object-shaped evals file to describe it. None changes a
 * case, so they are accepted (the skill-evals-metadata rule notes them) instead of failing the file.
 */
export const EVALS_METADATA_KEYS: readonly string[] = ['category', 'version', 'description'];
const metadata = { category: { type: 'string' }, version: { type: ['string', 'number'] }, description: { type: 'string' } } as const;

const text = { type: 'string', minLength: 1 } as const;
const textList = { type: 'array', items: text } as const;
const id = { type: ['integer', 'string'] } as const;
const files = { type: 'array', items: { type: 'string' } } as const;
const shouldTrigger = { type: 'boolean' } as const;

/** Spec 2.3: `{"evals": [{"input", "expected_behavior": [...]}]}`. */
const specSchema = {
  type: 'object',
  properties: {
    evals: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: { id, input: text, expected_behavior: textList, should_trigger: shouldTrigger, files },
        required: ['input'],
        additionalProperties: false,
      },
    },
    ...metadata,
  },
  required: ['evals'],
  additionalProperties: false,
} as const;

/** The skill-creator shape: `{"skill_name", "evals": [{"id", "prompt", "expected_output", "files", "expectations"}]}`. */
const skillCreatorSchema = {
  type: 'object',
  properties: {
    skill_name: text,
    evals: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: { id, prompt: text, expected_output: { type: 'string' }, files, expectations: textList, should_trigger: shouldTrigger },
        required: ['prompt'],
        additionalProperties: false,
      },
    },
    ...metadata,
  },
  required: ['evals'],
  additionalProperties: false,
} as const;

/** The skill-creator shape with a readable `eval_name` on each case (seen in plugin repositories). */
const skillCreatorNamedSchema = {
  type: 'object',
  properties: {
    skill_name: text,
    evals: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: { id, eval_name: text, prompt: text, expected_output: { type: 'string' }, files, expectations: textList, should_trigger: shouldTrigger },
        required: ['prompt', 'eval_name'],
        additionalProperties: false,
      },
    },
    ...metadata,
  },
  required: ['evals'],
  additionalProperties: false,
} as const;

/** Graded assertions: strings, or `{text, passed, evidence}` records left by an earlier grading (ignored). */
const assertion = {
  anyOf: [
    text,
    {
      type: 'object',
      properties: { text, passed: { type: ['boolean', 'null'] }, evidence: { type: 'string' } },
      required: ['text'],
      additionalProperties: false,
    },
  ],
} as const;

const assertionsSchema = {
  type: 'object',
  properties: {
    skill_name: text,
    evals: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: {
          id,
          eval_name: { type: 'string' },
          prompt: text,
          input: text,
          query: text,
          expected_output: { type: 'string' },
          files,
          assertions: { type: 'array', items: assertion },
          should_trigger: shouldTrigger,
        },
        required: ['assertions'],
        // Exactly one of the three names for the user message.
        oneOf: ['prompt', 'input', 'query'].map((key) => ({ properties: { [key]: text }, required: [key] })),
        additionalProperties: false,
      },
    },
    ...metadata,
  },
  required: ['evals'],
  additionalProperties: false,
} as const;

/** The skill-authoring guide's shape: `{"skills", "query", "files", "expected_behavior"}`, one or a list. */
const bestPracticesCase = {
  type: 'object',
  properties: { id, skills: textList, query: text, files, expected_behavior: textList, should_trigger: shouldTrigger },
  required: ['query', 'expected_behavior'],
  additionalProperties: false,
} as const;
const bestPracticesSchema = { anyOf: [bestPracticesCase, { type: 'array', minItems: 1, items: bestPracticesCase }] } as const;

/** Trigger sets: `[{"query", "should_trigger"}]`. */
const triggerSetSchema = {
  type: 'array',
  minItems: 1,
  items: {
    type: 'object',
    properties: { id, query: text, should_trigger: { type: 'boolean' } },
    required: ['query', 'should_trigger'],
    additionalProperties: false,
  },
} as const;

export const DIALECT_SCHEMAS: Readonly<Record<EvalDialect, object>> = {
  spec: specSchema,
  'skill-creator': skillCreatorSchema,
  'skill-creator-named': skillCreatorNamedSchema,
  assertions: assertionsSchema,
  'best-practices': bestPracticesSchema,
  'trigger-set': triggerSetSchema,
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Which dialect a parsed file is written in, from its keys; undefined when it fits none. */
export function detectDialect(data: unknown): EvalDialect | undefined {
  if (Array.isArray(data)) {
    return data.length > 0 && data.every((c) => isRecord(c) && 'expected_behavior' in c) ? 'best-practices' : 'trigger-set';
  }
  if (!isRecord(data)) return undefined;
  if ('query' in data && !('evals' in data)) return 'best-practices';
  // `evals` of the wrong type still picks a dialect, so that the schema error names `$.evals`.
  if (!Array.isArray(data.evals)) return 'evals' in data ? ('skill_name' in data ? 'skill-creator' : 'spec') : undefined;
  const entries = data.evals.filter(isRecord);
  if (entries.some((c) => 'assertions' in c)) return 'assertions';
  if (entries.some((c) => 'eval_name' in c)) return 'skill-creator-named';
  if (entries.some((c) => 'prompt' in c) || 'skill_name' in data) return 'skill-creator';
  return 'spec';
}
