/**
 * Runs the real CLI (`node bin/toolvet.js ...`) as a child process, for the exit-code assertions of
 * the fault tests: the same launcher a user runs (it starts the built dist/cli.js, which the test run's
 * global setup builds from src/), a fresh process, real stdout, stderr and exit code.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BIN = fileURLToPath(new URL('../../bin/toolvet.js', import.meta.url));
export const fixture = (path: string): string => fileURLToPath(new URL(`../../fixtures/${path}`, import.meta.url));

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  env?: Record<string, string | undefined>;
  cwd?: string;
  /** Kill the child after this long (a hung CLI fails the test instead of the suite). */
  timeoutMs?: number;
}

/** Starts the CLI and returns the child, plus a promise of its outcome. */
export function startCli(args: string[], options: CliOptions = {}): { child: ChildProcess; done: Promise<CliRun> } {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, NO_COLOR: '1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
  const done = new Promise<CliRun>((resolve) => {
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
  return { child, done };
}

export function runCli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  return startCli(args, options).done;
}
