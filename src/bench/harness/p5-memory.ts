/**
 * P5: memory stays flat. Peak RSS of a whole `toolvet eval` (the built CLI in its own process: load,
 * run, stream to JSON Lines, the console report, the --json result read back from the results file) at
 * 50,000 cases against 1,000, twice: against an OpenAI-compatible endpoint (the fixed-answer endpoint
 * in a process of its own, as in P1) and with the in-process mock model. Median over rounds; sizes
 * alternate their order from round to round.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { runChild, startServiceChild } from './child.ts';
import { fixture, median, ROOT, writeQuerySet, type Figure } from './workload.ts';

const CHILD = 'p5-child.ts';
const ENDPOINT = 'fixed-endpoint.ts';

interface P5Result {
  code: number;
  maxRssMb: number;
  wallMs: number;
}

type Side = 'endpoint' | 'mock';

export async function benchP5(options: { small?: number; large?: number; rounds?: number } = {}): Promise<Figure[]> {
  const small = options.small ?? 1000;
  const large = options.large ?? 50_000;
  const rounds = options.rounds ?? 3;
  const dir = mkdtempSync(join(os.tmpdir(), 'toolvet-p5-'));
  const endpoint = await startServiceChild(ENDPOINT);
  const runs: Record<Side, Record<'small' | 'large', P5Result[]>> = { endpoint: { small: [], large: [] }, mock: { small: [], large: [] } };
  const tools = ['refman', 'notebook', 'echo'].flatMap((n) => ['--tools', fixture(`tools/${n}.json`)]);
  const model: Record<Side, string[]> = {
    endpoint: ['--model', 'openai', '--base-url', endpoint.line, '--model-name', 'fixed', '--retries', '0', '--concurrency', '8'],
    mock: ['--model', 'mock'],
  };
  try {
    writeQuerySet(join(dir, 'small.json'), small, 'p5');
    writeQuerySet(join(dir, 'large.json'), large, 'p5');
    for (let round = 0; round < rounds; round++) {
      for (const side of ['endpoint', 'mock'] as const) {
        for (const size of round % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const)) {
          const out = join(dir, `${side}-${size}-${round}`);
          const args = ['eval', ...tools, ...model[side], '--queries', join(dir, `${size}.json`), '--results', `${out}.jsonl`, '--json', `${out}.json`];
          const result = await runChild<P5Result>(CHILD, [ROOT, ...args]);
          const cases = (JSON.parse(readFileSync(`${out}.json`, 'utf8')) as { cases?: unknown[] }).cases?.length ?? 0;
          if (cases !== (size === 'small' ? small : large)) throw new Error(`P5 ${side} ${size}: the --json result holds ${cases} cases (exit ${result.code})`);
          rmSync(`${out}.json`);
          rmSync(`${out}.jsonl`);
          runs[side][size].push(result);
        }
      }
    }
  } finally {
    endpoint.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const sizes = `${large.toLocaleString('en-US')} vs ${small.toLocaleString('en-US')} cases`;
  return (['endpoint', 'mock'] as const).map((side) => {
    const rssSmall = median(runs[side].small.map((r) => r.maxRssMb));
    const rssLarge = median(runs[side].large.map((r) => r.maxRssMb));
    const ratio = rssLarge / rssSmall;
    const walls = `${(median(runs[side].large.map((r) => r.wallMs)) / 1000).toFixed(1)} s and ${(median(runs[side].small.map((r) => r.wallMs)) / 1000).toFixed(1)} s`;
    return {
      id: side === 'endpoint' ? 'P5' : 'P5 mock',
      what: `peak RSS of toolvet eval (built CLI, --results and --json), ${sizes}, ${side === 'endpoint' ? 'against a local OpenAI-compatible endpoint' : 'with the in-process mock model'}`,
      value: ratio,
      unit: 'x',
      target: '<= 1.1x',
      met: ratio <= 1.1,
      detail: `${side}: ${rssLarge.toFixed(0)} MB vs ${rssSmall.toFixed(0)} MB (medians of ${runs[side].small.length}); runs took ${walls}`,
    };
  });
}
