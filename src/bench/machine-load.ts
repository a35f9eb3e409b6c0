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
