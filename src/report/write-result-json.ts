/**
 * Writes a result as JSON (what `--json` promises: every case) without building the whole text: the
 * cases come from an iterable (a streamed run reads them back from its results file, one at a time)
 * and are written as they come. The bytes are those of `JSON.stringify(result, null, 2)` with every
 * case in `cases`, passed through `toFile` (secrets redacted, no escape sequences), like writeJsonFile.
 */
import { toFile } from '../safety/boundary.ts';
import { writeFileAtomicWith } from '../safety/write-file.ts';
import type { CaseResult } from '../types.ts';
import type { ToolvetResult } from './model.ts';

const MARK = '\u0000toolvet-cases\u0000';
/**
 * Written in pieces of about this many characters: each piece and its bytes stay below V8's large
 * objects (128 KB) and malloc's mmap threshold, so a long read-back's pieces are young garbage, not
 * megabyte strings and buffers (at 1 MiB pieces and 256-case batches, P5's 50,000 cases peaked 4 MB
 * higher than at 1,000).
 */
const PIECE = 1 << 16;
/**
 * Cases serialised together: `{"cases": [...]}` at indent 2 puts its elements where the result's own
 * `cases` has them (one stringify per batch, not a stringify and a re-indent per case: 2-5x faster).
 */
const BATCH = 32;
const BATCH_OPEN = '{\n  "cases": [';
const BATCH_CLOSE = '\n  ]\n}';

/** `cases` replaces `result.cases` (which may hold only some of them); without it the result is written as it is. */
export function writeResultJson(file: string, result: ToolvetResult, cases?: Iterable<CaseResult>): void {
  // Atomic (src/safety/write-file.ts): the file appears whole or not at all; an old one survives a failure.
  writeFileAtomicWith(file, (write) => {
    if (!cases || result.cases === undefined) {
      write(toFile(`${JSON.stringify(result, null, 2)}\n`));
      return;
    }
    const text = `${JSON.stringify({ ...result, cases: MARK }, null, 2)}\n`;
    const quoted = JSON.stringify(MARK);
    const at = text.indexOf(quoted);
    let piece = text.slice(0, at);
    let first = true;
    let batch: CaseResult[] = [];
    const flush = (): void => {
      // The batch's elements as JSON.stringify(result, null, 2) indents them, without a pass to re-indent.
      const inner = JSON.stringify({ cases: batch }, null, 2);
      const elements = `${first ? '[' : ','}${inner.slice(BATCH_OPEN.length, -BATCH_CLOSE.length)}`;
      first = false;
      batch = [];
      // Written before it would grow past a piece: two batches together were a large object (over 128 KB), which only a full collection frees.
      if (piece.length > 0 && piece.length + elements.length > PIECE) {
        write(toFile(piece));
        piece = '';
      }
      piece += elements;
    };
    for (const c of cases) if (batch.push(c) === BATCH) flush();
    if (batch.length > 0) flush();
    piece += first ? '[]' : '\n  ]';
    write(toFile(piece + text.slice(at + quoted.length)));
  });
}
