/**
 * Distractor tools for the tool-count sweep (`toolvet eval --distractors N[,N...]`): each query set's
 * tools padded with N more, drawn first from the other servers' tools the set does not use, then from a
 * distractor file (`--distractor-file`), then from generated tools (varied names and descriptions from a
 * seeded word list). The draw is a seeded shuffle and the sizes are nested, so a larger size holds
 * every distractor of a smaller one and the accuracy curve compares like with like.
 */
import { seededRandom } from './seeded-random.ts';
import type { ToolDefinition } from '../types.ts';

const VERBS = ['get', 'list', 'create', 'update', 'delete', 'search', 'archive', 'export', 'import', 'sync', 'approve', 'assign', 'close', 'merge', 'schedule'];
const NOUNS = ['invoice', 'customer', 'order', 'ticket', 'project', 'report', 'account', 'shipment', 'payment', 'contract', 'campaign', 'warehouse', 'employee', 'asset', 'budget', 'incident', 'release', 'vendor', 'meeting', 'policy'];
const DOMAINS = ['billing', 'support', 'sales', 'logistics', 'finance', 'marketing', 'inventory', 'people', 'legal', 'operations'];
const QUALIFIERS = ['overdue', 'archived', 'draft', 'pending', 'regional', 'quarterly', 'priority', 'external', 'internal', 'recurring'];

/** Deterministic distractors with varied names and descriptions, in the conventions' style. */
export function generatedDistractors(count: number, seed = 7): ToolDefinition[] {
  const next = seededRandom(seed >>> 0 || 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)];
  return Array.from({ length: count }, (_, i) => {
    const [verb, noun, domain, qualifier] = [pick(VERBS), pick(NOUNS), pick(DOMAINS), pick(QUALIFIERS)];
    return {
      name: `${verb}_${noun}_${domain}_${i}`,
      description: `${verb[0].toUpperCase()}${verb.slice(1)} ${qualifier} ${noun} records in the ${domain} system. Call when the user wants to ${verb} a ${noun} for ${domain}, e.g. '${verb} the ${qualifier} ${noun}'. Do NOT use for ${pick(NOUNS)} records.`,
      inputSchema: {
        type: 'object',
        properties: {
          [`${noun}_id`]: { type: 'string', description: `Id of the ${noun}.` },
          limit: { type: 'integer', minimum: 1, maximum: 100, default: 20, description: 'Most results to return.' },
        },
        required: [`${noun}_id`],
      },
    };
  });
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const next = seededRandom(seed >>> 0 || 1);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * The first `max` distractors for a set whose own tools are `own`: other tools (servers and file,
 * shuffled), then generated ones; never a tool named like one of the set's own.
 */
export function distractorPool(own: readonly ToolDefinition[], others: readonly ToolDefinition[], max: number, seed = 7): ToolDefinition[] {
  const taken = new Set(own.map((t) => t.name));
  const pool: ToolDefinition[] = [];
  for (const tool of shuffled(others, seed)) {
    if (pool.length >= max) break;
    if (taken.has(tool.name)) continue;
    taken.add(tool.name);
    pool.push(tool);
  }
  for (const tool of generatedDistractors(Math.max(0, max - pool.length) + own.length, seed)) {
    if (pool.length >= max) break;
    if (taken.has(tool.name)) continue;
    taken.add(tool.name);
    pool.push(tool);
  }
  return pool;
}

/** Sizes from `--distractors 0,10,100`: whole numbers, ascending, unique. */
export function parseDistractorSizes(text: string): number[] | undefined {
  const sizes = text.split(',').map((s) => s.trim());
  if (sizes.some((s) => !/^\d+$/.test(s))) return undefined;
  return [...new Set(sizes.map(Number))].sort((a, b) => a - b);
}
