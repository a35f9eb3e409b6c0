/**
 * Starts an MCP server that listens on 127.0.0.1 as a child process for a test, and waits for the line
 * it prints once it listens (an event, not a sleep). `stop()` ends it and waits for its exit.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface HttpServerHandle {
  /** The MCP endpoint, e.g. `http://127.0.0.1:41234/mcp`. */
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export interface HttpServerOptions {
  args: string[];
  env?: Record<string, string>;
  /** Finds the endpoint in the server's output; the first capture group is the URL or the port. */
  ready: RegExp;
  /** Appended to `http://127.0.0.1:PORT` when `ready` captures a port. */
  path?: string;
  timeoutMs?: number;
}

export function startHttpServer(options: HttpServerOptions): Promise<HttpServerHandle> {
  const child = spawn(process.execPath, options.args, { env: { PATH: process.env.PATH ?? '', ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`server ${options.args.join(' ')} did not print its address within ${options.timeoutMs ?? 30_000} ms; output: ${seen.slice(-500)}`));
    }, options.timeoutMs ?? 30_000);
    const onData = (chunk: Buffer): void => {
      seen += chunk.toString();
      const match = options.ready.exec(seen);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      const found = match[1];
      resolve({ url: /^\d+$/.test(found) ? `http://127.0.0.1:${found}${options.path ?? '/mcp'}` : found, child, stop });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server ${options.args.join(' ')} exited with ${code} before listening; output: ${seen.slice(-500)}`));
    });
  });
}

/** Our v2 fixture server (`fixtures/servers/modern.mjs`) over Streamable HTTP on a free port. */
export function startModernHttp(env: Record<string, string> = {}): Promise<HttpServerHandle> {
  const script = fileURLToPath(new URL('../../fixtures/servers/modern.mjs', import.meta.url));
  return startHttpServer({ args: [script, '--http', '0'], env, ready: /listening (http:\/\/\S+)/ });
}

/** A port that was free a moment ago (for servers that take a fixed PORT and print it back as given). */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The real `@modelcontextprotocol/server-everything` (a v1 SDK server) over Streamable HTTP (`/mcp`) or legacy SSE (`/sse`). */
export async function startEverythingHttp(transport: 'streamableHttp' | 'sse'): Promise<HttpServerHandle> {
  const { createRequire } = await import('node:module');
  const { dirname, join } = await import('node:path');
  const require = createRequire(import.meta.url);
  const script = join(dirname(require.resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
  const port = await freePort();
  return startHttpServer({ args: [script, transport], env: { PORT: String(port) }, ready: /(?:listening on|running on) port (\d+)/, path: transport === 'sse' ? '/sse' : '/mcp' });
}
