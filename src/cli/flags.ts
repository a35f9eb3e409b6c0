/**
 * Flag helpers that import nothing heavy, for commands that never drive a model (lint, snapshot,
 * probe, doctor, report): the model flags are in options.ts, which loads the model drivers.
 */
import { type Command, InvalidArgumentError } from 'commander';
import { DEFAULT_SERVER_TIMEOUTS, type ServerTimeouts } from '../servers/timeouts.ts';

export interface ServerFlags {
  startTimeout?: number;
  callTimeout?: number;
}

export const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

/** `--allow-tools a,b --allow-tools c`: tool names, comma-separated and repeatable (eval, skills eval, bench). */
export function toolList(value: string, previous: string[] = []): string[] {
  return [...previous, ...value.split(',').map((t) => t.trim()).filter(Boolean)];
}

export function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('must be a whole number of at least 1');
  return n;
}

export function ratio(value: string): number {
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0 || n > 1) throw new InvalidArgumentError('must be a number between 0 and 1, e.g. 0.8');
  return n;
}

export function addServerFlags(command: Command): Command {
  return command
    .option('--start-timeout <ms>', `timeout from spawn to initialized (default ${DEFAULT_SERVER_TIMEOUTS.startMs})`, positiveInt)
    .option('--call-timeout <ms>', `timeout of one tools/list or tools/call (default ${DEFAULT_SERVER_TIMEOUTS.callMs})`, positiveInt);
}

export function serverTimeouts(flags: ServerFlags): Partial<ServerTimeouts> {
  return { ...(flags.startTimeout ? { startMs: flags.startTimeout } : {}), ...(flags.callTimeout ? { callMs: flags.callTimeout } : {}) };
}
