/**
 * P6: thousands of tools. The whole CLI (`toolvet eval` on 200 queries, `toolvet lint`) over the 10
 * fixture tools plus 1,990 generated distractors, against the same commands over the 10 tools alone;
 * CPU time of the child processes (their wall time beside it), sides alternated per round, medians. Targets
 * from issue 30: eval <= 1.5x and lint <= 3x the 10-tool run (both include start-up, which a user pays too).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { fixture, loadTools, median, ROOT, type Figure } from './workload.ts';
import type { ToolDefinition } from 'toolvet';

const VERBS = ['get', 'list', 'create', 'update', 'delete', 'search', 'archive', 'export', 'import', 'sync', 'approve', 'assign', 'close', 'merge', 'schedule'];
const NOUNS = ['invoice', 'customer', 'order', 'ticket', 'project', 'report', 'account', 'shipment', 'payment', 'contract', 'campaign', 'warehouse', 'employee', 'asset', 'budget', 'incident', 'release', 'vendor', 'meeting', 'policy'];
const DOMAINS = ['billing', 'support', 'sales', 'logistics', 'finance', 'marketing', 'inventory', 'people', 'legal', 'operations'];
const QUALIFIERS = ['overdue', 'archived', 'draft', 'pending', 'regional', 'quarterly', 'priority', 'external', 'internal', 'recurring'];

/** Deterministic distractors with varied names and descriptions (a seeded LCG picks the words). */
export function distractorTools(count: number, seed = 7): ToolDefinition[] {
  let state = seed;
  const pick = <T>(list: readonly T[]): T => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return list[state % list.length];
  };
  return Array.from({ length: count }, (_, i) => {
    const [verb, noun, domain, qualifier] = [pick(VERBS), pick(NOUNS), pick(DOMAINS), pick(QUALIFIERS)];
    return {
      name: `${verb}_${noun}_${domain}_${i}`,
      description: `${verb[0].toUpperCase()}${verb.slice(1)} ${qualifier} ${noun} records in the ${domain} system. Call when the user wants to ${verb} a ${noun} for ${domain}, e.g. '${verb} the ${qualifier} ${noun}'. Do NOT use for ${pick(NOUNS)} records; use ${pick(VERBS)}_${pick(NOUNS)} instead.`,
      inputSchema: { type: 'object', properties: { [`${noun}_id`]: { type: 'string', description: `Id of the ${noun}.` }, limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Most results.' } }, required: [`${noun}_id`] },
    };
  });
}

// Preloaded into each CLI run: writes the process's CPU time (user + system, ms) at exit. On the shared
// machine the wall clock also measures the neighbours; CPU time is printed beside it.
const CPU_PROBE = "process.on('exit', () => { const c = process.cpuUsage(); require('node:fs').writeFileSync(process.env.TOOLVET_CPU_FILE, String((c.user + c.system) / 1000)); });\n";

interface Run {
  ms: number;
  cpuMs: number;
}

function run(args: string[], probe: string, cpuFile: string): Run {
  const started = performance.now();
  const result = spawnSync(process.execPath, ['--require', probe, join(ROOT, 'bin', 'toolvet.js'), ...args], {
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: { ...process.env, TOOLVET_CPU_FILE: cpuFile },
  });
  const ms = performance.now() - started;
  if (result.status === null || result.status > 1) throw new Error(`P6: toolvet ${args.join(' ')} exited ${result.status}: ${result.stderr.slice(0, 400)}`);
  return { ms, cpuMs: Number(readFileSync(cpuFile, 'utf8')) };
}

export async function benchP6(options: { rounds?: number; tools?: number; queries?: number } = {}): Promise<Figure[]> {
  const dir = mkdtempSync(join(os.tmpdir(), 'toolvet-p6-'));
  const total = options.tools ?? 2000;
  const queries = options.queries ?? 200;
  try {
    const base = loadTools().map(({ server: _server, ...t }) => t);
    writeFileSync(join(dir, 'small.json'), JSON.stringify(base));
    writeFileSync(join(dir, 'large.json'), JSON.stringify([...base, ...distractorTools(total - base.length)]));
    const raw = ['refman', 'notebook', 'echo'].flatMap((n) => (parse(readFileSync(fixture(`queries/${n}.yaml`), 'utf8')) as { cases: Array<{ id: string }> }).cases);
    writeFileSync(join(dir, 'queries.json'), JSON.stringify({ cases: Array.from({ length: queries }, (_, i) => ({ ...raw[i % raw.length], id: `${raw[i % raw.length].id}-${i}` })) }));
    const probe = join(dir, 'cpu-probe.cjs');
    writeFileSync(probe, CPU_PROBE);
    const cpuFile = join(dir, 'cpu');
    const times = { evalSmall: [] as Run[], evalLarge: [] as Run[], lintSmall: [] as Run[], lintLarge: [] as Run[] };
    // One unmeasured pass of every side: the file cache and the start-up cache (docs/commands/eval.md)
    // hold what a user's later runs find, so every measured round is such a run.
    for (const side of ['small', 'large'] as const) {
      run(['eval', '--tools', join(dir, `${side}.json`), '--queries', join(dir, 'queries.json')], probe, cpuFile);
      run(['lint', '--tools', join(dir, `${side}.json`), '--format', 'json'], probe, cpuFile);
    }
    for (let round = 0; round < (options.rounds ?? 3); round++) {
      const sides = round % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
      for (const side of sides) {
        const key = side === 'small' ? 'Small' : 'Large';
        times[`eval${key}`].push(run(['eval', '--tools', join(dir, `${side}.json`), '--queries', join(dir, 'queries.json')], probe, cpuFile));
        times[`lint${key}`].push(run(['lint', '--tools', join(dir, `${side}.json`), '--format', 'json'], probe, cpuFile));
      }
    }
    const wallOf = (xs: Run[]): number => median(xs.map((x) => x.ms));
    const cpuOf = (xs: Run[]): number => median(xs.map((x) => x.cpuMs));
    // The figure is the CPU-time ratio: harsher than the wall clock on a quiet machine (start-up I/O is
    // the same on both sides), and not swung by the neighbours on a busy one.
    const evalRatio = cpuOf(times.evalLarge) / cpuOf(times.evalSmall);
    const lintRatio = cpuOf(times.lintLarge) / cpuOf(times.lintSmall);
    const seconds = (value: number): string => `${(value / 1000).toFixed(2)} s`;
    const detail = (large: Run[], small: Run[]): string =>
      `CPU ${seconds(cpuOf(large))} vs ${seconds(cpuOf(small))}; wall ${seconds(wallOf(large))} vs ${seconds(wallOf(small))} (${(wallOf(large) / wallOf(small)).toFixed(2)}x); medians of ${small.length}`;
    return [
      { id: 'P6 eval', what: `toolvet eval, ${queries} queries over ${total.toLocaleString('en-US')} tools vs 10 tools (CPU time)`, value: evalRatio, unit: 'x', target: '<= 1.5x', met: evalRatio <= 1.5, detail: detail(times.evalLarge, times.evalSmall) },
      { id: 'P6 lint', what: `toolvet lint, ${total.toLocaleString('en-US')} tools vs 10 tools (CPU time)`, value: lintRatio, unit: 'x', target: '<= 3x', met: lintRatio <= 3, detail: detail(times.lintLarge, times.lintSmall) },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
