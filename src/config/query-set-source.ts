/**
 * A query set read as the run needs it, so a set of 50,000 cases never sits in memory (P5 in
 * `npm run bench`). A JSON set is read twice, streaming (json-members.ts, a chunk at a time): once
 * up front, which validates every case and keeps only what the checks and the report order need (each
 * id's place, the first case naming each tool, the draft count), then again as the runner asks for
 * cases. A YAML set, and any JSON file the streaming read does not take as it is (a syntax error, an
 * invalid case, a repeated id, an unknown key), is loaded whole by `loadQuerySet`, whose errors name
 * the line or the field: the streaming read only ever serves files that are valid.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { basename, extname, resolve } from 'node:path';
import { ToolvetError } from '../errors.ts';
import type { SelectionCase } from '../types.ts';
import { IdPlaces, type CasePlaces } from './id-places.ts';
import { JsonMembers, type JsonItem } from './json-members.ts';
import { checkInputFile, MAX_STREAMED_BYTES } from './read-file.ts';
import {
  caseRefs,
  emptyRefs,
  loadQuerySet,
  normaliseCase,
  noteRefs,
  QUERY_SET_KEYS,
  QUERY_SET_SCHEMA,
  querySetHeader,
  type CaseRefs,
  type QuerySet,
  type RawCase,
  type RawHeader,
} from './query-set.ts';
import { validatorFor } from './validate.ts';

/** A query set whose cases are read when iterated. */
export interface QuerySetSource extends Omit<QuerySet, 'cases'> {
  /** How many cases the set holds. */
  count: number;
  /** How many of them are drafts (`draft: true`). */
  drafts: number;
  /** Each case's place in the set, by id. */
  places: CasePlaces;
  /** The first case naming each tool and parameter (`checkCaseRefs`). */
  refs: CaseRefs;
  /** Whether the cases are read from the file again on each iteration (a JSON set). */
  streamed: boolean;
  /** The cases in file order; a streamed set throws E_FILE_INVALID if the file changed since it was opened. */
  cases(): IterableIterator<SelectionCase>;
}

/** Bytes read at a time. */
const CHUNK = 64 * 1024;
/**
 * Smaller JSON sets are parsed whole, which is faster (JSON.parse against a JavaScript tokenizer)
 * and costs next to nothing at this size: the stream's own module and second pass are for sets of
 * thousands of cases (about 7,000 of the fixtures' shape per MiB).
 */
export const STREAM_ABOVE_BYTES = 1024 * 1024;

/** The streaming read gave up: the file is loaded whole instead, which says what is wrong with it. */
class NotStreamable extends Error {}

type Item = { key: string; value: unknown } | { case: unknown };

/**
 * Opens a query set: JSON over `streamAboveBytes` (default STREAM_ABOVE_BYTES) streamed; YAML, a
 * smaller JSON file, or one that needs its error said, loaded whole. `onCase` is called as each case
 * of a streamed set is read (eval's heap ceiling looks at the heap).
 */
export function openQuerySet(path: string, options: { onCase?: () => void; streamAboveBytes?: number } = {}): QuerySetSource {
  const file = resolve(path);
  const ext = extname(file).toLowerCase();
  if (ext === '.json') {
    const limits = { maxBytes: MAX_STREAMED_BYTES };
    const size = checkInputFile(file, 'query set', limits);
    if (size <= (options.streamAboveBytes ?? STREAM_ABOVE_BYTES)) return wholeSource(loadQuerySet(file, limits));
    try {
      return scan(file, options.onCase);
    } catch (error) {
      if (!(error instanceof NotStreamable)) throw error;
    }
    return wholeSource(loadQuerySet(file, limits));
  }
  return wholeSource(loadQuerySet(file));
}

/** A query set already in memory, as a source. */
export function wholeSource(set: QuerySet): QuerySetSource {
  const { cases, ...header } = set;
  return {
    ...header,
    count: cases.length,
    drafts: cases.filter((c) => c.draft).length,
    places: new Map(cases.map((c, i) => [c.id, i])),
    refs: caseRefs(cases),
    streamed: false,
    cases: () => cases.values(),
  };
}

