/**
 * The part of an OpenAI chat-completions request the mock server reads, as JSON Schema. Unknown keys
 * (top_p, user, response_format...) are allowed, since real clients send them; wrong types are not.
 */
export const chatRequestSchema = {
  type: 'object',
  required: ['model', 'messages'],
  properties: {
    model: { type: 'string' },
    messages: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['role'],
        properties: {
          role: { enum: ['system', 'developer', 'user', 'assistant', 'tool'] },
          content: {
            anyOf: [
              { type: 'string' },
              { type: 'null' },
              { type: 'array', items: { type: 'object', required: ['type'], properties: { type: { type: 'string' }, text: { type: 'string' } } } },
            ],
          },
          tool_call_id: { type: 'string' },
          tool_calls: {
            type: 'array',
            items: {
              type: 'object',
              required: ['id', 'function'],
              properties: {
                id: { type: 'string' },
                type: { const: 'function' },
                function: {
                  type: 'object',
                  required: ['name', 'arguments'],
                  properties: { name: { type: 'string' }, arguments: { type: 'string' } },
                },
              },
            },
          },
        },
      },
    },
    tools: {
      type: 'array',
      items: {
        type: 'object',
        required: ['type', 'function'],
        properties: {
          type: { const: 'function' },
          function: {
            type: 'object',
            required: ['name'],
            properties: {
              name: { type: 'string', minLength: 1 },
              description: { type: 'string' },
              parameters: { type: 'object' },
            },
          },
        },
      },
    },
    tool_choice: {
      anyOf: [
        { enum: ['auto', 'none', 'required'] },
        {
          type: 'object',
          required: ['type', 'function'],
          properties: {
            type: { const: 'function' },
            function: { type: 'object', required: ['name'], properties: { name: { type: 'string' } } },
          },
        },
      ],
    },
    temperature: { type: 'number', minimum: 0, maximum: 2 },
    max_tokens: { type: 'integer', minimum: 1 },
    max_completion_tokens: { type: 'integer', minimum: 1 },
    seed: { type: 'integer' },
    stream: { type: 'boolean' },
    stream_options: { type: 'object', properties: { include_usage: { type: 'boolean' } } },
  },
} as const;
