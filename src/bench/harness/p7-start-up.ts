/**
 * P7: start-up of the built CLI (`node bin/toolvet.js`, which runs dist/) against a bare
 * `node -e 0`, side by side in one run: `--version` (wall-time ratio and peak RSS), `lint --tools`
 * on one small tool file, and `eval` of a one-case query set over that file with the mock model
 * (ratios), and `run`, the bundled example a new user starts with (three fixture servers, their
 * query sets, the mock model). Rounds alternate the order so a neighbour's load lands on every side
 * alike; the ratio is of the medians. Each child's peak RSS is read in the child itself (timed-process.ts), the same probe
 * on every side.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { processTimer, type ProcessSample } from './timed-process.ts';
import { fixture, median, ROOT, type Figure } from './workload.ts';

export async function benchP7(options: { rounds?: number } = {}): Promise<Figure[]> {
  const rounds = options.rounds ?? 10;
  const timer = processTimer();
  const bin = `${ROOT}bin/toolvet.js`;
  const tools = fixture('tools/echo.json');
  const dir = mkdtempSync(join(os.tmpdir(), 'toolvet-p7-'));
  const oneCase = join(dir, 'one-case.json');
  writeFileSync(oneCase, JSON.stringify({ name: 'one', cases: [{ id: 'echo-plain', query: 'echo hello world', expect: { tool: 'echo' } }] }));
  const sides = {
    bare: ['-e', '0'],
    version: [bin, '--version'],
    lint: [bin, 'lint', '--tools', tools],
    eval: [bin, 'eval', '--tools', tools, '--queries', oneCase],
    // A first run: the same with the start-up cache off (docs/commands/eval.md), reported beside P7 eval.
    evalCold: [bin, 'eval', '--tools', tools, '--queries', oneCase],
    // Its results file goes to the temporary folder, not the checkout's .toolvet/.
    run: [bin, 'run', '--results', join(dir, 'last-run.jsonl')],
  };
  const samples: Record<keyof typeof sides, ProcessSample[]> = { bare: [], version: [], lint: [], eval: [], evalCold: [], run: [] };
  const envOf = (name: keyof typeof sides): Record<string, string> => (name === 'evalCold' ? { TOOLVET_CACHE_DIR: 'off' } : {});
  try {
    // One unmeasured round: the file cache holds node, dist/ and node_modules afterwards.
    for (const [name, args] of Object.entries(sides)) await timer.time(args, envOf(name as keyof typeof sides));
    const names = Object.keys(sides) as (keyof typeof sides)[];
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? names : [...names].reverse();
      for (const name of order) samples[name].push(await timer.time(sides[name], envOf(name)));
    }
  } finally {
    timer.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
  const ms = (name: keyof typeof sides): number => median(samples[name].map((s) => s.ms));
  const cpu = (name: keyof typeof sides): string => median(samples[name].map((s) => s.cpuMs)).toFixed(0);
  const rss = (name: keyof typeof sides): number => Math.max(...samples[name].map((s) => s.rssMb));
  const versionRatio = ms('version') / ms('bare');
  const lintRatio = ms('lint') / ms('bare');
  const evalRatio = ms('eval') / ms('bare');
  const runRatio = ms('run') / ms('bare');
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
    {
      id: 'P7 eval',
      what: 'toolvet eval of a one-case query set (one tool, the mock model) vs node -e 0, wall time',
      value: evalRatio,
      unit: 'x',
      target: '<= 3x',
      met: evalRatio <= 3,
      detail: `toolvet eval --tools fixtures/tools/echo.json --queries (1 case) ${ms('eval').toFixed(0)} ms, ${rss('eval').toFixed(0)} MB, process CPU ${cpu('eval')} ms vs ${bare} (medians of ${rounds}); a first run (start-up cache off) ${ms('evalCold').toFixed(0)} ms, ${(ms('evalCold') / ms('bare')).toFixed(2)}x, process CPU ${cpu('evalCold')} ms`,
    },
    {
      id: 'P7 run',
      what: 'toolvet run (the bundled example: three fixture servers, their query sets, the mock model) vs node -e 0, wall time',
      value: runRatio,
      unit: 'x',
      target: '<= 5x',
      met: runRatio <= 5,
      detail: `toolvet run ${ms('run').toFixed(0)} ms, ${rss('run').toFixed(0)} MB, process CPU ${median(samples.run.map((s) => s.cpuMs)).toFixed(0)} ms (its servers' not counted) vs ${bare} (medians of ${rounds})`,
    },
  ];
}
