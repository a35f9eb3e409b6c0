/**
 * Taking a busier machine off a warm call's time. A call to a stdio server waits for the same
 * wake-ups as a byte echoed by a child process (src/bench/machine-load.ts, timed in the same
 * interleaved rounds); when the machine got busier, the echo slows, and so does every call, by a
 * few of those wake-ups, whatever the server does. Each round of this run loses up to
 * ROUND_TRIPS_PER_CALL times its round's extra echo time (over the baseline's median echo) before it
 * is compared with the baseline; a quieter machine is not credited. A server that got slower keeps
 * its extra time: 20 ms more in its handler is 20 ms more after the adjustment.
 */
import { median } from './rounds.ts';

/**
 * Round trips per call put down to the machine: a tools/list on a loaded 2-core machine took up to
 * 3 echo round trips of extra time (request in, reply out, and the SDK's own turn of the event loop).
 */
export const ROUND_TRIPS_PER_CALL = 3;

/** Each round's value less ROUND_TRIPS_PER_CALL times the machine's extra round-trip time in that round. */
export function withoutMachine(rounds: readonly number[], echoNow: readonly number[], echoThen: readonly number[]): number[] {
  const usual = median(echoThen);
  return rounds.map((x, i) => Math.max(0, x - ROUND_TRIPS_PER_CALL * Math.max(0, echoNow[i] - usual)));
}

/** The echo rounds of both runs, when both have one per round of the task's rounds. */
export function echoPair(
  now: readonly number[],
  then: readonly number[],
  echoNow: readonly number[] | undefined,
  echoThen: readonly number[] | undefined,
): { echoNow: readonly number[]; echoThen: readonly number[] } | undefined {
  if (!echoNow || !echoThen || echoNow.length !== now.length || echoThen.length < 2 || then.length < 2) return undefined;
  return { echoNow, echoThen };
}
