/**
 * The one output boundary of the CLI: every write to stdout and stderr passes it. It redacts known
 * secrets, makes control characters inert (colours of our palette aside), and keeps untrusted lines
 * from starting GitHub workflow commands. Installed once by the CLI's `main`; the library itself never
 * touches the process streams. Files get `toFile`: secrets redacted, no escape sequence at all.
 */
import { stripVTControlCharacters } from 'node:util';
import { defuseWorkflowCommands } from './github.ts';
import { redactSecrets } from './secrets.ts';
import { sanitizeTerminal } from './terminal.ts';
import { CONTROL_CHARS, visibleControl } from './control-chars.ts';

/** What reaches a terminal or a CI log. */
export function toTerminal(text: string): string {
  return defuseWorkflowCommands(sanitizeTerminal(redactSecrets(text)));
}

/**
 * What reaches a file: secrets redacted, escape sequences removed (files never carry colours), and
 * every other control character of the one class (bidi controls included) made visible, but the CR of
 * a CRLF line end (a user's own file that Toolvet rewrites may use them).
 */
export function toFile(text: string): string {
  return stripVTControlCharacters(redactSecrets(text)).replace(CONTROL_CHARS, (ch, at: number, all: string) => (ch === '\r' && all[at + 1] === '\n' ? ch : visibleControl(ch)));
}

type Write = typeof process.stdout.write;
let installed = false;
/** The unguarded writes, for the progress bar's own cursor movements (it prints no untrusted text). */
export const rawWrite: { stdout?: Write; stderr?: Write } = {};

function guard(stream: NodeJS.WriteStream): Write {
  const original = stream.write.bind(stream) as Write;
  const guarded = ((chunk: unknown, ...rest: unknown[]): boolean => {
    const text = typeof chunk === 'string' ? chunk : chunk instanceof Uint8Array ? Buffer.from(chunk).toString('utf8') : String(chunk);
    return (original as (c: string, ...r: unknown[]) => boolean)(toTerminal(text), ...rest);
  }) as Write;
  stream.write = guarded;
  return original;
}

/** Routes stdout and stderr through the boundary. */
export function installOutputBoundary(): void {
  if (installed) return;
  installed = true;
  rawWrite.stdout = guard(process.stdout);
  rawWrite.stderr = guard(process.stderr);
}