/** Every case of a source, in a list (for runs that go over the cases more than once). */
export function allCases(source: QuerySetSource): SelectionCase[] {
  return [...source.cases()];
}

/** The first read: validates every case and keeps their places and names; throws NotStreamable on anything to report. */
function scan(file: string, onCase?: () => void): QuerySetSource {
  // Each case is checked as the set {cases: [case]}: the whole set's schema, compiled once, serves both.
  const valid = validatorFor(QUERY_SET_SCHEMA);
  const header: Record<string, unknown> = {};
  const keys: string[] = [];
  const places = new IdPlaces();
  const refs = emptyRefs();
  let first: unknown;
  let count = 0;
  let drafts = 0;
  for (const item of readItems(file, keys)) {
    if ('key' in item) {
      header[item.key] = item.value;
      continue;
    }
    if (!valid({ cases: [item.case] })) throw new NotStreamable();
    const c = normaliseCase(item.case as RawCase, count, '');
    // A repeated id: loaded whole, which says where (the id's place is its turn, `count`).
    if (!places.add(c.id)) throw new NotStreamable();
    noteRefs(refs, c, count);
    if (c.draft) drafts += 1;
    if (count === 0) first = item.case;
    count += 1;
    onCase?.();
  }
  // Every key known and said once (JSON.parse would keep the last of two), and the whole set valid
  // with its first case standing for the others, which were each checked above.
  if (new Set(keys).size !== keys.length || keys.some((k) => !QUERY_SET_KEYS.includes(k))) throw new NotStreamable();
  const whole = { ...header, ...(keys.includes('cases') ? { cases: count > 0 ? [first] : [] } : {}) };
  if (!valid(whole)) throw new NotStreamable();
  const raw = header as RawHeader;
  const name = raw.name ?? basename(file, extname(file));
  const source: QuerySetSource = {
    ...querySetHeader(raw, file, name),
    count,
    drafts,
    places,
    refs,
    streamed: true,
    cases: () => readCases(source),
  };
  return source;
}

/** The second read, as the runner pulls: each case checked again against what the first read saw. */
function* readCases(source: QuerySetSource): Generator<SelectionCase> {
  const oneCase = validatorFor(QUERY_SET_SCHEMA);
  const changed = (at: number): ToolvetError =>
    new ToolvetError('E_FILE_INVALID', `query set ${source.file} changed while eval was reading it (at $.cases[${at}])`, {
      file: source.file,
      hint: 'leave query sets alone during a run, then run again (--resume RESULTS runs only the cases not done)',
    });
  let index = 0;
  try {
    for (const item of readItems(source.file, [])) {
      if ('key' in item) continue;
      if (!oneCase({ cases: [item.case] })) throw changed(index);
      const c = normaliseCase(item.case as RawCase, index, source.name);
      if (source.places.get(c.id) !== index) throw changed(index);
      yield c;
      index += 1;
    }
  } catch (error) {
    if (error instanceof NotStreamable) throw changed(index);
    throw error;
  }
  if (index !== source.count) throw changed(index);
}

/**
 * The set's top-level values (each of its keys but `cases`) and its cases one at a time, in file
 * order (json-members.ts). `keys` receives every top-level key as it is read. Throws NotStreamable on
 * anything that is not one JSON object in UTF-8.
 */
function* readItems(file: string, keys: string[]): Generator<Item> {
  const members = new JsonMembers('cases', keys);
  const queue: Item[] = [];
  const emit = (item: JsonItem): void => {
    queue.push('element' in item ? { case: item.element } : item);
  };
  let fd: number | undefined;
  try {
    fd = openSync(file, 'r');
    const buffer = Buffer.allocUnsafe(CHUNK);
    for (;;) {
      const read = readSync(fd, buffer, 0, CHUNK, null);
      if (read === 0) break;
      members.push(buffer.subarray(0, read), emit);
      for (let i = 0; i < queue.length; i++) yield queue[i];
      queue.length = 0;
    }
    members.end();
  } catch (error) {
    if (error instanceof ToolvetError) throw error;
    throw new NotStreamable(error instanceof Error ? error.message : String(error));
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
