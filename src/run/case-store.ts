/**
 * Where the full case results of a large eval live: its results file (JSON Lines), not memory. The
 * store keeps, per case, only where its line sits in the file and its place in the query sets (29 bytes
 * a case), and reads the cases back one at a time in query-set order, for the reports that need every
 * case (the JSON result). Reading is by position (pread), not by readline: lines are in the order the
 * cases finished, and the report lists them in query-set order without holding them all.
 *
 * When no results file was asked for but a report needs every case, the store holds them in memory up
 * to HELD_CASES cases or about HELD_CHARS of their text, and past that writes them (and every later
 * one) to a temporary file (`<tmpdir>/toolvet-cases-XXXXXX/results.jsonl`) that `dispose()` removes;
 * the CLI disposes of the store once the reports are written, also when a report fails. Held, a usual
 * run neither writes each case nor reads it back (P1 in `npm run bench`); a large one stays flat.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CaseResult } from '../types.ts';
import type { LineSpan } from './result-sink.ts';
import { FLAT, HeapCeiling } from './heap-ceiling.ts';

/** Cases a temporary store holds in memory before it writes them to its file (about 1 KB each). */
export const HELD_CASES = 4096;
/** The most text (estimated: see `heldChars`) a temporary store holds in memory before it writes the cases to its file. */
export const HELD_CHARS = 8 * 1024 * 1024;
/** `fileOf` of a case held in memory (its `offsets` entry is its place in `held`); files are 0-254. */
const HELD = 255;
/** Sort keys (`order()`): rank * KEY_CASES + index is exact below 2^52 for ranks under KEY_RANKS. */
const KEY_CASES = 2 ** 22;
const KEY_RANKS = 2 ** 30;

/** About a case's size in memory: its fixed part and the texts that vary with the model's answers. */
function heldChars(c: CaseResult): number {
  let n = 1024 + c.query.length + c.reason.length;
  for (const a of c.attempts) {
    n += 256 + a.reason.length + 2 * (a.rawArguments?.length ?? 0) + (a.error ? a.error.message.length + (a.error.hint?.length ?? 0) : 0);
    for (const call of a.calls ?? []) n += 2 * call.rawArguments.length;
    for (const search of a.toolSearch?.searches ?? []) n += search.query.length + 32 * search.found.length;
  }
  return n;
}

export class CaseStore {
  private count = 0;
  private ranks = new Float64Array(1024);
  private offsets = new Float64Array(1024);
  private lengths = new Uint32Array(1024);
  private fileOf = new Uint8Array(1024);
  /** Files the cases are in: the results file first; a --resume file of another name after it. */
  private readonly files: string[];
  /** Cases held in memory (a temporary store, until it is full); null once they went to the file. */
  private held: CaseResult[] | null;
  private heldText = 0;
  private readonly releases: Array<() => void> = [];

  /**
   * @param file the results file the cases are (or will be) written to
   * @param temporary true when the store made the file and `dispose()` removes it (with its folder)
   * @param complete fills in what a case gets after its line is written (eval attaches its cost)
   */
  constructor(
    readonly file: string,
    readonly temporary: boolean,
    private readonly complete: (c: CaseResult) => void = () => undefined,
  ) {
    this.files = [file];
    this.held = temporary ? [] : null;
  }

  /** Another file cases are read from (the earlier file of --resume, when the new results go elsewhere). */
  addFile(file: string): number {
    const at = this.files.indexOf(file);
    if (at >= 0) return at;
    if (this.files.length === 255) throw new Error('CaseStore: at most 255 files');
    return this.files.push(file) - 1;
  }

  /** A store over a fresh temporary file, for a run that needs every case read back but keeps no file. */
  static temporary(complete?: (c: CaseResult) => void): CaseStore {
    const dir = mkdtempSync(join(tmpdir(), 'toolvet-cases-'));
    return new CaseStore(join(dir, 'results.jsonl'), true, complete);
  }

  /** Cases indexed, in the order they were added. */
  get size(): number {
    return this.count;
  }

  /** Notes a case's line; `rank` is its place in the query sets (ties keep the order of adding). */
  add(rank: number, span: LineSpan, file = 0): void {
    if (this.count === this.ranks.length) this.grow();
    this.fileOf[this.count] = file;
    this.ranks[this.count] = rank;
    this.offsets[this.count] = span.offset;
    this.lengths[this.count] = span.length;
    this.count += 1;
  }

