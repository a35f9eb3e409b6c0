/**
 * The openai driver against a scripted endpoint over real HTTP on 127.0.0.1: every transport fault
 * becomes a coded ToolvetError naming the URL; cut-off arguments come back as data.
 */
import net from 'node:net';
import { inspect } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToolvetError, formatError, toErrorInfo } from '../errors.ts';
import type { ModelRequest, ToolDefinition } from '../types.ts';
import { createOpenAIModel, type OpenAIModelOptions } from './openai.ts';

/** Every fault runs against both request paths: the lean fetch (default) and the openai package's client. */
let currentTransport: 'lean' | 'sdk' = 'lean';
import { startFaultEndpoint, type FaultEndpoint, type FaultReply } from './testing/fault-endpoint.ts';
import * as reply from './testing/replies.ts';

const SECRET = 'sk-test-PLANTED-0123456789abcdef';

const searchTool: ToolDefinition = {
  name: 'search_items',
  description: 'Search the reference library by words.',
  inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'words' } }, required: ['query'] },
};
const request: ModelRequest = { messages: [{ role: 'user', content: 'find papers on bees' }], tools: [searchTool] };

let endpoint: FaultEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

async function driverFor(script: FaultReply[], options: Partial<OpenAIModelOptions> = {}) {
  endpoint = await startFaultEndpoint(script);
  return createOpenAIModel({ transport: currentTransport,
    baseUrl: endpoint.url,
    modelName: 'fault-model',
    maxRetries: 0,
    timeoutMs: 5_000,
    env: { TOOLVET_API_KEY: SECRET },
    ...options,
  });
}

