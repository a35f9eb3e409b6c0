/**
 * Entries a command would otherwise compute again at every start (a tool schema's compiled validator,
 * a parsed YAML file), kept under the start cache folder (cache-folder.ts), one file per entry named by
 * a hash of everything it was made from. A cache never decides anything: a missing, unreadable or
 * foreign entry is computed again, and a failed write is dropped. Entries can hold code that runs, so
 * only a folder and files of this user's, writable by no one else, are read; the folder is made 0700.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { closeSync, fstatSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../safety/write-file.ts';
import { startCacheDir } from './cache-folder.ts';

export type CacheKind = 'schemas' | 'yaml' | 'mock-index';

const load = createRequire(import.meta.url);
const versions = new Map<string, string>();

/** The installed version of a dependency whose output an entry holds (part of the entry's name), read once per process. */
export function dependencyVersion(name: string): string {
  let version = versions.get(name);
  if (version === undefined) versions.set(name, (version = (load(`${name}/package.json`) as { version: string }).version));
  return version;
}

/** The entry's file name: a hash of what it is made from (`parts`: the input text and every setting that shapes the output). */
export function entryName(parts: readonly string[], ext: string): string {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:${part}`);
  return `${hash.digest('hex').slice(0, 40)}.${ext}`;
}

/** Ours and writable by no one else (a file or folder someone else can write could run their code here). */
function private_(stat: Stats): boolean {
  const uid = typeof process.getuid === 'function' ? process.getuid() : undefined;
  return (uid === undefined || stat.uid === uid) && (stat.mode & 0o022) === 0;
}

const folders = new Map<CacheKind, string | null>();

/** The kind's folder when it exists and may be read, else null; looked at once per process. */
function readableFolder(kind: CacheKind): string | null {
  let folder = folders.get(kind);
  if (folder !== undefined) return folder;
  const root = startCacheDir();
  folder = null;
  if (root) {
    try {
      const path = join(root, kind);
      const stat = lstatSync(path);
      if (stat.isDirectory() && private_(stat)) folder = path;
    } catch {
      // Not made yet.
    }
  }
  folders.set(kind, folder);
  return folder;
}

/** The text of entry `name`, or undefined when there is none to trust. */
export function readEntry(kind: CacheKind, name: string): string | undefined {
  const folder = readableFolder(kind);
  if (!folder) return undefined;
  let fd: number | undefined;
  try {
    fd = openSync(join(folder, name), 'r');
    const stat = fstatSync(fd);
    if (!stat.isFile() || !private_(stat)) return undefined;
    return readFileSync(fd, 'utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The most entries a kind keeps: past it, the first write of a process removes the oldest quarter. */
export const MAX_ENTRIES: Record<CacheKind, number> = { schemas: 5000, yaml: 500, 'mock-index': 40 };
const trimmed = new Set<CacheKind>();

/** Removes the oldest entries (by when they were written) once `folder` holds more than `max`, down to three quarters of it. */
function trim(folder: string, max: number): void {
  const names = readdirSync(folder);
  if (names.length <= max) return;
  const dated = names.flatMap((name) => {
    try {
      return [{ name, at: lstatSync(join(folder, name)).mtimeMs }];
    } catch {
      return [];
    }
  });
  dated.sort((a, b) => a.at - b.at);
  for (const { name } of dated.slice(0, dated.length - Math.floor((max * 3) / 4))) rmSync(join(folder, name), { force: true });
}

/** Stores entry `name` (atomically: a reader sees the whole entry or none); any failure is dropped. */
export function writeEntry(kind: CacheKind, name: string, text: string): void {
  const root = startCacheDir();
  if (!root) return;
  try {
    const folder = join(root, kind);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const stat = lstatSync(folder);
    if (!stat.isDirectory() || !private_(stat)) return;
    if (!trimmed.has(kind)) trim(folder, MAX_ENTRIES[kind]);
    trimmed.add(kind);
    writeFileAtomic(join(folder, name), text, { mode: 0o600, durable: false });
    folders.delete(kind);
  } catch {
    // A cache that cannot be written is only slower.
  }
}
