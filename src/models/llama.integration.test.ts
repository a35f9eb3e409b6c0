/**
 * The openai driver against a real llama.cpp llama-server (../shared/llama/start-llama-server, a tiny
 * random-weight model). Its choices are noise, so this checks plumbing: well-formed responses, real
 * tool_calls mapped with names and raw arguments, cut-off arguments returned as data, and the real
 * server's 400s coded. Skips, saying why, where the script or root is missing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import { LLAMA_MODEL, llamaSkipReason, sharedLlamaBaseUrl } from '../testing/llama.ts';
import type { ModelDriver, ModelResponse, ToolDefinition } from '../types.ts';
import { createOpenAIModel } from './openai.ts';

const skipReason = llamaSkipReason();
if (skipReason) console.log(`[llama integration] skipped: ${skipReason}`);

const tools: ToolDefinition[] = [
  {
    name: 'search_items',
    description: 'Search the reference library by words. Do NOT use for fetching one known item.',
    inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'search words' } }, required: ['query'] },
  },
  {
    name: 'get_item',
    description: 'Get one library item by its key.',
    inputSchema: { type: 'object', properties: { key: { type: 'string', description: 'item key' } }, required: ['key'] },
  },
];
const toolNames = tools.map((t) => t.name);

/** Shape checks that hold for any answer, however nonsensical the model. */
function expectWellFormed(response: ModelResponse): void {
  expect(['stop', 'tool_calls', 'length']).toContain(response.finishReason);
  expect(typeof response.text).toBe('string');
  expect(response.model).toMatch(/tiny-random/);
  expect(response.usage?.promptTokens).toBeGreaterThan(0);
  expect(response.usage?.completionTokens).toBeGreaterThan(0);
  for (const call of response.toolCalls) {
    expect(call.id).not.toBe('');
    expect(toolNames).toContain(call.name);
    expect(typeof call.rawArguments).toBe('string');
    let parsed: unknown;
    try {
      parsed = JSON.parse(call.rawArguments);
    } catch {
      parsed = undefined;
    }
    const isObject = typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed);
    if (isObject) expect(call.arguments).toEqual(parsed);
    else expect(call.arguments).toBeUndefined();
  }
}

describe.skipIf(skipReason !== undefined)('openai driver against a real llama.cpp server', () => {
  let driver: ModelDriver;

  beforeAll(async () => {
    // One server shared by every test file (started under a lock, stopped by the global setup):
    // the first run debootstraps Debian sid, a minute or more.
    const baseUrl = await sharedLlamaBaseUrl();
    driver = createOpenAIModel({ baseUrl, modelName: LLAMA_MODEL, maxRetries: 0, timeoutMs: 30_000 });
  }, 660_000);

  it('answers tool requests with well-formed responses and real tool_calls', async () => {
    const responses: ModelResponse[] = [];
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      responses.push(
        await driver.complete({
          messages: [{ role: 'user', content: 'find papers about bees' }],
          tools,
          toolChoice: 'required',
          maxTokens: 200,
          seed,
        }),
      );
    }
    responses.forEach(expectWellFormed);
    // Random weights, but the constrained grammar still yields calls to listed tools.
    expect(responses.flatMap((r) => r.toolCalls).length).toBeGreaterThan(0);
  });

  it('returns cut-off arguments as data: finish_reason length and no parsed arguments', async () => {
    const truncated: ModelResponse[] = [];
    for (const seed of [1, 2, 3, 4, 5, 6]) {
      const response = await driver.complete({
        messages: [{ role: 'user', content: 'find bees' }],
        tools,
        toolChoice: 'required',
        maxTokens: 60,
        seed,
      });
      expectWellFormed(response);
      expect(response.finishReason).toBe('length');
      if (response.toolCalls.some((c) => c.arguments === undefined)) truncated.push(response);
    }
    expect(truncated.length).toBeGreaterThan(0);
  });

  it('answers without tools in prose', async () => {
    const response = await driver.complete({ messages: [{ role: 'user', content: 'hello' }], tools: [], maxTokens: 20, seed: 1 });
    expectWellFormed(response);
    expect(response.toolCalls).toEqual([]);
  });

  it('accepts a conversation with an assistant tool call and its tool result', async () => {
    const response = await driver.complete({
      messages: [
        { role: 'user', content: 'find bees' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'search_items', rawArguments: '{"query":"bees"}', arguments: { query: 'bees' } }] },
        { role: 'tool', content: '{"success": true, "data": {"items": []}}', toolCallId: 'call_1' },
      ],
      tools,
      maxTokens: 40,
      seed: 1,
    });
    expectWellFormed(response);
  });

  it('codes its 400 for an unusable tool schema as E_MODEL_HTTP, not a context error', async () => {
    const broken: ToolDefinition = { name: 'broken', description: 'x', inputSchema: { type: 'objekt', properties: 5 } };
    const error = await driver
      .complete({ messages: [{ role: 'user', content: 'hi' }], tools: [broken], maxTokens: 5 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolvetError);
    expect((error as ToolvetError).code).toBe('E_MODEL_HTTP');
    expect((error as ToolvetError).message).toMatch(/HTTP 400.*unrecognized type objekt/);
  });

  it('codes the real context-exceeded answer as E_MODEL_CONTEXT', async () => {
    const error = await driver
      .complete({ messages: [{ role: 'user', content: 'a b '.repeat(20_000) }], tools: [], maxTokens: 5 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolvetError);
    expect((error as ToolvetError).code).toBe('E_MODEL_CONTEXT');
    expect((error as ToolvetError).message).toContain('HTTP 400');
  });
});
