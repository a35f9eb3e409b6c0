/**
 * What the viewer may read: only regular files directly inside the folder, by a name the folder
 * lists. A name with a separator, `..`, a link (even to a file inside) or anything else is refused,
 * so no request can reach a file outside the folder however it is spelt.
 */
import { lstatSync, readdirSync, realpathSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadResultFile } from '../result-schema.ts';
import type { ToolvetResult } from '../model.ts';

export interface ViewFolder {
  dir: string;
  /** Result files (`*.json` that load as results), sorted by name. */
  results(): string[];
  /** The result in `name`, or undefined when the name is not a result file of the folder. */
  load(name: string): ToolvetResult | undefined;
  /** The path of `name` when it is a regular file of the folder; undefined otherwise. */
  contained(name: string): string | undefined;
}

export function viewFolder(dir: string): ViewFolder {
  const real = realpathSync(dir);
  const contained = (name: string): string | undefined => {
    if (name === '' || name === '.' || name === '..' || /[/\\\0]/.test(name)) return undefined;
    if (!readdirSync(real).includes(name)) return undefined;
    const path = join(real, name);
    const stat = lstatSync(path);
    if (!stat.isFile() || realpathSync(dirname(path)) !== real) return undefined;
    return path;
  };
  const load = (name: string): ToolvetResult | undefined => {
    const path = name.endsWith('.json') ? contained(name) : undefined;
    if (!path) return undefined;
    try {
      return loadResultFile(path);
    } catch {
      return undefined;
    }
  };
  return {
    dir: real,
    results: () => readdirSync(real).filter((n) => n.endsWith('.json')).sort().filter((n) => load(n) !== undefined),
    load,
    contained,
  };
}