/** Runs the request, expecting a ToolvetError, and checks the key shows nowhere in it. */
async function failure(promise: Promise<unknown>): Promise<ToolvetError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ToolvetError);
  const everything = [inspect(error, { depth: 10 }), JSON.stringify(toErrorInfo(error)), formatError(error)].join('\n');
  expect(everything).not.toContain(SECRET);
  return error as ToolvetError;
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe.each(['lean', 'sdk'] as const)('openai driver against faults (%s request path)', (transport) => {
  beforeAll(() => {
    currentTransport = transport;
  });

  it('sends the key as a bearer token and our tools in the wire format', async () => {
    const driver = await driverFor([reply.toolCall('search_items', { query: 'bees' })]);
    const response = await driver.complete({ ...request, toolChoice: 'required', maxTokens: 50, temperature: 0 });
    expect(response.toolCalls).toEqual([
      { id: expect.any(String), name: 'search_items', rawArguments: '{"query":"bees"}', arguments: { query: 'bees' } },
    ]);
    expect(response.finishReason).toBe('tool_calls');
    expect(response.usage).toEqual({ promptTokens: 10, completionTokens: 5 });
    const sent = endpoint!.requests[0];
    expect(sent.headers.authorization).toBe(`Bearer ${SECRET}`);
    expect(sent.body).toMatchObject({
      model: 'fault-model',
      messages: [{ role: 'user', content: 'find papers on bees' }],
      tools: [{ type: 'function', function: { name: 'search_items', parameters: searchTool.inputSchema } }],
      tool_choice: 'required',
      max_tokens: 50,
      temperature: 0,
    });
    expect(JSON.stringify(response)).not.toContain(SECRET);
  });

  it('sends a placeholder key when no variable is set, and reads a named variable', async () => {
    const driver = await driverFor([reply.textAnswer('hi'), reply.textAnswer('hi')], { env: {} });
    await driver.complete(request);
    expect(endpoint!.requests[0].headers.authorization).toBe('Bearer sk-no-key');
    const named = createOpenAIModel({ transport: currentTransport, baseUrl: endpoint!.url, modelName: 'm', apiKeyEnv: 'MY_KEY', env: { MY_KEY: 'k-123', TOOLVET_API_KEY: 'other' } });
    await named.complete(request);
    expect(endpoint!.requests[1].headers.authorization).toBe('Bearer k-123');
  });

  it('refused: names the URL, says the runner is not running and how to start one', async () => {
    const port = await closedPort();
    const driver = createOpenAIModel({ transport: currentTransport, baseUrl: `http://127.0.0.1:${port}/v1`, modelName: 'm', maxRetries: 0, env: { TOOLVET_API_KEY: SECRET } });
    const error = await failure(driver.complete(request));
    expect(error.code).toBe('E_MODEL_REFUSED');
    expect(error.message).toContain(`http://127.0.0.1:${port}/v1`);
    expect(error.message).toMatch(/not running/);
    expect(error.hint).toMatch(/ollama serve/);
    expect(error.hint).toMatch(/llama-server -m .* --jinja --port/);
  });

  it('a base URL without a scheme is a usage error at creation', () => {
    expect(() => createOpenAIModel({ transport: currentTransport, baseUrl: '127.0.0.1:11434/v1', modelName: 'm' })).toThrow(
      expect.objectContaining({ code: 'E_USAGE', hint: expect.stringContaining('http://127.0.0.1:11434/v1') }),
    );
  });

  it('500: E_MODEL_HTTP with the status and the body', async () => {
    const driver = await driverFor([reply.serverError()]);
    const error = await failure(driver.complete(request));
    expect(error.code).toBe('E_MODEL_HTTP');
    expect(error.message).toContain('HTTP 500');
    expect(error.message).toContain('Failed to parse tool call arguments');
    expect(error.url).toBe(`${endpoint!.url}/chat/completions`);
  });

  it('500 is retried, then succeeds', async () => {
    const driver = await driverFor([reply.serverError(), reply.textAnswer('fine')], { maxRetries: 1 });
    const response = await driver.complete(request);
    expect(response.text).toBe('fine');
    expect(endpoint!.requests).toHaveLength(2);
  });

  it('400 context exceeded: E_MODEL_CONTEXT with a hint on the context size', async () => {
    const driver = await driverFor([reply.contextExceeded()]);
    const error = await failure(driver.complete(request));
    expect(error.code).toBe('E_MODEL_CONTEXT');
    expect(error.message).toContain('exceeds the available context size');
    expect(error.hint).toMatch(/-c N|num_ctx/);
  });

  it('another 400 stays E_MODEL_HTTP', async () => {
    const driver = await driverFor([{ status: 400, json: { error: { message: "'messages' is required", type: 'invalid_request_error' } } }]);
    const error = await failure(driver.complete(request));
    expect(error.code).toBe('E_MODEL_HTTP');
    expect(error.message).toContain('HTTP 400');
  });

  it('429 with Retry-After is waited out, then succeeds', async () => {
    const driver = await driverFor([reply.rateLimited(1), reply.textAnswer('after the wait')], { maxRetries: 2 });
    const started = Date.now();
    const response = await driver.complete(request);
    expect(response.text).toBe('after the wait');
    expect(endpoint!.requests).toHaveLength(2);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('429 when retries run out, or the wait is too long: E_MODEL_RATE_LIMIT', async () => {
    const driver = await driverFor([reply.rateLimited(3600)], { maxRetries: 2 });
    const started = Date.now();
    const error = await failure(driver.complete(request));
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(error.code).toBe('E_MODEL_RATE_LIMIT');
    expect(error.message).toContain('Retry-After: 3600');
    expect(endpoint!.requests).toHaveLength(1);
  });

  it('timeout: E_MODEL_TIMEOUT naming the limit', async () => {
    const driver = await driverFor([reply.slow(reply.textAnswer('too late'), 3_000)], { timeoutMs: 300 });
    const error = await failure(driver.complete(request));
    expect(error.code).toBe('E_MODEL_TIMEOUT');
    expect(error.message).toContain('300 ms');
  });

  it('a body that stalls after the headers also times out', async () => {
    const driver = await driverFor([{ json: reply.completionBody({ content: 'x'.repeat(200) }), stallAfterBytes: 20 }], { timeoutMs: 400 });
    const error = await failure(driver.complete(request));
    expect(error.code).toBe('E_MODEL_TIMEOUT');
  });

  it('a body that is not JSON: E_MODEL_BAD_RESPONSE with a preview', async () => {
    const driver = await driverFor([reply.notJson()]);
    const error = await failure(driver.complete(request));
    expect(error.code).toBe('E_MODEL_BAD_RESPONSE');
    expect(error.message).toContain('Welcome to nginx');
  });

  it('a body labelled JSON that does not parse: E_MODEL_BAD_RESPONSE', async () => {
    const driver = await driverFor([reply.brokenJson()]);
    expect((await failure(driver.complete(request))).code).toBe('E_MODEL_BAD_RESPONSE');
  });

  it('JSON that is not a chat completion: E_MODEL_BAD_RESPONSE saying what is missing', async () => {
    const driver = await driverFor([{ json: { object: 'list', data: [] } }]);
    const error = await failure(driver.complete(request));
    expect(error.code).toBe('E_MODEL_BAD_RESPONSE');
    expect(error.message).toContain('"choices"');
  });

  it('a dropped connection: E_MODEL_BAD_RESPONSE, not a crash', async () => {
    const driver = await driverFor([{ destroy: true }]);
    expect((await failure(driver.complete(request))).code).toBe('E_MODEL_BAD_RESPONSE');
  });

  it('truncated arguments come back as data: finish_reason length, no parsed arguments', async () => {
    const driver = await driverFor([reply.truncatedArguments('search_items')]);
    const response = await driver.complete(request);
    expect(response.finishReason).toBe('length');
    expect(response.toolCalls).toHaveLength(1);
    expect(response.toolCalls[0].name).toBe('search_items');
    expect(response.toolCalls[0].rawArguments).toBe('{"query": "bees and');
    expect(response.toolCalls[0].arguments).toBeUndefined();
  });

  it('unparsable or non-object arguments come back without parsed arguments', async () => {
    const driver = await driverFor([reply.unparsableArguments('search_items'), reply.unparsableArguments('search_items', '["bees"]')]);
    expect((await driver.complete(request)).toolCalls[0].arguments).toBeUndefined();
    const second = await driver.complete(request);
    expect(second.toolCalls[0].rawArguments).toBe('["bees"]');
    expect('arguments' in second.toolCalls[0]).toBe(false);
  });

  it('a hallucinated tool name is passed through for the runner to judge', async () => {
    const driver = await driverFor([reply.hallucinatedTool('summon_unicorn')]);
    expect((await driver.complete(request)).toolCalls[0]).toMatchObject({ name: 'summon_unicorn', arguments: {} });
  });

  it('an endpoint that echoes the key in an error body never leaks it', async () => {
    endpoint = await startFaultEndpoint((req) => ({
      status: 401,
      json: { error: { message: `bad key ${String(req.headers.authorization)}`, type: 'auth' } },
    }));
    const driver = createOpenAIModel({ transport: currentTransport, baseUrl: endpoint.url, modelName: 'm', maxRetries: 0, env: { TOOLVET_API_KEY: SECRET } });
    const error = await failure(driver.complete(request));
    expect(error.code).toBe('E_MODEL_HTTP');
    expect(error.message).toContain('***');
    expect(error.hint).toContain('TOOLVET_API_KEY');
  });

  it('a cancelled request is E_INTERRUPTED', async () => {
    const driver = await driverFor([reply.slow(reply.textAnswer('late'), 3_000)]);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    expect((await failure(driver.complete({ ...request, signal: controller.signal }))).code).toBe('E_INTERRUPTED');
  });

  it('the tools-ignored runner answers in prose to a tools request', async () => {
    const script = reply.toolsIgnored();
    endpoint = await startFaultEndpoint(script);
    const driver = createOpenAIModel({ transport: currentTransport, baseUrl: endpoint.url, modelName: 'm', maxRetries: 0 });
    const response = await driver.complete(request);
    expect(response).toMatchObject({ toolCalls: [], finishReason: 'stop' });
    expect(script.asked.withTools).toBe(1);
  });
});
