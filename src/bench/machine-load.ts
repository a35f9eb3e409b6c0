/**
 * How busy the machine was during a bench run. `os.loadavg()` is a one-minute average: a run of ten
 * seconds started right after two CPU hogs shows a fraction of them. On Linux, the number of runnable
 * tasks (`/proc/loadavg`, fourth field) is sampled while the run goes, and its mean is kept; elsewhere
 * only the load averages at the start and end of the run are.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';

const EVERY_MS = 250;

export interface LoadSampler {
  /** Mean runnable tasks over the run (ourselves included), or undefined where /proc is missing. */
  stop: () => number | undefined;
}

export function sampleRunQueue(): LoadSampler {
  const samples: number[] = [];
  let failed = false;
  const take = (): void => {
    if (failed) return;
    readFile('/proc/loadavg', 'utf8').then(
      (text) => {
        const running = Number(/\s(\d+)\/\d+\s/.exec(text)?.[1]);
        if (Number.isFinite(running)) samples.push(running);
      },
      () => {
        failed = true;
      },
    );
  };
  take();
  const timer = setInterval(take, EVERY_MS);
  timer.unref();
  return {
    stop: () => {
      clearInterval(timer);
      return samples.length > 0 ? Math.round((samples.reduce((a, b) => a + b, 0) / samples.length) * 100) / 100 : undefined;
    },
  };
}

/**
 * The machine's own reference, timed in the same interleaved rounds as the tasks: starting `node -e ""`
 * and waiting for it to exit. Nothing in it changes between two versions of a server, so when it got
 * slower between the baseline and this run, the machine did (src/bench/baseline.ts divides by it).
 */
export function nodeStart(): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', () => resolve(performance.now() - started));
  });
}

/** A child process that echoes what it reads: one round trip through a pipe and back. */
export interface RoundTrip {
  /** Sends one byte and waits for it to come back; resolves to the time taken in ms. */
  time: () => Promise<number>;
  close: () => void;
}

/**
 * The machine's reference for a warm call, timed in the same rounds as tools/list and tools/call: a
 * byte sent to a child process and echoed back. A call to a stdio server is the same two wake-ups
 * plus the server's work, so when a busier machine delays wake-ups, this slows as the call does;
 * nothing in it changes between two versions of a server (src/bench/baseline.ts takes it off).
 */
export function startRoundTrip(): RoundTrip {
  const child = spawn(process.execPath, ['-e', 'process.stdin.on("data", (d) => process.stdout.write(d))'], { stdio: ['pipe', 'pipe', 'ignore'] });
  let waiting: { resolve: (ms: number) => void; reject: (error: Error) => void } | undefined;
  let started = 0;
  let failure: Error | undefined;
  child.stdout.on('data', () => {
    const done = waiting;
    waiting = undefined;
    done?.resolve(performance.now() - started);
  });
  const fail = (error: Error): void => {
    failure ??= error;
    waiting?.reject(failure);
    waiting = undefined;
  };
  child.once('error', fail);
  child.once('exit', () => fail(new Error('the round-trip reference process exited')));
  child.stdin.on('error', fail);
  return {
    time: () =>
      new Promise<number>((resolve, reject) => {
        if (failure) return reject(failure);
        waiting = { resolve, reject };
        started = performance.now();
        child.stdin.write('.');
      }),
    close: () => {
      child.stdin.end();
      child.kill();
    },
  };
}
