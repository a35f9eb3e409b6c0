/** Writing what a command produces: to a file (its folder made, colours stripped) or to stdout. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { toFile } from '../safety/boundary.ts';

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
