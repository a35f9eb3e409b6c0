/**
 * `toolvet bench --server everything` on the real server-everything completes. It used to run for
 * many minutes: trigger-long-running-operation takes 10 s a call, and 55 samples were asked of it.
 * A slow tool is now timed over a few samples with a warning, and the run ends with the server.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../cli/testing.ts';
import { realServersHost } from '../testing/real-servers.ts';

describe('bench on the real server-everything', () => {
  it('completes, timing the 10-second tool over a few samples', async () => {
    const { config, root } = realServersHost();
    const out = join(root, '..', 'bench.json');
    // These tools are not annotated read-only, so bench calls them only because the calls file names them.
    const calls = join(root, '..', 'everything-calls.json');
    writeFileSync(calls, JSON.stringify([{ tool: 'toggle-simulated-logging', args: {} }, { tool: 'toggle-subscriber-updates', args: {} }, { tool: 'trigger-long-running-operation', args: { duration: 10, steps: 2 } }]));
    const run = await runCli(['bench', '--config', config, '--server', 'everything', '--calls', calls, '--starts', '1', '--iterations', '5', '--json', out], { timeoutMs: 170_000 });
    expect(run.signal).toBeNull();
    expect(run.code).toBe(0);
    const result = JSON.parse(readFileSync(out, 'utf8')) as { bench: { tasks: Array<{ task: string; state: string; samples?: number }> }; warnings: Array<{ code: string; message: string }> };
    const tasks = new Map(result.bench.tasks.map((t) => [t.task, t]));
    for (const tool of ['toggle-simulated-logging', 'toggle-subscriber-updates', 'trigger-long-running-operation']) expect(tasks.get(`tools/call ${tool}`)?.state).toBe('completed');
    expect(tasks.get('tools/call trigger-long-running-operation')?.samples).toBe(3);
    expect(result.warnings.map((w) => w.code)).toContain('W_BENCH_SLOW_TASK');
  }, 180_000);
});
