import { afterEach, describe, expect, it } from 'vitest';
import { startFaultEndpoint, type FaultEndpoint } from './fault-endpoint.ts';
import * as reply from './replies.ts';

let endpoint: FaultEndpoint | undefined;
afterEach(async () => {
  await endpoint?.close();
  endpoint = undefined;
});

const chat = (body: unknown = { model: 'm', messages: [] }) =>
  fetch(`${endpoint!.url}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('fault endpoint', () => {
  it('plays a queue to chat requests only, lists models, and says loudly when the queue is empty', async () => {
    endpoint = await startFaultEndpoint([reply.rateLimited(2), reply.textAnswer('ok')], { models: ['a', 'b'] });
    const models = await (await fetch(`${endpoint.url}/models`)).json();
    expect(models.data.map((m: { id: string }) => m.id)).toEqual(['a', 'b']);
    const limited = await chat();
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('2');
    expect((await (await chat()).json()).choices[0].message.content).toBe('ok');
    const exhausted = await chat();
    expect(exhausted.status).toBe(599);
    expect((await exhausted.json()).error.message).toMatch(/no scripted reply left for request 3/);
    expect((await fetch(`${endpoint.url}/other`)).status).toBe(404);
    expect(endpoint.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /v1/models',
      'POST /v1/chat/completions',
      'POST /v1/chat/completions',
      'POST /v1/chat/completions',
      'GET /v1/other',
    ]);
  });

  it('hands every request, parsed, to a function script', async () => {
    endpoint = await startFaultEndpoint((request) => reply.textAnswer(`you sent ${(request.body as { model: string }).model} to ${request.path}`));
    const answer = await (await chat({ model: 'qwen', messages: [] })).json();
    expect(answer.choices[0].message.content).toBe('you sent qwen to /v1/chat/completions');
    expect(endpoint.requests[0].headers['content-type']).toBe('application/json');
  });

  it('sends raw bodies, delays, and a script failure as a 500', async () => {
    endpoint = await startFaultEndpoint((request) => {
      if (request.index === 0) return reply.slow(reply.notJson(502), 150);
      throw new Error('boom');
    });
    const started = Date.now();
    const html = await chat();
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(html.status).toBe(502);
    expect(await html.text()).toContain('<html>');
    const failed = await chat();
    expect(failed.status).toBe(500);
    expect(await failed.text()).toContain('boom');
  });

  it('closes promptly even with a reply stalled mid-body', async () => {
    endpoint = await startFaultEndpoint([{ json: reply.completionBody(), stallAfterBytes: 5 }]);
    const response = await chat();
    expect(response.status).toBe(200);
    const body = response.text().catch((e: unknown) => e);
    const started = Date.now();
    await endpoint.close();
    endpoint = undefined;
    expect(await body).toBeInstanceOf(Error);
    expect(Date.now() - started).toBeLessThan(1_000);
  });
});
