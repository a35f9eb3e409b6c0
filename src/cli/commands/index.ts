import type { Command } from 'commander';
import { registerBench } from './bench.ts';
import { registerDiff } from './diff.ts';
import { registerDoctor } from './doctor.ts';
import { registerEval } from './eval.ts';
import { registerLint } from './lint.ts';
import { registerMockServer } from './mock-server.ts';
import { registerProbe } from './probe.ts';
import { registerReport } from './report.ts';
import { registerRun } from './run.ts';
import { registerSkills } from './skills.ts';
import { registerSnapshot } from './snapshot.ts';

/** Sets the process exit code for the command that ran. */
export type SetExit = (code: number) => void;
export type RegisterCommand = (program: Command, setExit: SetExit) => void;

/** Every command, by name. A new command is one file plus one line here. */
export const COMMANDS: Record<string, RegisterCommand> = {
  bench: registerBench,
  diff: registerDiff,
  doctor: registerDoctor,
  eval: registerEval,
  lint: registerLint,
  'mock-server': registerMockServer,
  probe: registerProbe,
  report: registerReport,
  run: registerRun,
  skills: registerSkills,
  snapshot: registerSnapshot,
};
