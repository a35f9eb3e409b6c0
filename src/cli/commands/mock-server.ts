import { sharedOption } from '../flags.ts';
import type { Command } from 'commander';
import { InvalidArgumentError } from 'commander';
import { EXIT } from '../../errors.ts';
import { createMockModel } from '../../models/mock.ts';
import { startMockServer } from '../../models/mock-server.ts';
import type { SetExit } from './set-exit.ts';

interface MockServerFlags {
  port: number;
  host: string;
  modelName: string;
}

function port(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('must be a port number from 0 to 65535 (0: any free port)');
  return n;
}

/** Resolves on the first SIGINT or SIGTERM. */
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

export function registerMockServer(program: Command, setExit: SetExit): void {
  program
    .command('mock-server')
    .description('serve the mock model as an OpenAI-compatible endpoint (POST /v1/chat/completions, GET /v1/models) until Ctrl-C')
    .option('--port <n>', 'port to listen on; 0 picks a free one', port, 8808)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .addOption(sharedOption('model-name').default('toolvet-mock'))
    .action(async (flags: MockServerFlags) => {
      const server = await startMockServer({ driver: createMockModel(), port: flags.port, host: flags.host, modelName: flags.modelName });
      // The URL alone on stdout, so scripts can read it; the rest on stderr.
      process.stdout.write(`${server.url}\n`);
      process.stderr.write(
        `toolvet mock-server: the mock model answers at ${server.url} (POST /chat/completions, GET /models); Ctrl-C stops it\n` +
          `  e.g. toolvet eval --base-url ${server.url} --model-name ${flags.modelName} --tools FILE --queries FILE\n`,
      );
      const signal = await untilStopped();
      await server.close();
      process.stderr.write(`toolvet mock-server: ${signal} received, closed\n`);
      setExit(EXIT.ok);
    });
}
