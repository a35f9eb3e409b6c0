/**
 * Merging the optional sections (bench, diff, and the others as they land): lists are concatenated
 * and counts recomputed from them; a section absent from every part stays absent.
 */
import type { DiffResult, Level } from '../diff/types.ts';
import type { BenchSection, ToolproofResult } from './model.ts';

type Sections = Pick<ToolproofResult, 'bench' | 'diff'>;

function mergeBench(parts: BenchSection[]): BenchSection | undefined {
  if (parts.length <= 1) return parts[0];
  return { ...parts[0], tasks: parts.flatMap((p) => p.tasks), ...(parts.some((p) => p.baselineFile) ? { baselineFile: [...new Set(parts.map((p) => p.baselineFile).filter(Boolean))].join(', ') } : {}) };
}

function mergeDiff(parts: DiffResult[]): DiffResult | undefined {
  if (parts.length <= 1) return parts[0];
  const changes = parts.flatMap((p) => p.changes);
  const counts: Record<Level, number> = { breaking: 0, retest: 0, safe: 0 };
  for (const c of changes) counts[c.level] += 1;
  const issues = parts.flatMap((p) => p.baseline?.issues ?? []);
  const baselineFiles = [...new Set(parts.map((p) => p.baseline?.file).filter((f): f is string => f !== undefined))];
  return {
    old: [...new Set(parts.map((p) => p.old))].join(', '),
    new: [...new Set(parts.map((p) => p.new))].join(', '),
    failOn: parts[0].failOn,
    changes,
    counts,
    ab: parts.flatMap((p) => p.ab),
    ...(baselineFiles.length ? { baseline: { file: baselineFiles.join(', '), issues } } : {}),
    gate: { pass: parts.every((p) => p.gate.pass), reasons: parts.flatMap((p) => p.gate.reasons) },
  };
}

export function mergeSections(parts: ToolproofResult[]): Sections {
  const out: Sections = {};
  const bench = mergeBench(parts.flatMap((p) => (p.bench ? [p.bench] : [])));
  if (bench) out.bench = bench;
  const diff = mergeDiff(parts.flatMap((p) => (p.diff ? [p.diff] : [])));
  if (diff) out.diff = diff;
  return out;
}
