/**
 * P5: peak RSS of a whole eval run (`runEval`, results streamed to JSON Lines) at 10,000 cases
 * against 1,000, each in its own child process; median over rounds.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { runChild } from './child.ts';
import { fixture, median, type Figure } from './workload.ts';

const CHILD = fileURLToPath(new URL('./p5-child.ts', import.meta.url));

interface P5Result {
  cases: number;
  maxRssMb: number;
  wallMs: number;
}

/** A query-set file of `count` cases: the fixture cases cycled, with unique ids. */
function writeQueries(file: string, count: number): void {
  const raw = ['refman', 'notebook', 'echo'].flatMap((n) => (parse(readFileSync(fixture(`queries/${n}.yaml`), 'utf8')) as { cases: Array<{ id: string }> }).cases);
  writeFileSync(file, JSON.stringify({ cases: Array.from({ length: count }, (_, i) => ({ ...raw[i % raw.length], id: `${raw[i % raw.length].id}-${i}` })) }));
}

export async function benchP5(options: { small?: number; large?: number; rounds?: number } = {}): Promise<Figure[]> {
  const small = options.small ?? 1000;
  const large = options.large ?? 10_000;
  const dir = mkdtempSync(join(os.tmpdir(), 'toolproof-p5-'));
  const runs: Record<'small' | 'large', P5Result[]> = { small: [], large: [] };
  try {
    writeQueries(join(dir, 'small.json'), small);
    writeQueries(join(dir, 'large.json'), large);
    for (let round = 0; round < (options.rounds ?? 3); round++) {
      for (const size of round % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const)) {
        const result = await runChild<P5Result>(CHILD, [join(dir, `${size}.json`), join(dir, `${size}-${round}.jsonl`)]);
        if (result.cases !== (size === 'small' ? small : large)) throw new Error(`P5 ${size}: ran ${result.cases} cases`);
        runs[size].push(result);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const rssSmall = median(runs.small.map((r) => r.maxRssMb));
  const rssLarge = median(runs.large.map((r) => r.maxRssMb));
  const ratio = rssLarge / rssSmall;
  return [
    {
      id: 'P5',
      what: `peak RSS of an eval run (results streamed to JSON Lines), ${large.toLocaleString('en-US')} vs ${small.toLocaleString('en-US')} cases`,
      value: ratio,
      unit: 'x',
      target: '<= 1.2x',
      met: ratio <= 1.2,
      detail: `${rssLarge.toFixed(0)} MB vs ${rssSmall.toFixed(0)} MB (medians of ${runs.small.length}); runs took ${median(runs.large.map((r) => r.wallMs)).toFixed(0)} and ${median(runs.small.map((r) => r.wallMs)).toFixed(0)} ms`,
    },
  ];
}
