import { fileURLToPath } from 'node:url';
import type { Command } from 'commander';
import { addEvalFlags, executeEval, type EvalFlags } from './eval.ts';
import type { SetExit } from './set-exit.ts';

const FIXTURES = fileURLToPath(new URL('../../../fixtures/', import.meta.url));

/** The bundled example: the fixture servers, their query sets and the mock model, gated at 70%. */
export const EXAMPLE_DEFAULTS = {
  config: `${FIXTURES}hosts/example.json`,
  // Named, not globbed: fixtures/queries also holds sets for servers the example does not start, and
  // the package ships these three (package.json "files").
  queries: (): string[] => ['echo.yaml', 'notebook.yaml', 'refman.yaml'].map((f) => `${FIXTURES}queries/${f}`),
  minAccuracy: 0.7,
};

export function registerRun(program: Command, setExit: SetExit): void {
  const command = program
    .command('run')
    .description('run the bundled example (fixture servers, their query sets, mock model); any eval flag overrides a default');
  addEvalFlags(command).action(async (flags: EvalFlags) => {
    await executeEval(
      {
        ...flags,
        config: flags.config ?? (flags.tools ? undefined : EXAMPLE_DEFAULTS.config),
        queries: flags.queries ?? EXAMPLE_DEFAULTS.queries(),
        minAccuracy: flags.minAccuracy ?? EXAMPLE_DEFAULTS.minAccuracy,
        results: flags.results ?? '.toolvet/last-run.jsonl',
      },
      setExit,
    );
  });
}
