/**
 * The harness benchmarks' shared workload: the 10 fixture tools (refman 6, notebook 3, echo 1) and
 * the fixture query sets' cases, cycled to any count with unique ids. The same cases go to every side
 * of a comparison.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { loadQuerySet, loadToolFile, type SelectionCase, type ToolDefinition } from 'toolvet';

/** The checkout's root (with a trailing slash), found upwards from this file: it runs from src/ and bundled from .bench/. */
function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'fixtures'))) return `${dir}/`;
    if (dirname(dir) === dir) throw new Error(`bench: no toolvet checkout above ${from}`);
  }
}

export const ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));
export const fixture = (path: string): string => `${ROOT}fixtures/${path}`;

export function loadTools(): ToolDefinition[] {
  return ['refman', 'notebook', 'echo'].flatMap((name) => loadToolFile(fixture(`tools/${name}.json`)).tools);
}

export function loadCases(count: number): SelectionCase[] {
  const base = ['refman', 'notebook', 'echo'].flatMap((name) => loadQuerySet(fixture(`queries/${name}.yaml`)).cases);
  return Array.from({ length: count }, (_, i) => {
    const c = base[i % base.length];
    return { ...c, id: `${c.id}-${i}`, suite: 'bench' };
  });
}

/** The three fixture tool files, as a command line names them. */
export const TOOL_FILES: readonly string[] = ['refman', 'notebook', 'echo'].map((name) => fixture(`tools/${name}.json`));

/** A query-set file of `count` cases for the CLI: the fixture cases cycled, with unique ids. */
export function writeQuerySet(file: string, count: number, name: string): void {
  const raw = ['refman', 'notebook', 'echo'].flatMap((n) => (parse(readFileSync(fixture(`queries/${n}.yaml`), 'utf8')) as { cases: Array<{ id: string }> }).cases);
  writeFileSync(file, JSON.stringify({ name, cases: Array.from({ length: count }, (_, i) => ({ ...raw[i % raw.length], id: `${raw[i % raw.length].id}-${i}` })) }));
}

export const median = (xs: readonly number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** One figure of the harness run, as printed and as written with --json. */
export interface Figure {
  id: string;
  what: string;
  /** The measured value the target applies to. */
  value: number;
  unit: string;
  target: string;
  met: boolean;
  /** Side-by-side details, printed under the table. */
  detail: string;
  /** The one-minute load average when the benchmark finished (set by main.ts). */
  load?: number;
}
