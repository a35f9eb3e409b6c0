/** `toolvet view [DIR] [--port N]`: serves the results and history of DIR on 127.0.0.1 until Ctrl-C. */
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { EXIT, ToolvetError } from '../../errors.ts';
import { startViewServer } from '../../report/view/server.ts';
import type { SetExit } from './set-exit.ts';

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('must be a port number from 0 to 65535 (0: any free port)');
  return n;
}

function untilStopped(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

export function registerView(program: Command, setExit: SetExit): void {
  program
    .command('view')
    .description('serve the results and run history of a folder on 127.0.0.1: drill down from a suite to a case to its trajectory, compare two runs')
    .argument('[dir]', 'the folder of result files (and history runs)', '.')
    .option('--port <n>', 'port to listen on; 0 (the default) picks a free one', port, 0)
    .action(async (dir: string, flags: { port: number }) => {
      let server;
      try {
        server = await startViewServer(dir, flags.port);
      } catch (error) {
        throw new ToolvetError('E_USAGE', `cannot serve ${dir} on port ${flags.port}: ${(error as Error).message}`, { file: dir, hint: 'name an existing folder, and a free port (or leave --port out)' });
      }
      process.stdout.write(`${server.url}\n`);
      process.stderr.write(`toolvet view: serving ${dir} at ${server.url} (127.0.0.1 only); Ctrl-C stops it\n`);
      const signal = await untilStopped();
      await server.close();
      process.stderr.write(`toolvet view: ${signal} received, closed\n`);
      setExit(EXIT.ok);
    });
}
