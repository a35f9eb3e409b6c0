/** Keeps the last lines a server wrote to stderr, in bounded memory, even when it floods. */
import type { Readable } from 'node:stream';
import { clipText } from '../safety/clip.ts';

export class StderrTail {
  private readonly lines: string[] = [];
  private partial = '';
  totalBytes = 0;

  constructor(private readonly keep = 20) {}

  attach(stream: Readable | null): void {
    stream?.on('data', (chunk: Buffer | string) => this.push(chunk.toString()));
  }

  push(text: string): void {
    this.totalBytes += text.length;
    const parts = (this.partial + text).split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    if (this.partial.length > 4096) this.partial = clipText(this.partial, 4096, { keep: 'end', ellipsis: '' });
    for (const line of parts) {
      if (line.trim() === '') continue;
      this.lines.push(clipText(line, 501));
      if (this.lines.length > this.keep) this.lines.shift();
    }
  }

  last(n = this.keep): string[] {
    const all = this.partial.trim() ? [...this.lines, this.partial] : this.lines;
    return all.slice(-n);
  }
}
