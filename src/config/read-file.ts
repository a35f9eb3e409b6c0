/**
 * Reading input files with errors that name the file and say what to do: a missing file, a folder
 * where a file belongs, an empty or binary file, a wrong encoding, a JSON or YAML syntax error with
 * its line.
 */
import { readFileSync, statSync } from 'node:fs';
import { extname } from 'node:path';
import { ToolvetError } from '../errors.ts';
import { numbersFromBigInts, parseJsonKeepingIntegers } from '../exact-integers.ts';
import { jsonNestsDeeperThan } from '../safety/json-depth.ts';
import { lazyRequire } from '../lazy-require.ts';
import { cachedYaml, saveYaml } from '../disk-cache/parsed-yaml.ts';

const yaml = lazyRequire<typeof import('yaml')>('yaml');

/** Input files past this size are refused rather than parsed: they are never hand-written inputs. */
export const MAX_INPUT_BYTES = 20 * 1024 * 1024;
/**
 * A JSON query set is read as a stream (query-set-source.ts), so its size costs no memory: generated
 * sets of a million cases fit under this. Only such a file that also needs its error said is parsed
 * whole, once, to say it.
 */
export const MAX_STREAMED_BYTES = 256 * 1024 * 1024;

export interface ReadLimits {
  /** Refuse files larger than this (default MAX_INPUT_BYTES). */
  maxBytes?: number;
  /** Refuse JSON whose objects and arrays nest deeper than this (checked on the text, before parsing). */
  maxDepth?: number;
}

/**
 * The checks before any byte is read: the file exists, is a regular file (never a folder, FIFO or
 * device) and is within the size limit. Returns its size.
 */
export function checkInputFile(file: string, what: string, limits: ReadLimits = {}): number {
  const maxBytes = limits.maxBytes ?? MAX_INPUT_BYTES;
  let size: number;
  try {
    const stat = statSync(file);
    if (stat.isDirectory()) {
      throw new ToolvetError('E_FILE_UNREADABLE', `${what} ${file} is a folder, not a file`, {
        file,
        hint: `pass the path of the ${what} file itself`,
      });
    }
    if (!stat.isFile()) {
      // A FIFO would block the read forever, a device (or a link to /dev/zero) never ends.
      const kind = stat.isFIFO() ? 'a named pipe (FIFO)' : stat.isCharacterDevice() || stat.isBlockDevice() ? 'a device' : stat.isSocket() ? 'a socket' : 'not a regular file';
      throw new ToolvetError('E_FILE_UNREADABLE', `${what} ${file} is ${kind}, not a regular file`, {
        file,
        hint: `pass a regular ${what} file; special files are never read`,
      });
    }
    size = stat.size;
  } catch (error) {
    if (error instanceof ToolvetError) throw error;
    throw new ToolvetError('E_FILE_MISSING', `${what} ${file} does not exist`, {
      file,
      hint: 'check the path (relative paths are resolved against the current folder)',
    });
  }
  if (size > maxBytes) {
    throw new ToolvetError('E_FILE_UNREADABLE', `${what} ${file} is ${(size / 1e6).toFixed(0)} MB, over the ${Math.round(maxBytes / 1024 / 1024)} MB limit`, {
      file,
      hint: 'point at the right file; input files are small hand-written JSON or YAML',
    });
  }
  return size;
}

export function readTextFile(file: string, what: string, limits: ReadLimits = {}): string {
  checkInputFile(file, what, limits);
  const bytes = readFileSync(file);
  const empty = (): ToolvetError => new ToolvetError('E_FILE_PARSE', `${what} ${file} is empty`, { file, hint: `write the ${what} content; see the README for its format` });
  if (bytes.length === 0) throw empty();
  if (bytes.includes(0)) {
    const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff);
    throw new ToolvetError('E_FILE_PARSE', `${what} ${file} is ${utf16 ? 'UTF-16 encoded' : 'a binary file'}, not UTF-8 text`, {
      file,
      hint: utf16 ? 're-save it as UTF-8' : `pass a UTF-8 JSON or YAML ${what}`,
    });
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new ToolvetError('E_FILE_PARSE', `${what} ${file} is not valid UTF-8`, { file, hint: 're-save it as UTF-8' });
  }
  if (blank(text)) throw empty();
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * Whether the text is only whitespace, looked at a slice at a time: trimming the whole text would copy
 * a large file once more, and a regular expression would keep it alive as RegExp.input.
 */
