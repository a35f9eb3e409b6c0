import { portNumber, sharedOption } from '../flags.ts';
import type { Command } from 'commander';
import { createMockModel } from '../../models/mock.ts';
import { startMockServer } from '../../models/mock-server.ts';
import { serveUntilStopped } from '../serve-until-stopped.ts';
import type { SetExit } from './set-exit.ts';

interface MockServerFlags {
  port: number;
  host: string;
  modelName: string;
}

export function registerMockServer(program: Command, setExit: SetExit): void {
  program
    .command('mock-server')
    .description('serve the mock model as an OpenAI-compatible endpoint (POST /v1/chat/completions, GET /v1/models) until Ctrl-C')
    .option('--port <n>', 'port to listen on; 0 picks a free one', portNumber, 8808)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .addOption(sharedOption('model-name').default('toolvet-mock'))
    .action(async (flags: MockServerFlags) => {
      const server = await startMockServer({ driver: createMockModel(), port: flags.port, host: flags.host, modelName: flags.modelName });
      const about: [string, string] = [
        `the mock model answers at ${server.url} (POST /chat/completions, GET /models)`,
        `  e.g. toolvet eval --base-url ${server.url} --model-name ${flags.modelName} --tools FILE --queries FILE`,
      ];
      await serveUntilStopped('mock-server', server, about, setExit);
    });
}
