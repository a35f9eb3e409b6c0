/**
 * The end of every command that serves over HTTP until Ctrl-C (`toolvet view`, `toolvet mock-server`):
 * the URL alone on stdout, so a script can read it, what it serves on stderr, then on the first SIGINT
 * or SIGTERM the server is closed (its port free again) and the command exits 0.
 */
import { EXIT } from '../errors.ts';
import type { SetExit } from './commands/set-exit.ts';

export interface Served {
  url: string;
  close(): Promise<void>;
}

/** Resolves on the first SIGINT or SIGTERM, and stops listening for either. */
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

/**
 * `command` names the command in messages (`view`); `about` says what is served, on stderr after the
 * URL line: its first line ends with how to stop the server, the others follow as they are.
 */
export async function serveUntilStopped(command: string, served: Served, about: readonly [string, ...string[]], setExit: SetExit): Promise<void> {
  const [first, ...rest] = about;
  process.stdout.write(`${served.url}\n`);
  process.stderr.write([`toolvet ${command}: ${first}; Ctrl-C stops it`, ...rest].map((line) => `${line}\n`).join(''));
  const signal = await untilStopped();
  await served.close();
  process.stderr.write(`toolvet ${command}: ${signal} received, closed\n`);
  setExit(EXIT.ok);
}
