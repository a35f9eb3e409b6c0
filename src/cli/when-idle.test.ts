import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { whenIdle } from './when-idle.ts';

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 20_000): Promise<void> {
  for (const end = Date.now() + ms; !check(); ) {
    if (Date.now() > end) throw new Error('never happened');
    await sleep(10);
  }
}

describe('whenIdle', () => {
  it('runs the work once, at the first check after an idle interval, and never again', async () => {
    let runs = 0;
    // Any utilisation is below 1.01: the first check runs it.
    whenIdle(() => runs++, { everyMs: 5, busyBelow: 1.01 });
    await until(() => runs > 0);
    await sleep(50);
    expect(runs).toBe(1);
  });

  it('waits while the loop is busier than the threshold (0: never idle enough)', async () => {
    let runs = 0;
    const idle = whenIdle(() => runs++, { everyMs: 5, busyBelow: 0 });
    await sleep(60);
    idle.stop();
    expect(runs).toBe(0);
  });

  it('drops the work when stopped before a check', async () => {
    let runs = 0;
    whenIdle(() => runs++, { everyMs: 5, busyBelow: 1.01 }).stop();
    await sleep(60);
    expect(runs).toBe(0);
  });

  it('does not keep the process alive', async () => {
    const module = fileURLToPath(new URL('./when-idle.ts', import.meta.url));
    const script = `const { whenIdle } = await import(${JSON.stringify(module)}); whenIdle(() => undefined, { busyBelow: 0 }); console.log('started');`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 60_000 });
    expect(stdout.trim()).toBe('started');
  }, 90_000);
});
