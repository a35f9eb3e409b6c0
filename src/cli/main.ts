/**
 * The command-line front end: thin. Each command lives in commands/<name>.ts and is listed in the map
 * in commands/index.ts; only the command being run is imported (the rest are listed by name and
 * summary for --help), so start-up stays small. The work is done by the library.
 */
import { Command, CommanderError } from 'commander';
import { EXIT, formatError, ToolvetError } from '../errors.ts';
import { commandNamed, COMMANDS } from './commands/index.ts';
import { VERSION } from '../version.ts';
import { installOutputBoundary } from '../safety/boundary.ts';
import { checkOutputsWritable, refuseDashOutput } from './output.ts';

export async function main(argv: string[]): Promise<number> {
  // Every byte the CLI prints passes one boundary: secrets redacted, control sequences inert (src/safety).
  installOutputBoundary();
  let exitCode: number = EXIT.ok;
  const setExit = (code: number): void => {
    exitCode = code;
  };
  const program = new Command('toolvet')
    .description('Eval and regression harness for MCP tool servers and agent skills')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) })
    // Output paths are checked before any server or model starts, so a bad one costs no run.
    .hook('preAction', (_program, action) => checkOutputsWritable(action));
  try {
    refuseDashOutput(argv);
    const named = commandNamed(argv);
    for (const [name, entry] of Object.entries(COMMANDS)) {
      if (name === named) (await entry.load())(program, setExit);
      else program.command(name).description(entry.summary);
    }
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit 0; a usage error is bad input.
      return error.exitCode === 0 ? EXIT.ok : EXIT.input;
    }
    process.stderr.write(`toolvet: ${formatError(error)}\n`);
    return error instanceof ToolvetError ? error.exitCode : EXIT.runtime;
  }
}
