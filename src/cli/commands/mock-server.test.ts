/**
 * `toolvet mock-server` as a user runs it: a child process that prints its URL, answers the openai
 * driver over HTTP, and closes cleanly on SIGTERM and SIGINT.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createOpenAIModel } from '../../models/openai.ts';

const BIN = fileURLToPath(new URL('../../../bin/toolvet.js', import.meta.url));

function start(args: string[]): { child: ChildProcess; url: Promise<string>; stderr: () => string } {
  const child = spawn(process.execPath, [BIN, 'mock-server', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`exited ${code} before printing a URL: ${err}`)));
  });
  // Tests that expect an early exit never await the URL.
  url.catch(() => undefined);
  return { child, url, stderr: () => err };
}

describe('toolvet mock-server', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('serves the mock model and closes on %s', async (signal) => {
    const { child, url, stderr } = start(['--port', '0']);
    const base = await url;
    expect(base).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    const driver = createOpenAIModel({ baseUrl: base, modelName: 'toolvet-mock', maxRetries: 0, env: {} });
    const response = await driver.complete({
      messages: [{ role: 'user', content: 'echo the text hello' }],
      tools: [{ name: 'echo', description: 'Echo the given text back.', inputSchema: { type: 'object', properties: { text: { type: 'string', description: 'text to echo' } }, required: ['text'] } }],
    });
    expect(response.toolCalls.map((c) => c.name)).toEqual(['echo']);
    child.kill(signal);
    const [code] = await once(child, 'exit');
    expect(code).toBe(0);
    expect(stderr()).toContain(`${signal} received, closed`);
    // The port is released.
    await expect(fetch(`${base}/models`)).rejects.toThrow();
  });

  it('exits 3 with a coded error when the port is taken', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const { child, stderr } = start(['--port', String(port)]);
      const [code] = await once(child, 'exit');
      expect(code).toBe(3);
      expect(stderr()).toContain('E_USAGE');
      expect(stderr()).toContain('EADDRINUSE');
    } finally {
      blocker.close();
    }
  });

  it('rejects a port that is not a number', async () => {
    const { child, stderr } = start(['--port', 'eighty']);
    const [code] = await once(child, 'exit');
    expect(code).toBe(3);
    expect(stderr()).toMatch(/port number/);
  });
});