function blank(text: string): boolean {
  for (let at = 0; at < text.length; at += 4096) {
    if (text.slice(at, at + 4096).trim() !== '') return false;
  }
  return true;
}

/**
 * Parses JSON, or YAML when the extension says so (`yaml: true` allows YAML for any name).
 * `cacheParsed` keeps a YAML file's value in the user's cache folder for the next run
 * (src/disk-cache/parsed-yaml.ts): only for inputs that hold no secrets (query sets), never a host
 * config, whose `env` and `headers` may carry tokens written out in full.
 */
export function readDataFile(file: string, what: string, options: { yaml?: boolean; cacheParsed?: boolean } & ReadLimits = {}): unknown {
  const text = readTextFile(file, what, options);
  const ext = extname(file).toLowerCase();
  if (ext === '.yaml' || ext === '.yml' || (options.yaml && ext !== '.json')) return parseYaml(text, file, what, options.cacheParsed === true);
  return parseJsonText(text, file, what, options.maxDepth);
}

/** JSON text of `file` parsed, with errors naming the file (and the line); deeper than `maxDepth` is refused unparsed. */
export function parseJsonText(text: string, file: string, what: string, maxDepth?: number): unknown {
  if (maxDepth !== undefined && jsonNestsDeeperThan(text, maxDepth)) {
    throw new ToolvetError('E_FILE_INVALID', `${what} ${file} nests objects or arrays deeper than ${maxDepth} levels; refused unparsed`, {
      file,
      hint: `no ${what} Toolvet writes nests this deep: the file was made or edited by something else; regenerate it`,
    });
  }
  try {
    return parseJsonKeepingIntegers(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new ToolvetError('E_FILE_PARSE', `${what} ${file} is not valid JSON: ${message}${lineOf(text, message)}`, {
      file,
      hint: 'fix the JSON syntax at that position',
    });
  }
}

/** The parse options, part of a cached value's key (src/disk-cache/parsed-yaml.ts). */
const YAML_OPTIONS = { uniqueKeys: true } as const;
const YAML_KEY = JSON.stringify(YAML_OPTIONS);

function parseYaml(text: string, file: string, what: string, cacheParsed: boolean): unknown {
  // Integers past 2^53 keep their digits (exact-integers.ts); only a text with such a run pays for it.
  const long = /\d{16}/.test(text);
  // The same text parsed on an earlier run: its value, without the YAML library.
  const cached = long || !cacheParsed ? undefined : cachedYaml(text, YAML_KEY);
  if (cached !== undefined) return cached;
  const doc = yaml().parseDocument(text, { ...YAML_OPTIONS, ...(long ? { intAsBigInt: true } : {}) });
  if (doc.errors.length > 0) {
    const first = doc.errors[0];
    const line = first.linePos?.[0];
    throw new ToolvetError(
      'E_FILE_PARSE',
      `${what} ${file} is not valid YAML${line ? ` (line ${line.line}, column ${line.col})` : ''}: ${first.message.split('\n')[0]}`,
      { file, hint: 'fix the YAML syntax at that line' },
    );
  }
  if (long) return numbersFromBigInts(doc.toJS());
  const value: unknown = doc.toJS();
  if (cacheParsed) saveYaml(text, YAML_KEY, value);
  return value;
}

/** JSON.parse reports a character position; turn it into a line number for people. */
function lineOf(text: string, message: string): string {
  const match = /position (\d+)/.exec(message);
  const at = match ? Number(match[1]) : snippetPosition(text, message);
  if (at === undefined) return '';
  const line = text.slice(0, at).split('\n').length;
  return ` (line ${line})`;
}

/** Some V8 messages give no position, only the bad token in a snippet: `Unexpected token ']', ..."x"}},]}" is not valid JSON`. */
function snippetPosition(text: string, message: string): number | undefined {
  const match = /^Unexpected token '([\s\S])', (?:\.\.\.)?"([\s\S]*?)"(?:\.\.\.)? is not valid JSON/.exec(message);
  if (!match) return undefined;
  const start = text.indexOf(match[2]);
  return start < 0 ? undefined : start + Math.max(0, match[2].indexOf(match[1]));
}
