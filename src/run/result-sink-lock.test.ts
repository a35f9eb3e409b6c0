/**
 * The results file's lock: a lock whose process is gone on this host is taken over; a lock held on
 * another host is never taken over (its process cannot be checked from here), nor one whose process
 * on this host is alive, nor one that cannot be read.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ToolvetError } from '../errors.ts';
import { ResultSink } from './result-sink.ts';

const dir = mkdtempSync(join(tmpdir(), 'toolvet-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A pid that surely belongs to no running process: one that just exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

function lockedBy(name: string, holder: object | string): string {
  const file = join(dir, name);
  writeFileSync(`${file}.lock`, typeof holder === 'string' ? holder : JSON.stringify(holder));
  return file;
}

const since = new Date(0).toISOString();

describe('ResultSink lock', () => {
  it('takes over a lock left by a process of this host that is gone', () => {
    const file = lockedBy('gone.jsonl', { pid: deadPid(), host: hostname(), command: 'eval', since });
    const sink = new ResultSink(file, null);
    expect(JSON.parse(readFileSync(`${file}.lock`, 'utf8')).pid).toBe(process.pid);
    sink.close();
    expect(existsSync(`${file}.lock`)).toBe(false);
  });

  it.each([
    ['held on another host, even with a pid that is dead here', { pid: deadPid(), host: `${hostname()}-other`, command: 'eval', since }, 'on ' + `${hostname()}-other`],
    ['held by a live process of this host', { pid: process.ppid, host: hostname(), command: 'eval', since }, `pid ${process.ppid}`],
    ['that cannot be read', '{not json', 'another process'],
  ])('refuses a lock %s', (_name, holder, names) => {
    const file = lockedBy(`refused-${Math.random().toString(36).slice(2)}.jsonl`, holder);
    let error: unknown;
    try {
      new ResultSink(file, null).close();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ToolvetError);
    expect((error as ToolvetError).code).toBe('E_RESULTS_LOCKED');
    expect((error as ToolvetError).message).toContain(names);
    expect(existsSync(`${file}.lock`)).toBe(true);
  });
});
