/**
 * Progress of a long run, on stderr so stdout stays the report: a cli-progress bar on a TTY (cases
 * done of total, pass rate so far, time left), plain periodic lines when stderr is not a TTY or CI is
 * set. Plain mode stays silent for runs shorter than one interval, so quick runs print nothing extra.
 */
import type { SingleBar as Bar } from 'cli-progress';
import { lazyRequire } from '../lazy-require.ts';

// Loaded when a bar is shown (a TTY), not by every run that reports progress as lines or not at all.
const cliProgress = lazyRequire<{ SingleBar: typeof Bar }>('cli-progress');
import { rawWrite } from '../safety/boundary.ts';

export interface Progress {
  start(total: number): void;
  /** One case finished; `passed` counts toward the pass rate. */
  update(passed: boolean, done: number, total: number): void;
  stop(): void;
}

export interface ProgressOptions {
  stream?: NodeJS.WriteStream | { write(text: string): boolean; isTTY?: boolean };
  env?: NodeJS.ProcessEnv;
  /** Plain mode: at most one line per interval. Default 5 s. */
  intervalMs?: number;
  label?: string;
  /** For tests: the clock. */
  now?: () => number;
}

export type ProgressMode = 'bar' | 'lines' | 'off';

export function progressMode(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): ProgressMode {
  if (env.TOOLVET_PROGRESS === '0') return 'off';
  return stream.isTTY && !env.CI ? 'bar' : 'lines';
}

const seconds = (ms: number): string => (ms >= 60_000 ? `${Math.floor(ms / 60_000)}m${Math.round((ms % 60_000) / 1000)}s` : `${Math.round(ms / 1000)}s`);

export function createProgress(options: ProgressOptions = {}): Progress {
  const stream = options.stream ?? process.stderr;
  const env = options.env ?? process.env;
  const mode = progressMode(stream, env);
  const label = options.label ?? 'toolvet';
  if (mode === 'off') return { start() {}, update() {}, stop() {} };
  let passedSoFar = 0;
  let stopped = false;
  if (mode === 'bar') {
    // The bar moves the cursor with escape sequences of its own: past the output boundary, not through it.
    const barStream = stream === process.stderr && rawWrite.stderr ? Object.create(process.stderr, { write: { value: rawWrite.stderr } }) : stream;
    const bar = new (cliProgress().SingleBar)({
      stream: barStream as NodeJS.WriteStream,
      format: `${label} {bar} {value}/{total} cases | pass {rate} | ETA {eta_formatted}`,
      hideCursor: true,
      clearOnComplete: true,
      etaBuffer: 20,
    });
    return {
      start: (total) => bar.start(total, 0, { rate: '-' }),
      update: (passed, done) => {
        if (passed) passedSoFar += 1;
        bar.update(done, { rate: `${((passedSoFar / done) * 100).toFixed(1)}%` });
      },
      stop: () => {
        if (!stopped) bar.stop();
        stopped = true;
      },
    };
  }
  const now = options.now ?? Date.now;
  const interval = options.intervalMs ?? 5000;
  let startedAt = now();
  let lastLine = startedAt;
  let printed = false;
  let state = { done: 0, total: 0 };
  const line = (): void => {
    const elapsed = now() - startedAt;
    const left = state.done === 0 ? '' : `, ~${seconds((elapsed / state.done) * (state.total - state.done))} left`;
    const rate = state.done === 0 ? '-' : `${((passedSoFar / state.done) * 100).toFixed(1)}%`;
    stream.write(`${label}: ${state.done}/${state.total} cases, pass rate ${rate}, ${seconds(elapsed)} elapsed${state.done < state.total ? left : ''}\n`);
    printed = true;
    lastLine = now();
  };
  return {
    start: (total) => {
      startedAt = lastLine = now();
      state = { done: 0, total };
    },
    update: (passed, done, total) => {
      if (passed) passedSoFar += 1;
      state = { done, total };
      if (now() - lastLine >= interval && done < total) line();
    },
    stop: () => {
      if (printed && !stopped) line();
      stopped = true;
    },
  };
}
