/**
 * A whole process timed as a user meets it: from spawn to exit in the parent's clock (node's start,
 * module loading, reading inputs, the work, writing outputs), with the process's own CPU time and peak
 * RSS read inside it by a preloaded probe at exit. The same probe runs on every side of a comparison.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { ROOT } from './workload.ts';

export interface ProcessSample {
  /** Spawn to exit, in the parent. */
  ms: number;
  /** User + system CPU of the process. */
  cpuMs: number;
  rssMb: number;
  /** What the process printed. */
  stdout: string;
}

const PROBE = [
  "process.on('exit', () => {",
  '  const u = process.resourceUsage();',
  "  require('node:fs').writeFileSync(process.env.TOOLVET_PROBE_FILE, JSON.stringify({ cpuMs: (u.userCPUTime + u.systemCPUTime) / 1000, rssMb: u.maxRSS / 1024 }));",
  '});',
  '',
].join('\n');

export interface ProcessTimer {
  /** Runs `node ARGS` (after the probe) in the checkout, with `env` over ours, and resolves when it exits 0. */
  time(args: string[], env?: Readonly<Record<string, string>>): Promise<ProcessSample>;
  dispose(): void;
}

export function processTimer(): ProcessTimer {
  const dir = mkdtempSync(join(os.tmpdir(), 'toolvet-timer-'));
  const probe = join(dir, 'probe.cjs');
  const out = join(dir, 'sample.json');
  writeFileSync(probe, PROBE);
  return {
    time: (args, env = {}) =>
      new Promise((resolve, reject) => {
        const started = performance.now();
        const child = spawn(process.execPath, ['--require', probe, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env, TOOLVET_PROBE_FILE: out, NO_COLOR: '1' } });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.once('error', reject);
        child.once('close', (code) => {
          const ms = performance.now() - started;
          if (code !== 0) return reject(new Error(`node ${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}`));
          resolve({ ms, stdout, ...(JSON.parse(readFileSync(out, 'utf8')) as { cpuMs: number; rssMb: number }) });
        });
      }),
    dispose: () => rmSync(dir, { recursive: true, force: true }),
  };
}
