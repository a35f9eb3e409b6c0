/** `toolvet bench` runs the one structured-result check on a result of each benchmarked call (fixtures/servers/structured.mjs). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixture, runCli } from '../cli/testing.ts';
import type { ToolvetResult } from '../report/model.ts';
import { tempDir } from '../testing/temp-dir.ts';

describe('bench: structured results of the benchmarked calls', () => {
  it('warns about the call whose structuredContent breaks its outputSchema, naming the path, and times it anyway', async () => {
    const json = join(tempDir('toolvet-bench-structured-'), 'bench.json');
    const run = await runCli(['bench', '--config', fixture('hosts/structured.json'), '--server', 'structured', '--task', 'tools-call', '--iterations', '3', '--time', '20', '--starts', '1', '--json', json], { timeoutMs: 120_000 });
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(readFileSync(json, 'utf8')) as ToolvetResult;
    const byCode = (code: string): string[] => result.warnings.filter((w) => w.code === code).map((w) => w.message);
    expect(byCode('W_BENCH_STRUCTURED_INVALID')).toEqual([
      expect.stringContaining('get_forecast: structuredContent of "get_forecast" breaks its outputSchema at $.days[1].high'),
      expect.stringContaining('"get_humidity" declares an outputSchema but returned no structuredContent'),
    ]);
    expect(byCode('W_BENCH_STRUCTURED_TEXT')).toEqual([expect.stringContaining('differs from it at $.celsius')]);
    expect(byCode('W_BENCH_STRUCTURED_MISSING')).toEqual([expect.stringContaining('get_station')]);
    expect(result.bench!.tasks.filter((t) => t.kind === 'tools-call' && t.state === 'completed')).toHaveLength(5);
  }, 120_000);
});
