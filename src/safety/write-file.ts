/**
 * Every file Toolvet writes goes through here. Two promises:
 * - Contained: `writeFileInside(dir, name)` resolves the target inside `dir` after following links (the
 *   real path of the folder, of every existing folder on the way, and of the target), so a name from a
 *   server (`../../x`) or a skill folder that is a link out of the project cannot send a write elsewhere.
 *   A target that is itself a symbolic link, a folder or a special file is refused, whatever the caller.
 * - Atomic: the bytes go to a temporary file in the same folder, are flushed to disk (fsync), then
 *   renamed over the target; a full disk, a size limit or a crash leaves the old file whole (at worst a
 *   `.<name>.<pid>.tmp` beside it, removed when the write fails in-process).
 * Failures are E_OUTPUT_UNWRITABLE naming the file, with the reason and what to do.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fchmodSync, fsyncSync, lstatSync, mkdirSync, openSync, realpathSync, renameSync, rmSync, writeSync, type Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { ToolvetError } from '../errors.ts';

/** True when `path` lies inside `folder` (or is it); both absolute. */
function inside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

function lstatOrUndefined(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

function unwritable(file: string, why: string, hint: string, cause?: unknown): ToolvetError {
  return new ToolvetError('E_OUTPUT_UNWRITABLE', `cannot write ${file}: ${why}`, { file, hint, ...(cause === undefined ? {} : { cause }) });
}

function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** Why a system error stopped a write, in words. */
function reasonOf(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOSPC':
      return 'the disk is full (ENOSPC)';
    case 'EDQUOT':
      return 'the disk quota is used up (EDQUOT)';
    case 'EFBIG':
      return 'the file would pass the size limit (EFBIG)';
    case 'EROFS':
      return 'the file system is read-only (EROFS)';
    case 'EACCES':
    case 'EPERM':
      return `permission denied (${code})`;
    case 'ENOTDIR':
      return `a part of the path is a file, not a folder (ENOTDIR)`;
    case 'ENAMETOOLONG':
      return 'the name is too long for the file system (ENAMETOOLONG)';
    default:
      return (error as Error).message ?? String(error);
  }
}

/** Makes `folder` (and its parents); a failure is E_OUTPUT_UNWRITABLE naming `file`. */
function makeFolder(folder: string, file: string): void {
  try {
    mkdirSync(folder, { recursive: true });
  } catch (error) {
    throw unwritable(file, `its folder ${folder} cannot be made: ${reasonOf(error)}`, 'write somewhere you may create files, or create the folder first', error);
  }
}

/** Refuses a target that exists as anything but a regular file (a link is never written through). */
function checkTarget(file: string): Stats | undefined {
  const stat = lstatOrUndefined(file);
  if (!stat) return undefined;
  if (stat.isSymbolicLink()) {
    let target = '(a missing file)';
    try {
      target = realpathSync(file);
    } catch {
      // A dangling link: still never written through.
    }
    throw unwritable(file, `it is a symbolic link to ${target}; Toolvet replaces files and never writes through links`, 'write to the real file, or remove the link first');
  }
  if (!stat.isFile()) throw unwritable(file, `it is ${kindOf(stat)}, not a regular file`, 'name a file to write');
  return stat;
}

export interface WriteOptions {
  /** Permission bits of the file written (0o600 for credentials), set before any byte is written. */
  mode?: number;
  /**
   * false: skip the flush to disk before the rename (still atomic for readers). Only for files that
   * are worth nothing after a crash: a cache entry that is recomputed when it is torn.
   */
  durable?: boolean;
}

/**
 * Writes `data` to `file` atomically (temporary file in the same folder, fsync, rename), making its
 * folder. The target's permission bits are kept when it is replaced, unless `options.mode` says otherwise.
 */
export function writeFileAtomic(file: string, data: string | Uint8Array, options: WriteOptions = {}): void {
  writeFileAtomicWith(file, (write) => write(data), options);
}

/**
 * writeFileAtomic for output made in pieces: `produce` calls `write` as often as it likes (a large
 * result is never one string); the target appears, whole, only once `produce` returns.
 */
