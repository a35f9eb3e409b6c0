import { describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
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
    expect(error).toBeInstanceOf(ToolvetError);
    expect((error as ToolvetError).code).toBe('E_USAGE');
  });

  it('refuses credentials in the base URL (fetch never sends them) without printing them', () => {
    let error: unknown;
    try {
      createModel({ kind: 'openai', baseUrl: 'https://alice:s3cret@llm.example.com/v1', modelName: 'qwen3' });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'E_USAGE' });
    expect(String((error as Error).message)).toContain('https://llm.example.com/v1');
    expect(String((error as Error).message)).not.toMatch(/alice|s3cret/);
    expect(String((error as { hint?: string }).hint)).toContain('TOOLVET_API_KEY');
  });
});
