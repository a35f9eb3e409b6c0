/**
 * The stdio transport of a server process that Toolvet owns to the end. The SDK's
 * `StdioClientTransport` waits for the child's `close` event, which never comes while a grandchild
 * holds the child's stdout, and signals the child only, never what it started. Here the server is
 * spawned in a process group of its own (POSIX), and `close()` is bounded: end stdin, wait for the
 * exit until a deadline, then SIGTERM and SIGKILL the whole group, then drop our pipe ends. Once the
 * server has exited, nothing waits on its stdio: what is buffered is read, the group is killed and the
 * pipes are destroyed, so a descendant holding them cannot keep Toolvet alive. Descendants that left
 * the group with setsid are found by ancestry and by an inherited environment marker, and killed too
 * (session-processes.ts says what cannot be reached).
 *
 * Spawned without a shell, with only the SDK's safe default environment plus the entry's own `env`
 * (and TOOLVET_SERVER_SESSION, a random marker that names no secret). Spawning needs nothing of the
 * SDK (spawn-env.ts), so `spawnEarly()` starts the process while the SDK loads; what the process does
 * before the client's `start()` (output, exit, a spawn error) reaches the client when it starts.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/client';
import { randomBytes } from 'node:crypto';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../safety/json-depth.ts';
import { mcpSdk } from './mcp-sdk.ts';
import { killAll, processStart, SESSION_MARKER, sessionProcesses } from './session-processes.ts';
import { defaultEnvironment, STDIO_MAX_LINE_BYTES, tempFolderEnv } from './spawn-env.ts';
import { clipText } from '../safety/clip.ts';

export interface ProcessParams {
  command: string;
  args: string[];
  env?: Record<string, string>;
  cwd?: string;
  /** Largest single message accepted on stdout, in bytes (the SDK's 10 MB by default, STDIO_MAX_LINE_BYTES). */
  maxBufferSize?: number;
  /** Receives each stdout line that is not a JSON-RPC message (a server must print nothing else there). */
  onNoise?: (description: string) => void;
  /** Receives what the server writes to stderr, from its first byte. */
  onStderr?: (text: string) => void;
  /** Deepest nesting of objects and arrays accepted in one message (deeper ones are dropped and reported). */
  maxDepth?: number;
  /** Told of a message dropped for breaking a cap (the connection fails its waiting calls with E_SERVER_LIMIT). */
  onBreach?: (breach: { message: string; hint: string }) => void;
}

export interface EndDeadlines {
  /** After stdin ends, how long the server may take to exit on its own. */
  graceMs: number;
  /** After SIGTERM, how long before SIGKILL. */
  termMs: number;
  /** After the server exited, how long its stdout may still deliver buffered output. */
  drainMs: number;
}

export const DEFAULT_END_DEADLINES: EndDeadlines = { graceMs: 2_000, termMs: 2_000, drainMs: 500 };

const POSIX = process.platform !== 'win32';
/** Process groups still alive, killed when Toolvet itself exits (a detached group gets no terminal signal). */
const liveGroups = new Set<number>();
let exitHookInstalled = false;

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    if (POSIX) process.kill(-pid, signal);
    else process.kill(pid, signal);
  } catch {
    // Already gone.
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const transport of liveTransports) transport.killSession();
    for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
  });
  // A server in its own group no longer gets the terminal's Ctrl-C. When nothing else handles the
  // signal (no graceful shutdown under way), end the servers as close() does (bounded: stdin end,
  // SIGTERM, SIGKILL), then die of the signal as before; a second signal kills them at once.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    let ending = false;
    const forward = (): void => {
      if (process.listenerCount(signal) > 1) return;
      const die = (): void => {
        for (const pid of liveGroups) killGroup(pid, 'SIGKILL');
        process.removeListener(signal, forward);
        process.kill(process.pid, signal);
      };
      if (ending) return die();
      ending = true;
      void Promise.all([...liveTransports].map((t) => t.close())).finally(die);
    };
    process.on(signal, forward);
  }
}

/** Every transport with a live process, for ending them when Toolvet is stopped by a signal. */
const liveTransports = new Set<ProcessTransport>();

type Child = ChildProcessByStdio<Writable, Readable, Readable>;

