/**
 * P6: thousands of tools. The whole CLI (`toolproof eval` on 200 queries, `toolproof lint`) over the 10
 * fixture tools plus 1,990 generated distractors, against the same commands over the 10 tools alone;
 * wall time of child processes, sides alternated per round, medians. Targets from the issue: eval
 * <= 2x and lint <= 5x the 10-tool run (both include start-up, which a user pays too).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { fixture, loadTools, median, ROOT, type Figure } from './workload.ts';
import type { ToolDefinition } from 'toolproof';

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

function wall(args: string[]): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, [join(ROOT, 'bin', 'toolproof.js'), ...args], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (result.status === null || result.status > 1) throw new Error(`P6: toolproof ${args.join(' ')} exited ${result.status}: ${result.stderr.slice(0, 400)}`);
  return performance.now() - started;
}

export async function benchP6(options: { rounds?: number; tools?: number; queries?: number } = {}): Promise<Figure[]> {
  const dir = mkdtempSync(join(os.tmpdir(), 'toolproof-p6-'));
  const total = options.tools ?? 2000;
  const queries = options.queries ?? 200;
  try {
    const base = loadTools().map(({ server: _server, ...t }) => t);
    writeFileSync(join(dir, 'small.json'), JSON.stringify(base));
    writeFileSync(join(dir, 'large.json'), JSON.stringify([...base, ...distractorTools(total - base.length)]));
    const raw = ['refman', 'notebook', 'echo'].flatMap((n) => (parse(readFileSync(fixture(`queries/${n}.yaml`), 'utf8')) as { cases: Array<{ id: string }> }).cases);
    writeFileSync(join(dir, 'queries.json'), JSON.stringify({ cases: Array.from({ length: queries }, (_, i) => ({ ...raw[i % raw.length], id: `${raw[i % raw.length].id}-${i}` })) }));
    const times = { evalSmall: [] as number[], evalLarge: [] as number[], lintSmall: [] as number[], lintLarge: [] as number[] };
    for (let round = 0; round < (options.rounds ?? 3); round++) {
      const sides = round % 2 === 0 ? (['small', 'large'] as const) : (['large', 'small'] as const);
      for (const side of sides) {
        const key = side === 'small' ? 'Small' : 'Large';
        times[`eval${key}`].push(wall(['eval', '--tools', join(dir, `${side}.json`), '--queries', join(dir, 'queries.json')]));
        times[`lint${key}`].push(wall(['lint', '--tools', join(dir, `${side}.json`), '--format', 'json']));
      }
    }
    const evalRatio = median(times.evalLarge) / median(times.evalSmall);
    const lintRatio = median(times.lintLarge) / median(times.lintSmall);
    const ms = (xs: number[]): string => `${(median(xs) / 1000).toFixed(2)} s`;
    return [
      { id: 'P6 eval', what: `toolproof eval, ${queries} queries over ${total.toLocaleString('en-US')} tools vs 10 tools`, value: evalRatio, unit: 'x', target: '<= 2x', met: evalRatio <= 2, detail: `${ms(times.evalLarge)} vs ${ms(times.evalSmall)} (medians of ${times.evalSmall.length})` },
      { id: 'P6 lint', what: `toolproof lint, ${total.toLocaleString('en-US')} tools vs 10 tools`, value: lintRatio, unit: 'x', target: '<= 5x', met: lintRatio <= 5, detail: `${ms(times.lintLarge)} vs ${ms(times.lintSmall)} (medians of ${times.lintSmall.length})` },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
