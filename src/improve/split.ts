/**
 * The train / held-out split of a query set: stratified by expected tool (each tool's cases are
 * shuffled with the seed and cut at the fraction), so every tool has cases on both sides when it has
 * two or more.
 */
import { seededRandom } from '../run/seeded-random.ts';
import type { SelectionCase } from '../types.ts';

export interface Split {
  train: SelectionCase[];
  heldOut: SelectionCase[];
  seed: number;
  fraction: number;
}

const label = (c: SelectionCase): string => (c.expect.tool === null ? '(none)' : Array.isArray(c.expect.tool) ? c.expect.tool.join('|') : c.expect.tool);

export function splitCases(cases: readonly SelectionCase[], seed: number, fraction = 0.6): Split {
  const random = seededRandom(seed);
  const groups = new Map<string, SelectionCase[]>();
  for (const c of cases) groups.set(label(c), [...(groups.get(label(c)) ?? []), c]);
  const train: SelectionCase[] = [];
  const heldOut: SelectionCase[] = [];
  for (const key of [...groups.keys()].sort()) {
    const group = [...groups.get(key)!];
    for (let i = group.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [group[i], group[j]] = [group[j], group[i]];
    }
    const cut = group.length === 1 ? 1 : Math.min(group.length - 1, Math.max(1, Math.round(group.length * fraction)));
    train.push(...group.slice(0, cut));
    heldOut.push(...group.slice(cut));
  }
  const order = new Map(cases.map((c, i) => [c.id, i]));
  const byOrder = (a: SelectionCase, b: SelectionCase): number => order.get(a.id)! - order.get(b.id)!;
  return { train: train.sort(byOrder), heldOut: heldOut.sort(byOrder), seed, fraction };
}
