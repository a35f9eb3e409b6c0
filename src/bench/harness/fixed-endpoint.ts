/**
 * A minimal OpenAI-compatible endpoint that answers every chat completion with the same tool call,
 * for P1. It reads each body but never parses it, so the endpoint costs next to nothing and the
 * comparison measures the clients. `delayMs` holds each answer back that long (P1 latency: a model
 * that takes its time, as a user's does). Run as a script (`fixed-endpoint.js [DELAY_MS]`) it prints
 * its base URL and serves until killed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';

const ANSWER = JSON.stringify({
  id: 'chatcmpl-fixed',
  object: 'chat.completion',
  created: 0,
  model: 'fixed',
  choices: [
    {
      index: 0,
      finish_reason: 'tool_calls',
      message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'search_items', arguments: '{"query":"coral reefs"}' } }] },
    },
  ],
  usage: { prompt_tokens: 100, completion_tokens: 10, total_tokens: 110 },
});

export function startFixedEndpoint(delayMs = 0): Promise<{ url: string; close: () => Promise<void> }> {
  const answer = (res: http.ServerResponse): void => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(ANSWER) });
    res.end(ANSWER);
  };
  const server = http.createServer((req, res) => {
    req.on('data', () => undefined);
    req.on('end', () => (delayMs > 0 ? setTimeout(answer, delayMs, res) : answer(res)));
  });
  server.keepAliveTimeout = 30_000;
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}/v1`, close: () => new Promise((r) => server.close(() => r())) });
    });
  });
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { url } = await startFixedEndpoint(Number(process.argv[2] ?? 0));
  process.stdout.write(`${url}\n`);
}
