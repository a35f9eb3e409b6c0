/**
 * P1: the command a user runs. The whole `toolvet eval` process (the built CLI: node's start, loading,
 * reading the query set and the 10 fixture tools, 2,000 selection cases to a local OpenAI-compatible
 * endpoint at concurrency 8, scoring, the console report, writing `--json`) against a bare `fetch`
 * loop sending the same requests from a process of its own (p1-bare.ts: reading its inputs included).
 * Both are timed from spawn to exit in this process, so module loading is never outside the window.
 * The endpoint runs in a third process. Sides alternate over rounds; the ratio is the median of
 * per-round ratios. P1 latency repeats it against an endpoint that holds each answer 200 ms.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { builtChild, startServiceChild } from './child.ts';
import { processTimer, type ProcessSample, type ProcessTimer } from './timed-process.ts';
import { median, ROOT, TOOL_FILES, writeQuerySet, type Figure } from './workload.ts';

const ENDPOINT = 'fixed-endpoint.ts';

interface Rounds {
  toolvet: ProcessSample[];
  bare: ProcessSample[];
}

interface Setup {
  url: string;
  queries: string;
  count: number;
  concurrency: number;
  rounds: number;
  dir: string;
}

async function cli(timer: ProcessTimer, s: Setup, round: number): Promise<ProcessSample> {
  const json = join(s.dir, `result-${round}.json`);
  const tools = TOOL_FILES.flatMap((file) => ['--tools', file]);
  const args = ['eval', ...tools, '--queries', s.queries, '--model', 'openai', '--base-url', s.url, '--model-name', 'fixed', '--retries', '0', '--concurrency', String(s.concurrency), '--json', json];
  const sample = await timer.time([join(ROOT, 'bin', 'toolvet.js'), ...args]);
  const result = JSON.parse(readFileSync(json, 'utf8')) as { cases?: Array<{ state: string }> };
  const answered = (result.cases ?? []).filter((c) => c.state !== 'errored').length;
  if (answered !== s.count) throw new Error(`P1 toolvet: only ${answered} of ${s.count} cases came back answered`);
  rmSync(json);
  return sample;
}

async function bare(timer: ProcessTimer, s: Setup): Promise<ProcessSample> {
  const sample = await timer.time([builtChild('p1-bare.ts'), s.url, s.queries, String(s.concurrency), ...TOOL_FILES]);
  const { ok } = JSON.parse(sample.stdout.trim().split('\n').pop() ?? '{}') as { ok?: number };
  if (ok !== s.count) throw new Error(`P1 bare fetch: only ${ok} of ${s.count} requests came back answered`);
  return sample;
}

async function measure(s: Setup): Promise<Rounds> {
  const timer = processTimer();
  const sides: Rounds = { toolvet: [], bare: [] };
  try {
    // One unmeasured pass of each first: the endpoint's JIT and the file cache warm on it, so the
    // first measured side is not the only one to meet them cold.
    await bare(timer, s);
    await cli(timer, s, -1);
    for (let round = 0; round < s.rounds; round++) {
      const order = round % 2 === 0 ? (['bare', 'toolvet'] as const) : (['toolvet', 'bare'] as const);
      for (const side of order) sides[side].push(side === 'bare' ? await bare(timer, s) : await cli(timer, s, round));
    }
  } finally {
    timer.dispose();
  }
  return sides;
}

async function withEndpoint(options: { count: number; concurrency: number; rounds: number; delayMs: number }): Promise<Rounds> {
  const dir = mkdtempSync(join(os.tmpdir(), 'toolvet-p1-'));
  const endpoint = await startServiceChild(ENDPOINT, [String(options.delayMs)]);
  try {
    const queries = join(dir, 'queries.json');
    writeQuerySet(queries, options.count, 'p1');
    return await measure({ url: endpoint.line, queries, dir, ...options });
  } finally {
    endpoint.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const ratiosOf = (r: Rounds, of: (s: ProcessSample) => number): number[] => r.toolvet.map((t, i) => of(t) / of(r.bare[i]));
const list = (xs: ProcessSample[]): string => xs.map((x) => x.ms.toFixed(0)).join('/');

function describe(r: Rounds, count: number): string {
  const ratios = ratiosOf(r, (s) => s.ms);
  const cpu = (xs: ProcessSample[]): string => `${(median(xs.map((x) => x.cpuMs)) / count).toFixed(2)} ms`;
  const cpuRatio = median(ratiosOf(r, (s) => s.cpuMs));
  return `toolvet ${list(r.toolvet)} ms, bare fetch ${list(r.bare)} ms over ${r.toolvet.length} rounds, spawn to exit; per-round ratios ${ratios.map((x) => x.toFixed(2)).join(', ')}; process CPU per request ${cpu(r.toolvet)} vs ${cpu(r.bare)} (${cpuRatio.toFixed(2)}x)`;
}

export async function benchP1(options: { cases?: number; concurrency?: number; rounds?: number; latencyCases?: number; latencyRounds?: number; delayMs?: number } = {}): Promise<Figure[]> {
  const count = options.cases ?? 2000;
  const concurrency = options.concurrency ?? 8;
  const fast = await withEndpoint({ count, concurrency, rounds: options.rounds ?? 5, delayMs: 0 });
  // 200 ms an answer: 400 cases at concurrency 8 are 10 s a side, long enough for start-up to weigh what it weighs for a user.
  const latencyCount = options.latencyCases ?? 400;
  const delayMs = options.delayMs ?? 200;
  const slow = await withEndpoint({ count: latencyCount, concurrency, rounds: options.latencyRounds ?? 3, delayMs });
  const ratio = median(ratiosOf(fast, (s) => s.ms));
  const slowRatio = median(ratiosOf(slow, (s) => s.ms));
  const rss = Math.max(...fast.toolvet.map((s) => s.rssMb));
  const bareRss = Math.max(...fast.bare.map((s) => s.rssMb));
  return [
    {
      id: 'P1',
      what: `toolvet eval, ${count} selection cases over 10 tools at concurrency ${concurrency}, the whole process: wall time vs a bare fetch loop`,
      value: ratio,
      unit: 'x',
      target: '<= 1.25x',
      met: ratio <= 1.25,
      detail: describe(fast, count),
    },
    {
      id: 'P1 RSS',
      what: 'peak RSS of the toolvet eval process (built CLI, --json)',
      value: rss,
      unit: 'MB',
      target: '<= 150 MB',
      met: rss <= 150,
      detail: `bare fetch process ${bareRss.toFixed(0)} MB in the same setup`,
    },
    {
      id: 'P1 latency',
      what: `the same, ${latencyCount} cases, against an endpoint that answers in ${delayMs} ms`,
      value: slowRatio,
      unit: 'x',
      target: '<= 1.02x',
      met: slowRatio <= 1.02,
      detail: describe(slow, latencyCount),
    },
  ];
}
