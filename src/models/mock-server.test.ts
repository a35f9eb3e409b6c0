/**
 * The mock model served over real HTTP on 127.0.0.1, driven by our openai driver and by the `openai`
 * package directly (streaming), plus raw requests for the error bodies.
 */
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ModelDriver, ToolDefinition } from '../types.ts';
import { createMockModel } from './mock.ts';
import { startMockServer, type MockServer } from './mock-server.ts';
import { createOpenAIModel } from './openai.ts';

const tools: ToolDefinition[] = [
  {
    name: 'search_papers',
    description: 'Search the reference library for papers matching words in their title or abstract.',
    inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'words to search for' } }, required: ['query'] },
  },
  {
    name: 'get_weather',
    description: 'Get the current weather forecast for a city.',
    inputSchema: { type: 'object', properties: { city: { type: 'string', description: 'city name' } }, required: ['city'] },
  },
];

let server: MockServer;
let driver: ModelDriver;

beforeAll(async () => {
  server = await startMockServer({ driver: createMockModel() });
  driver = createOpenAIModel({ baseUrl: server.url, modelName: 'toolvet-mock', maxRetries: 0, env: {} });
});
afterAll(async () => {
  await server.close();
});

async function post(body: unknown, path = '/chat/completions'): Promise<{ status: number; json: any }> {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

describe('mock server through the openai driver', () => {
  it('round-trips a tool call: the call, then the tool result, then a text answer', async () => {
    const question = { role: 'user' as const, content: 'search the library for papers about honey bees' };
    const first = await driver.complete({ messages: [question], tools });
    expect(first.finishReason).toBe('tool_calls');
    expect(first.toolCalls).toHaveLength(1);
    const call = first.toolCalls[0];
    expect(call.name).toBe('search_papers');
    expect(call.id).toMatch(/^call_/);
    expect(call.arguments).toEqual(JSON.parse(call.rawArguments));
    expect(first.usage?.promptTokens).toBeGreaterThan(0);
    expect(first.model).toBe('mock');

    const second = await driver.complete({
      messages: [
        question,
        { role: 'assistant', content: '', toolCalls: [call] },
        { role: 'tool', content: '{"success": true, "data": {"titles": ["Bee dances"]}}', toolCallId: call.id },
      ],
      tools,
    });
    expect(second.toolCalls).toEqual([]);
    expect(second.finishReason).toBe('stop');
    expect(second.text).toContain('Bee dances');
  });

  it('answers in text when no tool fits', async () => {
    const response = await driver.complete({ messages: [{ role: 'user', content: 'tell me a joke about cats' }], tools });
    expect(response.toolCalls).toEqual([]);
    expect(response.finishReason).toBe('stop');
    expect(response.text).not.toBe('');
  });

  it('honours a forced tool_choice and "none"', async () => {
    const messages = [{ role: 'user' as const, content: 'search the library for papers about honey bees' }];
    const forced = await driver.complete({ messages, tools, toolChoice: { name: 'get_weather' } });
    expect(forced.toolCalls.map((c) => c.name)).toEqual(['get_weather']);
    const none = await driver.complete({ messages, tools, toolChoice: 'none' });
    expect(none.toolCalls).toEqual([]);
  });
});

describe('mock server wire format', () => {
  it('answers in the real OpenAI shape', async () => {
    const { status, json } = await post({
      model: 'anything',
      messages: [{ role: 'user', content: 'search the library for papers about honey bees' }],
      tools: tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema } })),
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({
      id: expect.stringMatching(/^chatcmpl-/),
      object: 'chat.completion',
      created: expect.any(Number),
      choices: [
        {
          index: 0,
          finish_reason: 'tool_calls',
          message: { role: 'assistant', content: null, tool_calls: [{ id: expect.any(String), type: 'function', function: { name: 'search_papers', arguments: expect.any(String) } }] },
        },
      ],
      usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
    });
  });

  it('streams server-sent chunks that the openai package reassembles', async () => {
    const client = new OpenAI({ baseURL: server.url, apiKey: 'sk-no-key', maxRetries: 0 });
    const stream = await client.chat.completions.create({
      model: 'toolvet-mock',
      messages: [{ role: 'user', content: 'search the library for papers about honey bees' }],
      tools: tools.map((t) => ({ type: 'function' as const, function: { name: t.name, description: t.description, parameters: t.inputSchema } })),
      stream: true,
      stream_options: { include_usage: true },
    });
    const names: string[] = [];
    let finish: string | null = null;
    let usage: unknown;
    for await (const chunk of stream) {
      for (const call of chunk.choices[0]?.delta.tool_calls ?? []) if (call.function?.name) names.push(call.function.name);
      finish = chunk.choices[0]?.finish_reason ?? finish;
      usage = chunk.usage ?? usage;
    }
    expect(names).toEqual(['search_papers']);
    expect(finish).toBe('tool_calls');
    expect(usage).toMatchObject({ prompt_tokens: expect.any(Number) });
  });

  it('lists its model and reports health', async () => {
    const models = await (await fetch(`${server.url}/models`)).json();
    expect(models).toEqual({ object: 'list', data: [{ id: 'toolvet-mock', object: 'model', created: 0, owned_by: 'toolvet' }] });
    expect((await fetch(server.url.replace(/\/v1$/, '/health'))).status).toBe(200);
  });

  it.each([
    ['a body that is not JSON', '{"model": ', 400, /not valid JSON/, null],
    ['no messages', { model: 'm' }, 400, /messages is required/, 'messages'],
    ['a wrong role', { model: 'm', messages: [{ role: 'robot', content: 'x' }] }, 400, /must be equal to one of/, 'messages[0].role'],
    ['a tool message without tool_call_id', { model: 'm', messages: [{ role: 'tool', content: 'x' }] }, 400, /tool_call_id/, 'messages[0].tool_call_id'],
    [
      'tool_choice naming an unlisted tool',
      { model: 'm', messages: [{ role: 'user', content: 'x' }], tools: [{ type: 'function', function: { name: 'a' } }], tool_choice: { type: 'function', function: { name: 'b' } } },
      400,
      /"b", which is not in tools/,
      'tool_choice',
    ],
  ])('rejects %s with an OpenAI-style 400', async (_name, body, status, message, param) => {
    const response = await post(body);
    expect(response.status).toBe(status);
    expect(response.json.error.type).toBe('invalid_request_error');
    expect(response.json.error.message).toMatch(message);
    expect(response.json.error.param).toBe(param);
  });

  it('answers unknown paths with 404 and wrong methods with 405', async () => {
    expect((await post({}, '/completions')).status).toBe(404);
    expect((await fetch(`${server.url}/chat/completions`)).status).toBe(405);
  });
});
