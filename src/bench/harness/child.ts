/**
 * Runs the harness's children. Every benchmark and every side of one runs as plain `node` on a file
 * bundled from these sources into `.bench/` (build-harness.ts), importing the package by name, so what
 * is measured is the built package in dist/ with no TypeScript loader in the process.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT } from './workload.ts';

/** Where build-harness.ts writes the bundled children. */
export const BENCH_DIR = join(ROOT, '.bench');

/** The bundled file for a child's source (`p1-child.ts` -> `.bench/p1-child.js`). */
export function builtChild(source: string): string {
  const built = join(BENCH_DIR, `${basename(source).replace(/\.[cm]?[jt]s$/, '')}.js`);
  if (!existsSync(built)) throw new Error(`bench: ${built} is missing; npm run bench (or buildHarness() in a test) bundles the children first`);
  return built;
}

/** Runs a child (`node .bench/NAME.js ARGS...`, from its source path) and parses the JSON line it prints last. */
export function runChild<T>(file: string, args: string[], nodeArgs: string[] = []): Promise<T> {
  const built = builtChild(file);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...nodeArgs, built, ...args], { cwd: ROOT, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) return reject(new Error(`${basename(built)} ${args.join(' ')} failed: ${stderr || error.message}`));
      const line = stdout.trim().split('\n').pop() ?? '';
      try {
        resolve(JSON.parse(line) as T);
      } catch {
        reject(new Error(`${basename(built)} printed no JSON: ${stdout}${stderr}`));
      }
    });
  });
}

/** Starts a long-running child that prints one line (its URL) and keeps serving until killed. */
export async function startServiceChild(file: string, args: string[] = []): Promise<{ line: string; stop: () => void }> {
  const child = spawn(process.execPath, [builtChild(file), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.split('\n')[0]);
    });
    child.once('exit', (code) => reject(new Error(`${file} exited (${code}) before printing its URL`)));
  });
  return { line, stop: () => void child.kill() };
}
