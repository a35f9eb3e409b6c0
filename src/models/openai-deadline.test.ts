/**
 * The case deadline on the lean request path: the runner hands it to the driver (`ownsDeadline`), so
 * each try runs under one timer and one abort, and the deadline still ends a hanging request and a
 * run of retries with the runner's own E_MODEL_TIMEOUT. Real HTTP on 127.0.0.1.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { runSelection } from '../run/run-selection.ts';
import type { SelectionCase } from '../types.ts';
import { createOpenAIModel } from './openai.ts';

const cases: SelectionCase[] = [{ id: 'slow', suite: 's', query: 'q', expect: { tool: null } }];
let server: http.Server | undefined;

/** An endpoint that calls `answer` for each request; resolves to its base URL. */
async function endpoint(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void): Promise<string> {
  server = http.createServer(answer);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
}

afterEach(async () => {
  const open = server;
  server = undefined;
  if (!open) return;
  open.closeAllConnections();
  await new Promise((resolve) => open.close(resolve));
});

/**
 * Records each timer and abort controller that Toolvet's own runner and drivers make while `body`
 * runs (by the caller of each: other code in this process is not counted), then puts the globals back.
 */
async function recordTimersAndAborts<T>(body: (made: string[]) => Promise<T>): Promise<T> {
  const made: string[] = [];
  // The direct caller (the stack's fourth line: Error, ours, the wrapper, the caller) is in our
  // sources: the controller undici makes inside fetch has our code further down, and is not ours.
  const ours = (): boolean => /[\\/]src[\\/](models|run)[\\/]/.test((new Error().stack ?? '').split('\n')[3] ?? '');
  const realSetTimeout = globalThis.setTimeout;
  const RealAbortController = globalThis.AbortController;
  globalThis.setTimeout = ((...args: Parameters<typeof setTimeout>) => {
    if (ours()) made.push('timer');
    return realSetTimeout(...args);
  }) as typeof setTimeout;
  globalThis.AbortController = class extends RealAbortController {
    constructor() {
      super();
      if (ours()) made.push('abort');
    }
  };
  try {
    return await body(made);
  } finally {
    globalThis.setTimeout = realSetTimeout;
    globalThis.AbortController = RealAbortController;
  }
}

describe('the case deadline on the lean path', () => {
  it('is kept by the driver: the lean driver says so, the package client does not', () => {
    expect(createOpenAIModel({ modelName: 'm', env: {} }).ownsDeadline).toBe(true);
    expect(createOpenAIModel({ modelName: 'm', env: {}, transport: 'sdk' }).ownsDeadline).toBeUndefined();
  });

  it('runs a try under one timer, and ends a hanging request at the deadline with the case timeout', async () => {
    let closed!: () => void;
    const connectionClosed = new Promise<void>((resolve) => (closed = resolve));
    let arrived!: () => void;
    const requestArrived = new Promise<void>((resolve) => (arrived = resolve));
    const url = await endpoint((req) => {
      req.socket.on('close', closed);
      arrived();
    });
    const model = createOpenAIModel({ baseUrl: url, modelName: 'm', env: {}, timeoutMs: 600_000, maxRetries: 0 });
    const [result] = await recordTimersAndAborts(async (made) => {
      const run = runSelection({ cases, toolsFor: () => [], model, caseTimeoutMs: 2_000 });
      await requestArrived;
      // The lean driver's one controller and one timer for this try; the runner adds neither.
      expect(made).toEqual(['abort', 'timer']);
      return run;
    });
    expect(result.state).toBe('errored');
    expect(result.attempts[0].error).toMatchObject({ code: 'E_MODEL_TIMEOUT', message: 'case "slow" took longer than 2000 ms', hint: expect.stringContaining('--case-timeout') });
    // The request was aborted, not left hanging.
    await connectionClosed;
  });

  it('stops a run of retries at the deadline', async () => {
    let requests = 0;
    const url = await endpoint((_req, res) => {
      requests += 1;
      res.writeHead(503, { 'content-type': 'application/json', 'retry-after-ms': '200' });
      res.end('{"error": {"message": "busy"}}');
    });
    const model = createOpenAIModel({ baseUrl: url, modelName: 'm', env: {}, maxRetries: 1_000 });
    const [result] = await runSelection({ cases, toolsFor: () => [], model, caseTimeoutMs: 1_500 });
    expect(result.attempts[0].error).toMatchObject({ code: 'E_MODEL_TIMEOUT', message: 'case "slow" took longer than 1500 ms' });
    expect(requests).toBeGreaterThanOrEqual(1);
    expect(requests).toBeLessThan(1_000);
  });

  it('leaves the per-request timeout its own message when it comes first', async () => {
    const url = await endpoint(() => undefined);
    const model = createOpenAIModel({ baseUrl: url, modelName: 'm', env: {}, timeoutMs: 300, maxRetries: 0 });
    const [result] = await runSelection({ cases, toolsFor: () => [], model, caseTimeoutMs: 600_000 });
    expect(result.attempts[0].error?.code).toBe('E_MODEL_TIMEOUT');
    expect(result.attempts[0].error?.message).toMatch(/did not answer within 300 ms/);
  });
});