  /**
   * Holds a finished case in memory, if this store holds cases and has room; else returns false, and
   * the caller writes it to the file and `add`s its line. The first case past the limits writes the
   * held ones through `sink` (the file's writer, a ResultSink) first, and the store holds no more.
   */
  hold(rank: number, c: CaseResult, sink: { writeCase(c: CaseResult): LineSpan | undefined } | undefined): boolean {
    const held = this.held;
    if (held === null) return false;
    this.heldText += heldChars(c);
    if (held.length < HELD_CASES && this.heldText <= HELD_CHARS) {
      if (this.count === this.ranks.length) this.grow();
      this.fileOf[this.count] = HELD;
      this.ranks[this.count] = rank;
      this.offsets[this.count] = held.push(c) - 1;
      this.count += 1;
      return true;
    }
    this.held = null;
    for (let i = 0; i < this.count; i++) {
      if (this.fileOf[i] !== HELD) continue;
      const span = sink?.writeCase(held[this.offsets[i]]);
      if (!span) throw new Error('CaseStore: no file to write the held cases to');
      this.fileOf[i] = 0;
      this.offsets[i] = span.offset;
      this.lengths[i] = span.length;
    }
    return false;
  }

  /**
   * Makes room for `count` cases in all, the run's planned count: arrays of that size from the start,
   * not a doubling (at 50,000 cases, 1.05 MB instead of 1.37 MB, and no old and new arrays at once).
   */
  reserve(count: number): void {
    if (count > this.ranks.length) this.grow(count);
  }

  private grow(size = this.ranks.length * 2): void {
    const ranks = new Float64Array(size);
    ranks.set(this.ranks);
    const offsets = new Float64Array(size);
    offsets.set(this.offsets);
    const lengths = new Uint32Array(size);
    lengths.set(this.lengths);
    const fileOf = new Uint8Array(size);
    fileOf.set(this.fileOf);
    [this.ranks, this.offsets, this.lengths, this.fileOf] = [ranks, offsets, lengths, fileOf];
  }

  /** Every case in query-set order: a list when every one is held, else read back from the files one at a time. */
  cases(): Iterable<CaseResult> {
    const order = this.order();
    const held = this.held;
    if (held === null || held.length < this.count) return this.read(order);
    return Array.from(order, (i) => this.completed(held[this.offsets[i]]));
  }

  /**
   * The cases' indexes by rank, ties in the order of adding. Ranks are places in the query sets (whole
   * numbers), so each case's key rank * KEY_CASES + index sorts as a number, in place, by the typed
   * array's own sort. A comparator's sort took two work arrays of 8 bytes a case on the heap, which the
   * scavenges during a long sort moved to the old generation's large objects until a full collection
   * (0.76 MB at 50,000 cases, P5 in npm run bench). Other ranks take the comparator.
   */
  private order(): Uint32Array {
    const n = this.count;
    const ranks = this.ranks;
    if (n <= KEY_CASES) {
      const keys = new Float64Array(n);
      let i = 0;
      for (; i < n; i++) {
        const rank = ranks[i];
        if (!(Number.isInteger(rank) && rank >= 0 && rank < KEY_RANKS)) break;
        keys[i] = rank * KEY_CASES + i;
      }
      if (i === n) {
        keys.sort();
        const order = new Uint32Array(n);
        for (let k = 0; k < n; k++) order[k] = keys[k] % KEY_CASES;
        return order;
      }
    }
    return Uint32Array.from({ length: n }, (_, i) => i).sort((a, b) => ranks[a] - ranks[b] || a - b);
  }

  private completed(c: CaseResult): CaseResult {
    this.complete(c);
    return c;
  }

  private *read(order: Uint32Array): Generator<CaseResult> {
    const fds = this.files.map((f) => openSync(f, 'r'));
    const ceiling = new HeapCeiling(FLAT);
    try {
      let buffer = Buffer.alloc(64 * 1024);
      for (const i of order) {
        if (this.fileOf[i] === HELD) {
          yield this.completed(this.held![this.offsets[i]]);
          continue;
        }
        const length = this.lengths[i];
        if (length > buffer.length) buffer = Buffer.alloc(length);
        const read = readSync(fds[this.fileOf[i]], buffer, 0, length, this.offsets[i]);
        const { type: _type, ...c } = JSON.parse(buffer.toString('utf8', 0, read)) as CaseResult & { type?: string };
        this.complete(c);
        yield c;
        ceiling.tick();
      }
    } finally {
      ceiling.release();
      for (const fd of fds) closeSync(fd);
    }
  }

  /** Called once by `dispose()`: what the run holds until its cases have been read back. */
  releaseOnDispose(release: () => void): void {
    this.releases.push(release);
  }

  /** Removes the file when the store made it; a kept results file stays. */
  dispose(): void {
    for (const release of this.releases.splice(0)) release();
    if (this.temporary) rmSync(join(this.file, '..'), { recursive: true, force: true });
  }
}