export function writeFileAtomicWith(file: string, produce: (write: (data: string | Uint8Array) => void) => void, options: WriteOptions = {}): void {
  const folder = dirname(resolve(file));
  makeFolder(folder, file);
  const old = checkTarget(file);
  const temp = join(folder, `.${basename(file).slice(0, 100)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  let fd: number | undefined;
  let failure: unknown;
  let producing = false;
  try {
    const mode = options.mode ?? (old ? old.mode & 0o7777 : undefined);
    fd = openSync(temp, 'wx', mode ?? 0o666);
    if (mode !== undefined) fchmodSync(fd, mode);
    const out = fd;
    producing = true;
    produce((data) => {
      const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
      try {
        for (let at = 0; at < bytes.length; ) at += writeSync(out, bytes, at, bytes.length - at);
      } catch (error) {
        failure = error;
        throw error;
      }
    });
    producing = false;
    if (options.durable !== false) fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameSync(temp, file);
  } catch (error) {
    if (fd !== undefined) {
      try {
        closeSync(fd);
      } catch {
        // Already failing; the write error is the one to report.
      }
    }
    rmSync(temp, { force: true });
    // An error of the producer's own (not of the file system) is passed on as it is.
    if (failure === undefined && producing) throw error;
    throw unwritable(file, `${reasonOf(failure ?? error)}; ${old ? 'the previous file is left as it was' : 'nothing was written'}`, 'free space or pick a writable folder, then run again', failure ?? error);
  }
}

/**
 * The path `name` names inside `dir`, after following links: the real path of `dir`, of every folder
 * on the way that exists, and of the target must stay inside the real `dir`. Missing folders on the
 * way are made (they are new, so they are not links). A target that is a link is refused here too.
 */
export function resolveInside(dir: string, name: string): string {
  const shown = join(dir, name);
  const lexical = resolve(dir, name);
  if (isAbsolute(name) || !inside(resolve(dir), lexical)) {
    throw unwritable(shown, `the name ${JSON.stringify(name)} leaves ${dir}`, 'names from servers and configs are kept inside the output folder: rename the entry');
  }
  makeFolder(dir, shown);
  const realDir = realpathSync(dir);
  const target = join(realDir, relative(resolve(dir), lexical));
  // The deepest folder on the way that exists: its real path must stay inside.
  let existing = dirname(target);
  while (!lstatOrUndefined(existing)) existing = dirname(existing);
  const realExisting = realpathSync(existing);
  if (!inside(realDir, realExisting)) {
    const link = join(dir, relative(realDir, existing));
    throw unwritable(shown, `${link} is a link to ${realExisting}, outside ${realDir}; refused`, `replace the link with a real folder inside ${dir}, or run on the folder the link points to`);
  }
  makeFolder(dirname(target), shown);
  const realParent = realpathSync(dirname(target));
  if (!inside(realDir, realParent)) {
    throw unwritable(shown, `its folder is a link to ${realParent}, outside ${realDir}; refused`, `replace the link with a real folder inside ${dir}`);
  }
  return join(realParent, basename(target));
}

/** Writes `data` to `name` inside `dir` (see resolveInside), atomically; returns the path written. */
export function writeFileInside(dir: string, name: string, data: string | Uint8Array, options: WriteOptions = {}): string {
  const target = resolveInside(dir, name);
  writeFileAtomic(target, data, options);
  return target;
}

/**
 * Checks, before a run starts, that `file` can be written: its folder exists or can be made, a file
 * can be created there, and the target is not a link, a folder or a special file. `flag` names the
 * option in the message (`--json`). Nothing is left behind.
 */
export function assertWritable(file: string, flag: string): void {
  const folder = dirname(resolve(file));
  makeFolder(folder, file);
  checkTarget(file);
  probeFolder(folder, file, flag);
}

/** assertWritable for a folder Toolvet writes files into (`--out-dir`, `--record`): made when missing. */
export function assertWritableFolder(dir: string, flag: string): void {
  makeFolder(dir, dir);
  probeFolder(resolve(dir), dir, flag);
}

function probeFolder(folder: string, file: string, flag: string): void {
  const probe = join(folder, `.toolvet-write-check.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    closeSync(openSync(probe, 'wx'));
  } catch (error) {
    throw new ToolvetError('E_OUTPUT_UNWRITABLE', `${flag} ${file}: cannot create files in ${folder}: ${reasonOf(error)}`, {
      file,
      hint: `checked before the run starts, so no result is lost: pass ${flag} a path in a writable folder`,
      cause: error,
    });
  } finally {
    rmSync(probe, { force: true });
  }
}
