/**
 * Results stream to a JSON Lines file as cases finish, so an interrupted run keeps what it finished.
 * Line 1 is a header `{"type":"run", ...}`; then one `{"type":"case", ...}` line per case. Each line
 * is written synchronously in one call, so a killed process leaves only whole lines behind (a torn
 * last line is ignored on read).
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { ToolproofError } from '../errors.ts';
import type { CaseResult } from '../types.ts';
import { redactSecrets } from '../safety/secrets.ts';

export interface RunHeader {
  type: 'run';
  command: string;
  model: string;
  startedAt: string;
  /** Case ids with their suites, so `--resume` knows what was planned. */
  planned: number;
}

export class ResultSink {
  private fd: number | null;

  constructor(
    readonly file: string,
    header: RunHeader | null,
    append = false,
  ) {
    mkdirSync(dirname(file), { recursive: true });
    this.fd = openSync(file, append ? 'a' : 'w');
    if (header && !append) this.write(header);
  }

  write(record: object): void {
    if (this.fd === null) return;
    writeSync(this.fd, `${redactSecrets(JSON.stringify(record))}\n`);
  }

  writeCase(result: CaseResult): void {
    this.write({ type: 'case', ...result });
  }

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
  }
}

export function caseKey(c: { suite: string; id: string }): string {
  return `${c.suite}\u0000${c.id}`;
}

/** Reads the finished cases of a results file (for `--resume`). */
export function readResults(file: string): { header?: RunHeader; cases: CaseResult[] } {
  if (!existsSync(file)) {
    throw new ToolproofError('E_FILE_MISSING', `results file ${file} does not exist`, { file, hint: 'pass the .jsonl file an earlier run wrote with --results' });
  }
  const lines = readFileSync(file, 'utf8').split('\n');
  const cases: CaseResult[] = [];
  let header: RunHeader | undefined;
  lines.forEach((line, i) => {
    if (line.trim() === '') return;
    let record: { type?: string };
    try {
      record = JSON.parse(line) as { type?: string };
    } catch {
      if (i >= lines.length - 2) return; // the torn last line of a killed run
      throw new ToolproofError('E_FILE_PARSE', `results file ${file}: line ${i + 1} is not JSON`, { file, path: `line ${i + 1}`, hint: 'pass a .jsonl file written by toolproof' });
    }
    if (record.type === 'run') header = record as RunHeader;
    else if (record.type === 'case') {
      const { type: _type, ...rest } = record as CaseResult & { type: string };
      cases.push(rest);
    }
  });
  return { ...(header ? { header } : {}), cases };
}