export class ProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private child?: Child;
  private readonly lines: LineBuffer;
  /** Settles when the process has spawned, or failed to. */
  private spawned?: Promise<void>;
  /** The client has started this transport (its handlers are set); until then the process's events wait in `queued`. */
  private attached = false;
  private queued: (() => void)[] = [];
  /** When the server process started (clock ticks since boot): only younger processes can carry its marker. */
  private since = 0;
  private exitedPromise?: Promise<void>;
  private exited = false;
  private closeFired = false;
  private closing?: Promise<void>;
  /** How the process ended, for error messages: `exit code 1`, `signal SIGKILL`. */
  exitReason?: string;
  /** Marks every process the server starts (inherited), so a setsid descendant is found at close. */
  private readonly marker = randomBytes(12).toString('hex');
  /** The server's descendants, read at close while the server is alive (its ancestry is still whole). */
  private descendants: number[] = [];

  constructor(
    private readonly params: ProcessParams,
    private readonly deadlines: EndDeadlines = DEFAULT_END_DEADLINES,
  ) {
    this.lines = new LineBuffer(params.maxBufferSize ?? STDIO_MAX_LINE_BYTES);
  }

  /** The server's stderr; read it to keep the tail (the stream exists once started). */
  get stderr(): Readable | null {
    return this.child?.stderr ?? null;
  }

  get pid(): number | null {
    return this.child?.pid ?? null;
  }

  /** Starts the process before the client exists (the server boots while the SDK loads); `start()` then adopts it. */
  spawnEarly(): void {
    if (!this.child) this.spawn();
  }

  start(): Promise<void> {
    if (this.attached) return Promise.reject(new Error('ProcessTransport already started'));
    this.attached = true;
    if (!this.child) this.spawn();
    for (const event of this.queued.splice(0)) event();
    return this.spawned!;
  }

  /** Runs `event` now when the client has started, else when it does (in the order the events came). */
  private whenAttached(event: () => void): void {
    if (this.attached) event();
    else this.queued.push(event);
  }

  private spawn(): void {
    installExitHook();
    const child = spawn(this.params.command, this.params.args, {
      env: { ...defaultEnvironment(), ...tempFolderEnv(), ...this.params.env, [SESSION_MARKER]: this.marker },
      cwd: this.params.cwd,
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
      detached: POSIX,
      windowsHide: true,
    });
    this.child = child;
    let resolveSpawn!: () => void;
    let rejectSpawn!: (error: Error) => void;
    this.spawned = new Promise((resolve, reject) => {
      resolveSpawn = resolve;
      rejectSpawn = reject;
    });
    this.spawned.catch(() => undefined);
    // stdout is read from the client's start on; the pipe holds what comes before.
    this.whenAttached(() =>
      child.stdout.on('data', (chunk: Buffer) => {
        let lines: string[];
        try {
          lines = this.lines.push(chunk);
        } catch (error) {
          this.onerror?.(error as Error);
          void this.close();
          return;
        }
        for (const line of lines) this.deliver(line);
      }),
    );
    child.once('error', (error) => {
      this.exited = true;
      this.whenAttached(() => {
        rejectSpawn(error);
        this.onerror?.(error);
        this.fireClose();
      });
    });
    child.once('spawn', () => {
      if (child.pid !== undefined) {
        liveGroups.add(child.pid);
        if (POSIX) this.since = processStart(child.pid) ?? 0;
      }
      liveTransports.add(this);
      this.whenAttached(resolveSpawn);
    });
    this.exitedPromise = new Promise((done) => child.once('exit', () => done()));
    child.once('exit', (code, signal) => {
      this.exited = true;
      this.exitReason = signal ? `signal ${signal}` : `exit code ${code}`;
      this.whenAttached(() => void this.afterExit());
    });
    child.stdin.on('error', (error) => this.whenAttached(() => this.onerror?.(error)));
    child.stdout.on('error', (error) => this.whenAttached(() => this.onerror?.(error)));
    child.stderr.on('error', () => undefined);
    const onStderr = this.params.onStderr;
    if (onStderr) child.stderr.on('data', (chunk: Buffer) => onStderr(chunk.toString()));
    else child.stderr.resume();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.child?.stdin;
      if (!stdin || this.exited || stdin.destroyed) {
        reject(new Error('Not connected: the server process has exited'));
        return;
      }
      if (stdin.write(mcpSdk().client.serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  /** Ends the server within `graceMs + termMs` (plus the SIGKILL), whatever it does. */
  close(): Promise<void> {
    this.closing ??= this.end();
    return this.closing;
  }

  private async end(): Promise<void> {
    const child = this.child;
    if (!child) return;
    if (!this.exited) {
      if (POSIX && child.pid !== undefined) this.descendants = sessionProcesses(child.pid, this.marker, this.since);
      try {
        child.stdin.end();
      } catch {
        // The pipe may already be broken.
      }
      if (!(await this.waitExit(this.deadlines.graceMs)) && child.pid !== undefined) {
        killGroup(child.pid, 'SIGTERM');
        if (!(await this.waitExit(this.deadlines.termMs))) {
          killGroup(child.pid, 'SIGKILL');
          await this.waitExit(this.deadlines.termMs);
        }
      }
    }
    this.release(child);
  }

  /** The server exited: read what its stdout still holds (bounded), then end its group and our pipes. */
  private async afterExit(): Promise<void> {
    const child = this.child;
    if (!child) return;
    if (!child.stdout.readableEnded) {
      await new Promise<void>((done) => {
        const timer = setTimeout(done, this.deadlines.drainMs);
        timer.unref();
        child.stdout.once('end', () => {
          clearTimeout(timer);
          done();
        });
      });
    }
    this.release(child);
  }

  private release(child: Child): void {
    liveTransports.delete(this);
    if (child.pid !== undefined) {
      // Descendants the server left behind (they may hold our pipes) go with it: its group, and those
      // that left the group and session with setsid (session-processes.ts).
      killGroup(child.pid, 'SIGKILL');
      liveGroups.delete(child.pid);
      if (POSIX) killAll([...new Set([...this.descendants, ...sessionProcesses(child.pid, this.marker, this.since)])]);
    }
    child.stdin.destroy();
    child.stdout.destroy();
    child.stderr.destroy();
    this.lines.clear();
    this.fireClose();
  }

  /** At Toolvet's own exit (synchronous): the descendants that left the server's group. */
  killSession(): void {
    if (POSIX && this.child?.pid !== undefined) killAll(sessionProcesses(this.child.pid, this.marker, this.since));
  }

  private waitExit(ms: number): Promise<boolean> {
    if (this.exited) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      timer.unref();
      void this.exitedPromise!.then(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }

  private deliver(line: string): void {
    if (line.trim() === '') return;
    const maxDepth = this.params.maxDepth ?? MAX_JSON_DEPTH;
    if (jsonNestsDeeperThan(line, maxDepth)) {
      // Parsed, it would overflow the stack of the SDK's checks or of whatever reads the result next.
      this.params.onBreach?.({ message: `sent a message nested deeper than ${maxDepth} levels`, hint: 'flatten the data; no client reads messages nested this deep' });
      return;
    }
    let message: JSONRPCMessage;
    try {
      message = mcpSdk().client.deserializeMessage(line);
    } catch (error) {
      // A server must print nothing but JSON-RPC on stdout; say what it printed instead (bounded).
      const what = error instanceof SyntaxError ? 'is not valid JSON' : 'is not a JSON-RPC message';
      this.params.onNoise?.(`${what}: ${clipText(line, 201)}`);
      return;
    }
    this.onmessage?.(message);
  }

  private fireClose(): void {
    if (this.closeFired) return;
    this.closeFired = true;
    this.onclose?.();
  }
}

/** Splits stdout into lines without re-copying what it holds on every chunk; one line may not pass `max` bytes. */
class LineBuffer {
  private parts: Buffer[] = [];
  private size = 0;

  constructor(private readonly max: number) {}

  push(chunk: Buffer): string[] {
    const lines: string[] = [];
    let start = 0;
    for (let nl = chunk.indexOf(10); nl >= 0; nl = chunk.indexOf(10, start)) {
      this.parts.push(chunk.subarray(start, nl));
      lines.push(Buffer.concat(this.parts).toString('utf8').replace(/\r$/, ''));
      this.parts = [];
      this.size = 0;
      start = nl + 1;
    }
    if (start < chunk.length) {
      this.size += chunk.length - start;
      if (this.size > this.max) {
        this.clear();
        throw new Error(`ReadBuffer exceeded maximum size of ${this.max} bytes`);
      }
      this.parts.push(chunk.subarray(start));
    }
    return lines;
  }

  clear(): void {
    this.parts = [];
    this.size = 0;
  }
}
