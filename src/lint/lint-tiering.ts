/**
 * When V8 optimises, for the lint command. Lint is about fifty rules of small checks, each run once
 * per tool. V8 hands a function to its optimising compiler (TurboFan, on background threads whose CPU
 * the process pays) once the function has run `--interrupt-budget` bytes of bytecode (66 KB). Over
 * 2,000 tools most rule functions reach that, are compiled with the kit's walkers inlined, and then
 * run only a few thousand times more: the compiling costs more than it saves (`node --no-opt` lints
 * P6's 2,000 tools in 720 ms of CPU against 1,000). While the rules run the budget is 16 times
 * larger, so only code that stays hot (a pair scan over thousands of tools) is optimised; it is set
 * back after. Like the heap settings of a short eval (src/run/heap-ceiling.ts), this is set at run
 * time, and only on the V8 it was measured on (Node 20's 11.3): other versions tier differently
 * (Maglev) and are left as they are, as is a budget the user set on the command line.
 */
import v8 from 'node:v8';

/** V8 11.3's default budget. */
const DEFAULT_BUDGET = 67_584;
const LINT_BUDGET = DEFAULT_BUDGET * 16;

/** `--interrupt-budget` or `--interrupt_budget` (V8 reads both), with or without `=N`; not its `-for-...` siblings. */
const USER_BUDGET = /^--interrupt[-_]budget(=|$)/;

function applies(): boolean {
  return process.versions.v8.startsWith('11.3.') && !process.execArgv.some((arg) => USER_BUDGET.test(arg));
}

/** Runs `lint` with V8's optimisation budget raised for it, and sets the budget back after. */
export async function withLateOptimisation<T>(lint: () => Promise<T>): Promise<T> {
  if (!applies()) return lint();
  v8.setFlagsFromString(`--interrupt-budget=${LINT_BUDGET}`);
  try {
    return await lint();
  } finally {
    v8.setFlagsFromString(`--interrupt-budget=${DEFAULT_BUDGET}`);
  }
}
