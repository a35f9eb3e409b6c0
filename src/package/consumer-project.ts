/**
 * What the consumer and init tests share: pack this repository with `npm pack` (its prepare script
 * builds dist/ and the declarations), create a fresh project in a temporary folder, and install the
 * tarball there from the registry (the npm cache first: --prefer-offline), as a user would.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../cli/testing.ts';

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The environment a user's shell would have: none of the npm or vitest variables of this test run. */
export function userEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(npm_|VITEST|TEST$|NODE_ENV$|NODE_OPTIONS$|FORCE_COLOR$)/i.test(key)) continue;
    env[key] = value;
  }
  return { ...env, NO_COLOR: '1', npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false', ...extra };
}

/** Runs a command to its end; a hung one is killed at `timeoutMs` (generous: installs on a loaded box take minutes). */
export function exec(command: string, args: string[], options: { cwd: string; timeoutMs?: number; env?: Record<string, string> }): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: userEnv(options.env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 600_000);
    child.once('error', reject);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** A run that must succeed: its output goes into the error otherwise. */
export async function execOk(command: string, args: string[], options: { cwd: string; timeoutMs?: number; env?: Record<string, string> }): Promise<Run> {
  const run = await exec(command, args, options);
  if (run.code !== 0) throw new Error(`${command} ${args.join(' ')} (in ${options.cwd}) exited ${run.code}\n${run.stdout}\n${run.stderr}`);
  return run;
}

/** `npm pack` into `dir` (the prepare script builds first); returns the tarball's path. */
export async function packInto(dir: string): Promise<string> {
  mkdirSync(dir, { recursive: true });
  await execOk('npm', ['pack', '--pack-destination', dir], { cwd: ROOT, timeoutMs: 900_000 });
  const tarball = readdirSync(dir).find((f) => /^toolvet-.*\.tgz$/.test(f));
  if (!tarball) throw new Error(`npm pack wrote no toolvet-*.tgz into ${dir}`);
  return join(dir, tarball);
}

/** The version of a package this repository has installed, so the fresh project gets it from the npm cache. */
export function installedVersion(name: string): string {
  return (JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

/** A fresh project in `dir` with the tarball, vitest, typescript and @types/node installed from the registry. */
export async function createProject(dir: string, tarball: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ name: 'toolvet-consumer', version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`);
  const devTools = ['vitest', 'typescript', '@types/node'].map((name) => `${name}@${installedVersion(name)}`);
  await execOk('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--save-dev', tarball, ...devTools], { cwd: dir, timeoutMs: 1_200_000 });
}
