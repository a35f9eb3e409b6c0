/**
 * Reading files a skill folder holds, which are untrusted: SKILL.md or evals.json may be a FIFO (a
 * plain read blocks forever), a device or a symlink to one (`/dev/zero` never ends), or a symlink
 * that leaves the skill folder. Each is refused with E_FILE_SPECIAL before a byte is read, and a
 * regular file is read through its descriptor up to a cap, so a file that grows while read cannot
 * take unbounded memory.
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { relative, isAbsolute } from 'node:path';
import { ToolvetError } from '../errors.ts';

/** A SKILL.md or evals.json is hand-written text; past this it is refused. */
export const MAX_SKILL_FILE_BYTES = 4 * 1024 * 1024;

function kindOf(stat: { isFIFO(): boolean; isCharacterDevice(): boolean; isBlockDevice(): boolean; isSocket(): boolean; isDirectory(): boolean }): string {
  if (stat.isFIFO()) return 'a FIFO (named pipe)';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  if (stat.isDirectory()) return 'a folder';
  return 'not a regular file';
}

/** True when `path` lies inside `folder` (both real paths). */
export function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
}

/**
 * Throws E_FILE_SPECIAL unless `file` is a regular file whose real path stays inside `tree`.
 * `what` names the file in the message ("SKILL.md", "evals file").
 */
export function assertRegularFileInside(file: string, tree: string, what: string): void {
  let link: ReturnType<typeof lstatSync>;
  try {
    link = lstatSync(file);
  } catch {
    throw new ToolvetError('E_FILE_MISSING', `${what} ${file} does not exist`, { file, hint: 'check the path' });
  }
  let target: ReturnType<typeof statSync>;
  let real: string;
  try {
    target = statSync(file);
    real = realpathSync(file);
  } catch {
    throw new ToolvetError('E_FILE_SPECIAL', `${what} ${file} is a symlink whose target does not exist`, { file, hint: 'replace the broken link with the file itself' });
  }
  if (!target.isFile()) {
    const via = link.isSymbolicLink() ? ` (a symlink to ${real})` : '';
    throw new ToolvetError('E_FILE_SPECIAL', `${what} ${file} is ${kindOf(target)}${via}, not a regular file; refused without reading`, {
      file,
      hint: `make ${what} a plain text file inside the skill folder`,
    });
  }
  let realTree: string;
  try {
    realTree = realpathSync(tree);
  } catch {
    realTree = tree;
  }
  if (link.isSymbolicLink() && !isInside(realTree, real)) {
    throw new ToolvetError('E_FILE_SPECIAL', `${what} ${file} is a symlink to ${real}, outside the skill folder; refused`, {
      file,
      hint: `copy the file into the skill folder: a host reading this skill reads a file the skill does not own`,
    });
  }
}

/** Reads a checked regular file through one descriptor, at most MAX_SKILL_FILE_BYTES (+1 to detect more). */
export function readBounded(file: string, what: string, max = MAX_SKILL_FILE_BYTES): Buffer {
  // O_NONBLOCK: should the file have been swapped for a FIFO after the check, open does not block.
  const fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  try {
    if (!fstatSync(fd).isFile()) {
      throw new ToolvetError('E_FILE_SPECIAL', `${what} ${file} is not a regular file; refused without reading`, { file, hint: `make ${what} a plain text file` });
    }
    const chunks: Buffer[] = [];
    let total = 0;
    const chunk = Buffer.alloc(64 * 1024);
    for (;;) {
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      total += n;
      if (total > max) {
        throw new ToolvetError('E_FILE_UNREADABLE', `${what} ${file} is over the ${Math.round(max / 1024 / 1024)} MB limit; refused`, {
          file,
          hint: `${what} is hand-written text; point at the right file`,
        });
      }
      chunks.push(Buffer.from(chunk.subarray(0, n)));
    }
    return Buffer.concat(chunks);
  } finally {
    closeSync(fd);
  }
}

/** A skill file as UTF-8 text, after the special-file checks; errors are typed and name the file. */
export function readSkillText(file: string, tree: string, what: string): string {
  assertRegularFileInside(file, tree, what);
  const bytes = readBounded(file, what);
  if (bytes.length === 0 || bytes.toString('utf8').trim() === '') {
    throw new ToolvetError('E_FILE_PARSE', `${what} ${file} is empty`, { file, hint: `write the ${what} content` });
  }
  if (bytes.includes(0)) {
    throw new ToolvetError('E_FILE_PARSE', `${what} ${file} is a binary or UTF-16 file, not UTF-8 text`, { file, hint: 're-save it as UTF-8' });
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ToolvetError('E_FILE_PARSE', `${what} ${file} is not valid UTF-8`, { file, hint: 're-save it as UTF-8' });
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
