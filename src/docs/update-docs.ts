/**
 * Rewrites the output shown under every transcript of README.md and docs/ with what the command prints
 * now (as `vitest -u` does for snapshots): `node --import tsx src/docs/update-docs.ts [FILE...]`.
 * Long outputs keep their head and tail around a `…` line; the scratch folder's path is shown as
 * `/path/to/project`. docs-examples.test.ts then checks the shapes on every run.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { docFiles, extractBlocks } from './extract.ts';
import { prepareWorkdir, runDocCommand, stopBackground } from './workdir.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const HEAD = 40;
const TAIL = 4;

const only = process.argv.slice(2).map((f) => path.resolve(f));
const files = docFiles(ROOT).filter((f) => only.length === 0 || only.includes(f));
const cleanups: Array<() => void> = [];
try {
  for (const file of files) {
    const rel = path.relative(ROOT, file);
    const { work, cleanup } = prepareWorkdir(ROOT, extractBlocks(ROOT).filter((b) => b.file === rel));
    cleanups.push(cleanup);
    const blocks = extractBlocks(ROOT).filter((b) => b.file === rel && b.commands.length > 0 && !b.skip);
    if (blocks.length === 0) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    // Run in reading order (later commands use files earlier ones wrote), then splice from the last
    // block up, so earlier line numbers stay valid.
    const outputs = blocks.map((block) => {
      const out: string[] = [];
      let last = 0;
      for (const { command } of block.commands) {
        out.push(`$ ${command}`);
        if (command === 'echo $?') {
          out.push(String(last));
          continue;
        }
        const result = runDocCommand(work, command);
        last = result.code;
        const shown = result.out.split(work).join('/path/to/project').replace(/\s+$/, '').split('\n');
        out.push(...(shown.length > HEAD + TAIL + 1 ? [...shown.slice(0, HEAD), '…', ...shown.slice(-TAIL)] : shown));
      }
      stopBackground();
      return out;
    });
    for (let i = blocks.length - 1; i >= 0; i--) {
      const block = blocks[i];
      const start = block.line; // the line after the opening fence
      let end = start;
      while (end < lines.length && !/^```\s*$/.test(lines[end])) end++;
      lines.splice(start, end - start, ...outputs[i]);
      process.stderr.write(`${rel}:${block.line}: ${block.commands.length} command(s)\n`);
    }
    writeFileSync(file, lines.join('\n'));
  }
} finally {
  for (const cleanup of cleanups) cleanup();
}
