/**
 * P1: 2,000 selection cases over 10 tools to a local OpenAI-compatible endpoint, Toolvet's runner
 * (runSelection + the openai driver) against a bare fetch loop, same requests, same concurrency.
 * Each side runs in its own child process (its own peak RSS); the endpoint runs in a third one, so
 * neither side pays for it. Sides alternate over rounds; the ratio is the median of per-round ratios.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { runChild, startServiceChild } from './child.ts';
import { loadCases, loadTools, median, type Figure } from './workload.ts';

interface SideResult {
  wallMs: number;
  cpuMs: number;
  maxRssMb: number;
  /** RSS before the first request (after `import 'toolvet'` on Toolvet's side). */
  importRssMb: number;
  ok: number;
}

const CHILD = 'p1-child.ts';
const ENDPOINT = 'fixed-endpoint.ts';

export async function benchP1(options: { cases?: number; concurrency?: number; rounds?: number } = {}): Promise<Figure[]> {
  const count = options.cases ?? 2000;
  const concurrency = options.concurrency ?? 8;
  const rounds = options.rounds ?? 5;
  const dir = mkdtempSync(join(os.tmpdir(), 'toolvet-p1-'));
  const casesFile = join(dir, 'cases.json');
  writeFileSync(casesFile, JSON.stringify({ cases: loadCases(count), tools: loadTools() }));
  const endpoint = await startServiceChild(ENDPOINT);
  const sides: Record<'bare' | 'toolvet', SideResult[]> = { bare: [], toolvet: [] };
  try {
    // One unmeasured pass first: the endpoint's own JIT warms up on it, so the first measured side is
    // not the only one to meet a cold endpoint (round 1 read about 1.0x, later rounds 1.2-1.4x).
    await runChild<SideResult>(CHILD, ['bare', endpoint.line, casesFile, String(concurrency)]);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? (['bare', 'toolvet'] as const) : (['toolvet', 'bare'] as const);
      for (const side of order) {
        const result = await runChild<SideResult>(CHILD, [side, endpoint.line, casesFile, String(concurrency)]);
        if (result.ok !== count) throw new Error(`P1 ${side}: only ${result.ok} of ${count} requests came back answered`);
        sides[side].push(result);
      }
    }
  } finally {
    endpoint.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  const ratios = sides.toolvet.map((t, i) => t.wallMs / sides.bare[i].wallMs);
  const ratio = median(ratios);
  const rss = Math.max(...sides.toolvet.map((s) => s.maxRssMb));
  const bareRss = Math.max(...sides.bare.map((s) => s.maxRssMb));
  const importMb = (xs: SideResult[]): string => Math.max(...xs.map((x) => x.importRssMb)).toFixed(0);
  const walls = (xs: SideResult[]): string => xs.map((x) => x.wallMs.toFixed(0)).join('/');
  const cpuRatio = median(sides.toolvet.map((t, i) => t.cpuMs / sides.bare[i].cpuMs));
  const perRequest = (xs: SideResult[]): string => `${(median(xs.map((x) => x.cpuMs)) / count).toFixed(2)} ms`;
  return [
    {
      id: 'P1',
      what: `${count} selection cases, 10 tools, concurrency ${concurrency}: wall time vs bare fetch`,
      value: ratio,
      unit: 'x',
      target: '<= 1.25x',
      met: ratio <= 1.25,
      detail: `toolvet ${walls(sides.toolvet)} ms, bare fetch ${walls(sides.bare)} ms over ${rounds} rounds; per-round ratios ${ratios.map((r) => r.toFixed(2)).join(', ')}; client CPU per request ${perRequest(sides.toolvet)} vs ${perRequest(sides.bare)} (${cpuRatio.toFixed(2)}x)`,
    },
    {
      id: 'P1 RSS',
      what: `peak RSS of the Toolvet side (own process, built package)`,
      value: rss,
      unit: 'MB',
      target: '<= 150 MB',
      met: rss <= 150,
      detail: `bare fetch side ${bareRss.toFixed(0)} MB in the same setup; before the first request ${importMb(sides.toolvet)} MB with the package imported vs ${importMb(sides.bare)} MB (the run itself adds ${(rss - Math.max(...sides.toolvet.map((s) => s.importRssMb))).toFixed(0)} vs ${(bareRss - Math.max(...sides.bare.map((s) => s.importRssMb))).toFixed(0)} MB)`,
    },
  ];
}
