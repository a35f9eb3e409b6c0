/**
 * Results stream to a JSON Lines file as cases finish, so an interrupted run keeps what it finished.
 * Line 1 is a header `{"type":"run", ...}`; then one `{"type":"case", ...}` line per case. Each line
 * is written synchronously in one call, so a killed process leaves at most one torn last line, which
 * `--resume` drops (saying so) before it appends. The file is locked against a second writer
 * (`<file>.lock`, naming the holder), and `--resume` refuses a file written for another model or
 * another tool list unless forced: its cases would be reported as if this model had answered them.
 */
import { closeSync, ftruncateSync, fstatSync, openSync, readFileSync, readSync, rmSync, writeFileSync, writeSync, mkdirSync, existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import { createHash } from 'node:crypto';
import { ToolvetError } from '../errors.ts';
import type { CaseResult, ToolDefinition } from '../types.ts';
import { redactSecrets } from '../safety/secrets.ts';

export interface RunHeader {
  type: 'run';
  command: string;
  model: string;
  startedAt: string;
  /** Case ids with their suites, so `--resume` knows what was planned. */
  planned: number;
  /** Hash of the tool definitions the model saw: a resumed run must see the same tools. */
  tools?: string;
}

/** The hash of a tool list as the model sees it (name, description, input schema), order-free. */
export function toolListHash(tools: readonly ToolDefinition[]): string {
  const lines = tools.map((t) => JSON.stringify([t.name, t.description ?? '', t.inputSchema])).sort();
  return createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16);
}

interface LockOwner {
  pid: number;
  host: string;
  command: string;
  since: string;
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes `<file>.lock`, or says who holds it. A lock left by a process that is gone is taken over. */
function takeLock(file: string, command: string): string {
  const lock = `${file}.lock`;
  const owner: LockOwner = { pid: process.pid, host: hostname(), command, since: new Date().toISOString() };
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lock, JSON.stringify(owner), { flag: 'wx' });
      return lock;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      let holder: LockOwner | undefined;
      try {
        holder = JSON.parse(readFileSync(lock, 'utf8')) as LockOwner;
      } catch {
        holder = undefined;
      }
      const stale = holder !== undefined && holder.host === owner.host && !processAlive(holder.pid);
      if (!stale) {
        throw new ToolvetError('E_RESULTS_LOCKED', `results file ${file} is being written by ${holder ? `toolvet ${holder.command} (pid ${holder.pid} on ${holder.host}, since ${holder.since})` : 'another process'}`, {
          file,
          hint: `wait for that run to finish, or write to another file with --results; if no such run exists, delete ${lock}`,
        });
      }
      rmSync(lock, { force: true });
    }
  }
  throw new ToolvetError('E_RESULTS_LOCKED', `results file ${file}: could not take ${lock}`, { file, hint: `delete ${lock} if no run is writing the file` });
}

export interface SinkOptions {
  /** Append to an existing file (for --resume); its torn last line, if any, is cut off first. */
  append?: boolean;
}

/** Where one line sits in the results file (its newline not counted). */
export interface LineSpan {
  offset: number;
  length: number;
}

export class ResultSink {
  private fd: number | null;
  /** Bytes in the file so far: where the next line starts. */
  private position = 0;
  private readonly lock: string;
  /** Set when a torn last line was cut off before appending. */
  readonly droppedTornLine: boolean = false;

  constructor(
    readonly file: string,
    header: RunHeader | null,
    options: SinkOptions | boolean = {},
  ) {
    const append = typeof options === 'boolean' ? options : options.append === true;
    mkdirSync(dirname(file), { recursive: true });
    this.lock = takeLock(file, header?.command ?? 'run');
    try {
      if (append && existsSync(file)) {
        const fd = openSync(file, 'r+');
        try {
          this.droppedTornLine = cutTornLine(fd);
        } finally {
          closeSync(fd);
        }
      }
      this.fd = openSync(file, append ? 'a' : 'w');
      this.position = append ? fstatSync(this.fd).size : 0;
    } catch (error) {
      rmSync(this.lock, { force: true });
      throw error;
    }
    if (header && !append) this.write(header);
  }

  write(record: object): LineSpan | undefined {
    if (this.fd === null) return undefined;
    const line = Buffer.from(`${redactSecrets(JSON.stringify(record))}\n`);
    const offset = this.position;
    writeSync(this.fd, line);
    this.position += line.length;
    return { offset, length: line.length - 1 };
  }

  /** Writes one case line; where it went, so the case can be read back without keeping it. */
  writeCase(result: CaseResult): LineSpan | undefined {
    return this.write({ type: 'case', ...result });
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    rmSync(this.lock, { force: true });
  }
}

