/**
 * Work that can be done early, done while the process would otherwise wait. A run against a model
 * spends most of its time waiting for answers; `whenIdle` runs `work` once, at the first check
 * (every `everyMs`) after which the event loop was busy less than `busyBelow` of the interval. A run
 * that keeps the CPU busy (a fast endpoint, the mock model) never reaches that point, so the work
 * costs it nothing; the check's timer never keeps the process alive.
 */
import { performance, type EventLoopUtilization } from 'node:perf_hooks';

export interface IdleWork {
  /** Drops the work if it has not run yet. */
  stop(): void;
}

export function whenIdle(work: () => void, options: { everyMs?: number; busyBelow?: number } = {}): IdleWork {
  const busyBelow = options.busyBelow ?? 0.5;
  let last: EventLoopUtilization = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const busy = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    if (busy >= busyBelow) return;
    clearInterval(timer);
    work();
  }, options.everyMs ?? 100);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
