import { describe, expect, it } from 'vitest';
import { createProgress, progressMode } from './progress.ts';

class Capture {
  text = '';
  isTTY: boolean;
  columns = 120;
  constructor(tty: boolean) {
    this.isTTY = tty;
  }
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
  cursorTo(): boolean {
    return true;
  }
  clearLine(): boolean {
    return true;
  }
  moveCursor(): boolean {
    return true;
  }
  on(): this {
    return this;
  }
  removeListener(): this {
    return this;
  }
}

describe('progress', () => {
  it('uses a bar on a TTY, plain lines elsewhere or in CI, nothing when turned off', () => {
    expect(progressMode({ isTTY: true }, {})).toBe('bar');
    expect(progressMode({ isTTY: true }, { CI: 'true' })).toBe('lines');
    expect(progressMode({ isTTY: false }, {})).toBe('lines');
    expect(progressMode({ isTTY: true }, { TOOLVET_PROGRESS: '0' })).toBe('off');
  });

  it('prints a line per interval with cases done, pass rate and time left, then a final line', () => {
    let now = 0;
    const stream = new Capture(false);
    const progress = createProgress({ stream, env: {}, intervalMs: 5000, now: () => now, label: 'eval' });
    progress.start(10);
    for (let done = 1; done <= 10; done += 1) {
      now += 1500;
      progress.update(done % 2 === 0, done, 10);
    }
    progress.stop();
    const lines = stream.text.trim().split('\n');
    expect(lines[0]).toBe('eval: 4/10 cases, pass rate 50.0%, 6s elapsed, ~9s left');
    expect(lines.at(-1)).toBe('eval: 10/10 cases, pass rate 50.0%, 15s elapsed');
    expect(lines.length).toBe(3);
  });

  it('stays silent for a run shorter than one interval', () => {
    let now = 0;
    const stream = new Capture(false);
    const progress = createProgress({ stream, env: {}, intervalMs: 5000, now: () => now });
    progress.start(3);
    for (let done = 1; done <= 3; done += 1) {
      progress.update(true, done, 3);
      now += 100;
    }
    progress.stop();
    expect(stream.text).toBe('');
  });

  it('draws a bar with done/total and the pass rate on a TTY', () => {
    const stream = new Capture(true);
    const progress = createProgress({ stream: stream as unknown as NodeJS.WriteStream, env: {}, label: 'eval' });
    progress.start(4);
    for (let done = 1; done <= 4; done += 1) progress.update(done !== 2, done, 4);
    progress.stop();
    progress.stop();
    expect(stream.text).toContain('eval');
    expect(stream.text).toContain('4/4 cases | pass 75.0%');
  });
});
