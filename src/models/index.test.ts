import { describe, expect, it } from 'vitest';
import { ToolproofError } from '../errors.ts';
import { createModel } from './index.ts';

describe('createModel', () => {
  it('builds the mock, which answers offline', async () => {
    const model = createModel({ kind: 'mock' });
    expect(model.id).toBe('mock');
    const response = await model.complete({ messages: [{ role: 'user', content: 'hello' }], tools: [] });
    expect(response.toolCalls).toEqual([]);
  });

  it('builds the openai driver, named by model and URL, and codes a port fetch will not use as a usage error', async () => {
    const model = createModel({ kind: 'openai', baseUrl: 'http://127.0.0.1:9/v1/', modelName: 'qwen3', maxRetries: 0 });
    expect(model.id).toBe('openai:qwen3@http://127.0.0.1:9/v1');
    const error = await model.complete({ messages: [{ role: 'user', content: 'hi' }], tools: [] }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolproofError);
    expect((error as ToolproofError).code).toBe('E_USAGE');
  });

  it('keeps credentials in the base URL out of the driver id, which results and cassettes record', () => {
    const model = createModel({ kind: 'openai', baseUrl: 'https://alice:s3cret@llm.example.com/v1', modelName: 'qwen3' });
    expect(model.id).toBe('openai:qwen3@https://llm.example.com/v1');
  });
});
