/** Writing what a command produces: to a file (its folder made, colours stripped) or to stdout. */
import type { Command } from 'commander';
import { toFile } from '../safety/boundary.ts';
import { assertWritable, assertWritableFolder, writeFileAtomic } from '../safety/write-file.ts';
import { ToolvetError } from '../errors.ts';

/**
 * Colours are for terminals: a file always gets plain text, with known secrets redacted. Written
 * atomically (src/safety/write-file.ts): a full disk leaves the old file whole, a link is not followed.
 */
export function writeTextFile(file: string, text: string): void {
  writeFileAtomic(file, toFile(text));
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

/** Options whose value names a folder Toolvet writes into. */
const OUTPUT_FOLDER_FLAGS: readonly string[] = ['--out-dir', '--record'];

/**
 * Every output path of the command about to run, checked writable before anything starts (a read-only
 * `--json` folder was found only after the whole run, and its E_INTERNAL lost the gate's exit code).
 * A flag names a folder when its value is `<dir>` (`snapshot --out <dir>`), else a file.
 */
export function checkOutputsWritable(command: Command): void {
  const values = command.opts<Record<string, unknown>>();
  for (const option of command.options) {
    const flag = option.long;
    if (!flag || !(OUTPUT_FLAGS.includes(flag) || OUTPUT_FOLDER_FLAGS.includes(flag))) continue;
    const value = values[option.attributeName()];
    if (typeof value !== 'string' || value === '') continue;
    if (OUTPUT_FOLDER_FLAGS.includes(flag) || /<dir>/.test(option.flags)) assertWritableFolder(value, flag);
    else assertWritable(value, flag);
  }
}
