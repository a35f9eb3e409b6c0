/**
 * The file-name medium of the output boundary: names of servers, tools and skills become parts of
 * file names (snapshots, cassettes). The encoding is reversible and collision-free: letters, digits,
 * `_` and `-` stay, every other byte of the UTF-8 form is written `%XX` (so `sub/dir` and `sub_dir`
 * stay apart, and `..` cannot climb). A name whose encoding passes MAX_FILE_NAME bytes is cut and
 * ends in `~` plus a hash of the whole name (`~` is never kept by the encoding, so a cut name cannot
 * equal an uncut one); the original name is kept inside the file.
 */
import { createHash } from 'node:crypto';

/** Well under the 255-byte limit of common file systems, leaving room for a suffix such as `.json`. */
export const MAX_FILE_NAME = 200;

const KEEP = /[A-Za-z0-9_-]/;

export function encodeFileName(name: string): string {
  let out = '';
  for (const ch of name) {
    if (KEEP.test(ch)) out += ch;
    else for (const byte of Buffer.from(ch, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  if (out === '') out = '%00';
  if (out.length <= MAX_FILE_NAME) return out;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 16);
  let cut = out.slice(0, MAX_FILE_NAME - 17);
  // Never leave half of a %XX behind.
  const percent = cut.lastIndexOf('%');
  if (percent >= cut.length - 2) cut = cut.slice(0, percent);
  return `${cut}~${hash}`;
}

/** The name back, or undefined for a cut name (read the name stored in the file instead). */
export function decodeFileName(encoded: string): string | undefined {
  if (encoded.includes('~')) return undefined;
  if (encoded === '%00') return '';
  return decodeURIComponent(encoded);
}
