/**
 * The command-line front end: thin. Each command lives in commands/<name>.ts and registers itself
 * through the map in commands/index.ts; the work is done by the library.
 */
import { Command, CommanderError } from 'commander';
import { EXIT, formatError, ToolproofError } from '../errors.ts';
import { COMMANDS } from './commands/index.ts';
import { VERSION } from '../version.ts';
import { installOutputBoundary } from '../safety/boundary.ts';

export async function main(argv: string[]): Promise<number> {
  // Every byte the CLI prints passes one boundary: secrets redacted, control sequences inert (src/safety).
  installOutputBoundary();
  let exitCode: number = EXIT.ok;
  const program = new Command('toolproof')
    .description('Eval and regression harness for MCP tool servers and agent skills')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  for (const register of Object.values(COMMANDS)) {
    register(program, (code) => {
      exitCode = code;
    });
  }
  try {
    await program.parseAsync(argv, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // --help and --version exit 0; a usage error is bad input.
      return error.exitCode === 0 ? EXIT.ok : EXIT.input;
    }
    process.stderr.write(`toolproof: ${formatError(error)}\n`);
    return error instanceof ToolproofError ? error.exitCode : EXIT.runtime;
  }
}
