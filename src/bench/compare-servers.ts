/**
 * The comparison of a bench run with its baseline, server by server: each server's machine references
 * (the `node -e ""` start and the echo round trip, timed in the same rounds as its tasks) taken off
 * its tasks' ratios as src/bench/baseline.ts describes. `toolvet bench` compares once after a server's
 * rounds, to see whether a task reads noisy and the server should be measured again, and once at the end.
 */
import type { BenchSection, BenchTaskResult } from '../report/model.ts';
import { type Baseline, compareToBaseline, machineRatio } from './baseline.ts';
import { median, type RoundOutcome } from './rounds.ts';

export type BenchMachine = NonNullable<BenchSection['machine']>[number];

/** A server's machine references from its rounds: the `node -e ""` start, and the echo when timed. */
export function machineOf(server: string, own: RoundOutcome | undefined, echoed: RoundOutcome | undefined): BenchMachine | undefined {
  if (own?.state !== 'completed') return undefined;
  return {
    server,
    roundMediansMs: own.stats.roundMediansMs,
    medianMs: median(own.stats.roundMediansMs),
    ...(echoed?.state === 'completed' ? { echoRoundMediansMs: echoed.stats.roundMediansMs, echoRoundMinMs: echoed.stats.roundMinMs } : {}),
  };
}

/** The tasks compared with the baseline, with each server's machine references (src/bench/baseline.ts). */
export function compareServers(tasks: BenchTaskResult[], baseline: Baseline, threshold: number, minEffectMs: number, machine: readonly BenchMachine[]): { tasks: BenchTaskResult[]; slowerMachine: Map<string, number> } {
  const slowerMachine = new Map(machine.map((m) => [m.server, machineRatio(m.roundMediansMs, baseline.machine?.get(m.server))]));
  const echoes = new Map(machine.flatMap((m) => (m.echoRoundMediansMs ? [[m.server, { medians: m.echoRoundMediansMs, mins: m.echoRoundMinMs ?? [] }] as const] : [])));
  return { tasks: compareToBaseline(tasks, baseline, threshold, minEffectMs, slowerMachine, new Map(machine.map((m) => [m.server, m.roundMediansMs])), echoes), slowerMachine };
}
