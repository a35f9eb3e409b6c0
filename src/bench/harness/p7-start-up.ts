/**
 * P7: start-up of the built CLI (`node bin/toolvet.js`, which runs dist/) against a bare
 * `node -e 0`, side by side in one run: `--version` (wall-time ratio and peak RSS) and `lint --tools`
 * on one small tool file (ratio). Rounds alternate the order so a neighbour's load lands on every side
 * alike; the ratio is of the medians. Each child's peak RSS is read in the child itself (a preloaded
 * probe writes `process.resourceUsage().maxRSS` at exit), the same probe on every side.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { fixture, median, ROOT, type Figure } from './workload.ts';

interface Sample {
  ms: number;
  rssMb: number;
}

const PROBE = "process.on('exit', () => require('node:fs').writeFileSync(process.env.TOOLVET_RSS_FILE, String(process.resourceUsage().maxRSS)));\n";

function timeChild(args: string[], probe: string, rssFile: string): Promise<Sample> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['--require', probe, ...args], { cwd: ROOT, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, TOOLVET_RSS_FILE: rssFile, NO_COLOR: '1' } });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) return reject(new Error(`node ${args.join(' ')} exited ${code}: ${stderr}`));
      resolve({ ms, rssMb: Number(readFileSync(rssFile, 'utf8')) / 1024 });
    });
  });
}

export async function benchP7(options: { rounds?: number } = {}): Promise<Figure[]> {
  const rounds = options.rounds ?? 10;
  const dir = mkdtempSync(join(os.tmpdir(), 'toolvet-p7-'));
  const probe = join(dir, 'rss-probe.cjs');
  writeFileSync(probe, PROBE);
  const rssFile = join(dir, 'rss');
  const bin = join(ROOT, 'bin', 'toolvet.js');
  const tools = fixture('tools/echo.json');
  const sides = {
    bare: ['-e', '0'],
    version: [bin, '--version'],
    lint: [bin, 'lint', '--tools', tools],
  };
  const samples: Record<keyof typeof sides, Sample[]> = { bare: [], version: [], lint: [] };
  try {
    // One unmeasured round: the file cache holds node, dist/ and node_modules afterwards.
    for (const args of Object.values(sides)) await timeChild(args, probe, rssFile);
    const names = Object.keys(sides) as (keyof typeof sides)[];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? names : [...names].reverse();
      for (const name of order) samples[name].push(await timeChild(sides[name], probe, rssFile));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const ms = (name: keyof typeof sides): number => median(samples[name].map((s) => s.ms));
  const rss = (name: keyof typeof sides): number => Math.max(...samples[name].map((s) => s.rssMb));
  const versionRatio = ms('version') / ms('bare');
  const lintRatio = ms('lint') / ms('bare');
  const bare = `node -e 0 ${ms('bare').toFixed(0)} ms, ${rss('bare').toFixed(0)} MB`;
  return [
    {
      id: 'P7',
      what: 'toolvet --version (built CLI) vs node -e 0, wall time',
      value: versionRatio,
      unit: 'x',
      target: '<= 5x',
      met: versionRatio <= 5,
      detail: `toolvet --version ${ms('version').toFixed(0)} ms vs ${bare} (medians of ${rounds})`,
    },
    {
      id: 'P7 RSS',
      what: 'toolvet --version peak RSS',
      value: rss('version'),
      unit: 'MB',
      target: '<= 80 MB',
      met: rss('version') <= 80,
      detail: `highest of ${rounds}; ${bare}; toolvet lint --tools ${rss('lint').toFixed(0)} MB`,
    },
    {
      id: 'P7 lint',
      what: 'toolvet lint --tools (one small file) vs node -e 0, wall time',
      value: lintRatio,
      unit: 'x',
      target: '<= 8x',
      met: lintRatio <= 8,
      detail: `toolvet lint --tools fixtures/tools/echo.json ${ms('lint').toFixed(0)} ms vs ${bare} (medians of ${rounds})`,
    },
  ];
}
