/**
 * One shared real llama.cpp server for every test file that needs it (../shared/llama). Test files
 * run in parallel processes; the first to ask starts the server under a file lock (the script
 * debootstraps a Debian tree on first use, and two concurrent runs would corrupt it), the others
 * find it healthy and reuse it. `src/testing/global-setup.ts` stops it when the run ends.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

export const LLAMA_SCRIPT = resolve(import.meta.dirname, '../../../shared/llama/start-llama-server');
export const LLAMA_PORT = Number(process.env.TOOLVET_LLAMA_PORT ?? 18080);
export const LLAMA_ROOT = process.env.LLAMA_ROOT ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'llama-sid');
export const LLAMA_MODEL = 'tiny-random-qwenstyle';
/** The lock every starter takes (.ci/run too), beside the tree it guards: never a fixed path in the temporary folder. */
export const LLAMA_LOCK = `${LLAMA_ROOT}.lock`;

/** Why the llama tests cannot run here, or undefined when they can. */
export function llamaSkipReason(): string | undefined {
  if (!existsSync(LLAMA_SCRIPT)) return `${LLAMA_SCRIPT} is not there`;
  if (typeof process.getuid === 'function' && process.getuid() !== 0) return 'start-llama-server needs root (it chroots into a Debian sid tree)';
  return undefined;
}

/** The base URL (`http://127.0.0.1:PORT/v1`) of the shared server, starting it if needed. */
export async function sharedLlamaBaseUrl(): Promise<string> {
  // The script writes its debootstrap log beside LLAMA_ROOT before creating anything, so the parent must exist.
  mkdirSync(dirname(LLAMA_ROOT), { recursive: true });
  const base = `http://127.0.0.1:${LLAMA_PORT}`;
  const script = `curl -fs ${base}/health >/dev/null 2>&1 && echo ${base}/v1 || '${LLAMA_SCRIPT}' ${LLAMA_PORT}`;
  // -o: the lock must not pass to the llama-server the script leaves running, or it would be held until that server exits.
  const { stdout } = await promisify(execFile)('flock', ['-o', LLAMA_LOCK, 'sh', '-c', script], { timeout: 600_000 });
  return stdout.trim().split('\n').pop() ?? `${base}/v1`;
}