/** Cuts the file back to its last newline (a write cut short by a kill or a full disk); true when it did. */
function cutTornLine(fd: number): boolean {
  const size = fstatSync(fd).size;
  if (size === 0) return false;
  const chunk = Buffer.alloc(Math.min(size, 1 << 20));
  let end = size;
  // Scan back for the last newline, a chunk at a time.
  while (end > 0) {
    const start = Math.max(0, end - chunk.length);
    const n = readSync(fd, chunk, 0, end - start, start);
    const at = chunk.subarray(0, n).lastIndexOf(0x0a);
    if (at >= 0) {
      const keep = start + at + 1;
      if (keep === size) return false;
      ftruncateSync(fd, keep);
      return true;
    }
    end = start;
  }
  ftruncateSync(fd, 0);
  return true;
}

export function caseKey(c: { suite: string; id: string }): string {
  return `${c.suite}\u0000${c.id}`;
}

export interface ReadResults {
  header?: RunHeader;
  cases: CaseResult[];
  /** True when the last line was torn (a run killed mid-write); it was ignored. */
  tornLastLine: boolean;
}

/** Reads the finished cases of a results file (for `--resume`), all in memory. */
export function readResults(file: string): ReadResults {
  const cases: CaseResult[] = [];
  const scan = scanResults(file, (c) => {
    cases.push(c);
  });
  return { ...(scan.header ? { header: scan.header } : {}), cases, tornLastLine: scan.tornLastLine };
}

/**
 * Reads a results file line by line (1 MiB at a time, never whole), handing each case and where its
 * line sits to `onCase`: `--resume` of a large run folds the earlier cases without keeping them.
 */
export function scanResults(file: string, onCase: (c: CaseResult, span: LineSpan) => void): Omit<ReadResults, 'cases'> {
  if (!existsSync(file)) {
    throw new ToolvetError('E_FILE_MISSING', `results file ${file} does not exist`, { file, hint: 'pass the .jsonl file an earlier run wrote with --results' });
  }
  let header: RunHeader | undefined;
  let tornLastLine = false;
  let lineNo = 0;
  const take = (bytes: Buffer, offset: number, last: boolean): void => {
    lineNo += 1;
    const line = bytes.toString('utf8');
    if (line.trim() === '') return;
    let record: { type?: string };
    try {
      record = JSON.parse(line) as { type?: string };
    } catch {
      if (last) {
        tornLastLine = true; // the torn last line of a killed run
        return;
      }
      throw new ToolvetError('E_FILE_PARSE', `results file ${file}: line ${lineNo} is not JSON`, { file, path: `line ${lineNo}`, hint: 'pass a .jsonl file written by toolvet' });
    }
    if (record.type === 'run') header = record as RunHeader;
    else if (record.type === 'case') {
      const { type: _type, ...rest } = record as CaseResult & { type: string };
      onCase(rest, { offset, length: bytes.length });
    }
  };
  // A line is handed on once the next one is seen: a last line that is not JSON is torn, newline or not.
  let pending: { bytes: Buffer; offset: number } | undefined;
  const push = (bytes: Buffer, offset: number): void => {
    if (pending) take(pending.bytes, pending.offset, false);
    pending = { bytes, offset };
  };
  const fd = openSync(file, 'r');
  try {
    const chunk = Buffer.alloc(1 << 20);
    let carry: Buffer = Buffer.alloc(0);
    let carryAt = 0;
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      const data = carry.length > 0 ? Buffer.concat([carry, chunk.subarray(0, n)]) : chunk.subarray(0, n);
      let start = 0;
      for (let at = data.indexOf(0x0a); at >= 0; at = data.indexOf(0x0a, start)) {
        push(Buffer.from(data.subarray(start, at)), carryAt + start);
        start = at + 1;
      }
      carryAt += start;
      carry = Buffer.from(data.subarray(start));
    }
    if (carry.length > 0) push(carry, carryAt);
    if (pending) take(pending.bytes, pending.offset, true);
  } finally {
    closeSync(fd);
  }
  return { ...(header ? { header } : {}), tornLastLine };
}

/** A resumed run must be the same run: same model, same tools; else its old cases would be misreported. */
export function checkResumable(file: string, previous: ReadResults, model: string, tools: string, force: boolean): void {
  const header = previous.header;
  if (force || !header) return;
  const problems: string[] = [];
  if (header.model !== model) problems.push(`it was written by model ${header.model}, this run uses ${model}`);
  if (header.tools !== undefined && header.tools !== tools) problems.push('the tool definitions changed since (names, descriptions or schemas)');
  if (problems.length === 0) return;
  throw new ToolvetError('E_RESUME_MISMATCH', `cannot resume ${file}: ${problems.join('; ')}`, {
    file,
    hint: 'start a new results file with --results, or pass --force to resume anyway (the old cases keep their old answers)',
  });
}
