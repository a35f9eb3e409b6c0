/** Writing what a command produces: to a file (its folder made, colours stripped) or to stdout. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { toFile } from '../safety/boundary.ts';
import { ToolvetError } from '../errors.ts';

/** Colours are for terminals: a file always gets plain text, with known secrets redacted. */
export function writeTextFile(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, toFile(text));
}

export function writeJsonFile(file: string, data: unknown): void {
  writeTextFile(file, `${JSON.stringify(data, null, 2)}\n`);
}

/** One report: to `file` when given, else to stdout; always ending with one newline. */
export function emit(text: string, file?: string): void {
  const out = text.replace(/\n?$/, '\n');
  if (file) writeTextFile(file, out);
  else process.stdout.write(out);
}

/** Options whose value names a file Toolvet writes. */
const OUTPUT_FLAGS: readonly string[] = ['--json', '--results', '--save', '--out', '--output', '--patch'];

/**
 * `--json -` would create a file named `-` (the human report goes to stdout, so `-` cannot mean it);
 * refused before anything runs, with what to write instead.
 */
export function refuseDashOutput(argv: readonly string[]): void {
  argv.forEach((arg, at) => {
    const flag = OUTPUT_FLAGS.find((name) => arg === name || arg === `${name}=-`);
    if (!flag) return;
    if (arg === flag && argv[at + 1] !== '-') return;
    throw new ToolvetError('E_USAGE', `${flag} names a file to write; "-" would create a file named "-"`, {
      hint: `name a file (${flag} out.json), or leave ${flag === '--output' || flag === '--out' ? `${flag} out to print to stdout` : `${flag} out and use --format json where the command has it`}`,
    });
  });
}
