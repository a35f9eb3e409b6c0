/**
 * Test endpoints in the OpenAI chat-completions wire format for `eval --models`: `no-tool` always
 * answers in words and never calls a tool (a deterministically bad model); `noisy` forwards each
 * request to an upstream endpoint (`toolvet mock-server`) and, for a seeded share of the queries,
 * drops the tool call (a noisy model). The noise is a hash of the seed and the query, so it does
 * not depend on the order or concurrency of the requests.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash } from 'node:crypto';

export type SkewedMode = { kind: 'no-tool' } | { kind: 'noisy'; upstream: string; seed: number; rate: number };

export interface SkewedEndpoint {
  url: string;
  close(): Promise<void>;
}

interface WireBody {
  model?: string;
  messages?: Array<{ role: string; content?: unknown }>;
}

const noToolCompletion = (model: string): Record<string, unknown> => ({
  id: 'chatcmpl-skewed',
  object: 'chat.completion',
  created: 1_700_000_000,
  model,
  choices: [{ index: 0, message: { role: 'assistant', content: 'I would rather not use a tool.', refusal: null }, finish_reason: 'stop', logprobs: null }],
  usage: { prompt_tokens: 10, completion_tokens: 8, total_tokens: 18 },
});

/** True for about `rate` of the queries, the same ones for the same seed. */
export function noisyPick(seed: number, query: string, rate: number): boolean {
  const h = createHash('sha256').update(`${seed}\u0000${query}`).digest().readUInt32BE(0);
  return h / 2 ** 32 < rate;
}

async function answer(mode: SkewedMode, body: WireBody): Promise<Record<string, unknown>> {
  const model = body.model ?? 'skewed';
  if (mode.kind === 'no-tool') return noToolCompletion(model);
  const query = String([...(body.messages ?? [])].reverse().find((m) => m.role === 'user')?.content ?? '');
  const res = await fetch(`${mode.upstream}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...body, model: 'toolvet-mock' }) });
  const upstream = (await res.json()) as Record<string, unknown>;
  return noisyPick(mode.seed, query, mode.rate) ? noToolCompletion(model) : upstream;
}

export async function startSkewedEndpoint(mode: SkewedMode): Promise<SkewedEndpoint> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, value: unknown): void => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method === 'GET' && req.url === '/v1/models') return send(200, { object: 'list', data: [{ id: 'skewed', object: 'model' }] });
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') return send(404, { error: { message: 'not found', type: 'invalid_request_error' } });
      answer(mode, JSON.parse(Buffer.concat(chunks).toString('utf8')) as WireBody).then(
        (completion) => send(200, completion),
        (error: unknown) => send(500, { error: { message: String(error), type: 'server_error' } }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
