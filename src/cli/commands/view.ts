/** `toolvet view [DIR] [--port N]`: serves the results and history of DIR on 127.0.0.1 until Ctrl-C. */
import type { Command } from 'commander';
import { startViewServer } from '../../report/view/server.ts';
import { portNumber } from '../flags.ts';
import { serveUntilStopped } from '../serve-until-stopped.ts';
import type { SetExit } from './set-exit.ts';

export function registerView(program: Command, setExit: SetExit): void {
  program
    .command('view')
    .description('serve the results and run history of a folder on 127.0.0.1: drill down from a suite to a case to its trajectory, compare two runs')
    .argument('[dir]', 'the folder of result files (and history runs)', '.')
    .option('--port <n>', 'port to listen on; 0 (the default) picks a free one', portNumber, 0)
    .action(async (dir: string, flags: { port: number }) => {
      const server = await startViewServer(dir, flags.port);
      await serveUntilStopped('view', server, [`serving ${dir} at ${server.url} (127.0.0.1 only)`], setExit);
    });
}
