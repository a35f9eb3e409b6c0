/**
 * The lean request path sends without Node's per-request copy (redirects refused), yet an endpoint
 * that redirects still gets its request followed, as before: the first answer's 307 or 308 is taken,
 * the same request sent again following it, and every later request follows from the start. Real HTTP
 * on 127.0.0.1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAIModel } from './openai.ts';

const ANSWER = JSON.stringify({
  id: 'c',
  object: 'chat.completion',
  created: 0,
  model: 'm',
  choices: [{ index: 0, finish_reason: 'tool_calls', message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'echo', arguments: '{"text":"hi"}' } }] } }],
  usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
});

let server: http.Server | undefined;

afterEach(async () => {
  const open = server;
  server = undefined;
  if (!open) return;
  open.closeAllConnections();
  await new Promise((resolve) => open.close(resolve));
});

/** `/old/...` answers `status` with a Location under `/new/`; `/new/...` answers a tool call. Returns the old base URL and what arrived. */
async function movedEndpoint(status: number): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      seen.push(`${req.method} ${req.url} ${body.length > 0 ? 'body' : 'empty'}`);
      if (req.url?.startsWith('/old/')) {
        res.writeHead(status, { location: `/new/${req.url.slice('/old/'.length)}` });
        res.end();
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(ANSWER);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/old`, seen };
}

const tools = [{ name: 'echo', description: 'Echo text.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } } }];
const ask = { messages: [{ role: 'user' as const, content: 'echo hi' }], tools };

describe('redirects on the lean path', () => {
  for (const status of [307, 308]) {
    it(`a ${status} from the endpoint is followed with the request's method and body, and later requests follow it at once`, async () => {
      const { url, seen } = await movedEndpoint(status);
      const model = createOpenAIModel({ baseUrl: url, modelName: 'm', env: {}, maxRetries: 0 });
      const first = await model.complete(ask);
      expect(first.toolCalls.map((c) => c.name)).toEqual(['echo']);
      const second = await model.complete(ask);
      expect(second.toolCalls.map((c) => c.name)).toEqual(['echo']);
      // The refused first try, its repeat following the redirect, then the second request following at once.
      expect(seen).toEqual(['POST /old/chat/completions body', 'POST /old/chat/completions body', 'POST /new/chat/completions body', 'POST /old/chat/completions body', 'POST /new/chat/completions body']);
    });
  }

  it('an endpoint that never redirects is asked once per request', async () => {
    const { url, seen } = await movedEndpoint(307);
    const model = createOpenAIModel({ baseUrl: url.replace(/\/old$/, '/new'), modelName: 'm', env: {}, maxRetries: 0 });
    await model.complete(ask);
    await model.complete(ask);
    expect(seen).toEqual(['POST /new/chat/completions body', 'POST /new/chat/completions body']);
  });
});
