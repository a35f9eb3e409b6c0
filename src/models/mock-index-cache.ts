/**
 * The mock's index of a large tool set kept between runs (src/disk-cache): each candidate's tool and
 * alternative, and every term's posting (mock-posting.ts: the candidates it votes for or against and
 * its BM25 contribution to each), which are what indexing 2,000 tools and weighing a request's terms
 * cost (P6 in `npm run bench`). A run parses only the postings of the terms its requests hold: the
 * entry's first line lists the terms and where each one's posting ends in the text after it. What
 * the postings are depends on the code (tokenizer, stemmer, stop words, field split and weights,
 * BM25), so an entry is keyed by the tool list's text, the build's id (src/disk-cache/build-id.ts) and
 * the stemmer's version: running from sources there is no build id and nothing is kept. An entry
 * that does not read back as an index of this tool list is ignored and the index is built again; a
 * posting that does not read back as one is worked out from the tools instead.
 */
import { buildId } from '../disk-cache/build-id.ts';
import { dependencyVersion, entryName, readEntry, writeEntry } from '../disk-cache/disk-cache.ts';
import type { TermPosting } from './mock-posting.ts';

/** Smaller sets index in a few milliseconds: keeping them would only churn the cache. */
export const MIN_CACHED_TOOLS = 200;
/** What the entry holds, in its name: a new layout never reads an old one. */
const LAYOUT = 'postings-1';

/** One candidate: the tool's position in the list, and its alternative. */
export interface CachedCandidate {
  tool: number;
  alternative?: { param: string; value: string };
}

/** An index read back: its candidates, and each term's posting, parsed when first asked for. */
export interface CachedIndex {
  candidates: CachedCandidate[];
  /** The term's posting (empty for a term no candidate holds), or undefined when its text is damaged. */
  posting(term: string): TermPosting | undefined;
}

/** The entry's first line. A candidate is its tool's position, or `[tool, param, value]` for an alternative. */
interface Header {
  candidates: Array<number | [number, string, string]>;
  terms: string[];
  /** Where each term's posting ends in the text after the first line (it starts where the previous one ends). */
  ends: number[];
}

function nameOf(toolsJson: string): string | undefined {
  const build = buildId();
  if (build === undefined) return undefined;
  return entryName([toolsJson, LAYOUT, build, dependencyVersion('stemmer')], 'json');
}

const isIndex = (value: unknown, below: number): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) < below;

function candidateOf(value: unknown, tools: number): CachedCandidate | undefined {
  if (isIndex(value, tools)) return { tool: value };
  if (!Array.isArray(value) || value.length !== 3 || !isIndex(value[0], tools) || typeof value[1] !== 'string' || typeof value[2] !== 'string') return undefined;
  return { tool: value[0], alternative: { param: value[1], value: value[2] } };
}

function isHeader(value: unknown): value is Header {
  if (typeof value !== 'object' || value === null) return false;
  const { candidates, terms, ends } = value as Partial<Header>;
  return Array.isArray(candidates) && Array.isArray(terms) && Array.isArray(ends) && terms.length === ends.length && terms.every((t) => typeof t === 'string');
}

const EMPTY: TermPosting = { positive: [], positiveValues: [], negative: [], negativeValues: [] };

/** `[positive, positiveValues, negative, negativeValues]`: candidates in range and ascending, contributions finite. */
function postingOf(value: unknown, candidates: number): TermPosting | undefined {
  if (!Array.isArray(value) || value.length !== 4) return undefined;
  const [positive, positiveValues, negative, negativeValues] = value as unknown[];
  const votes = (at: unknown, values: unknown): boolean => {
    if (!Array.isArray(at) || !Array.isArray(values) || at.length !== values.length) return false;
    for (let i = 0; i < at.length; i++) {
      if (!isIndex(at[i], candidates) || (i > 0 && at[i] <= at[i - 1]) || typeof values[i] !== 'number' || !Number.isFinite(values[i])) return false;
    }
    return true;
  };
  if (!votes(positive, positiveValues) || !votes(negative, negativeValues)) return undefined;
  return { positive, positiveValues, negative, negativeValues } as TermPosting;
}

/** The index an earlier run kept for this tool list, or undefined. */
export function cachedIndex(toolsJson: string, tools: number): CachedIndex | undefined {
  if (tools < MIN_CACHED_TOOLS) return undefined;
  const name = nameOf(toolsJson);
  const text = name ? readEntry('mock-index', name) : undefined;
  if (text === undefined) return undefined;
  const body = text.indexOf('\n') + 1;
  let header: unknown;
  try {
    header = JSON.parse(text.slice(0, body));
  } catch {
    return undefined;
  }
  if (body === 0 || !isHeader(header) || header.candidates.length < tools) return undefined;
  const candidates: CachedCandidate[] = [];
  for (const value of header.candidates) {
    const candidate = candidateOf(value, tools);
    if (!candidate) return undefined;
    candidates.push(candidate);
  }
  const { terms, ends } = header;
  const places = new Map<string, number>();
  for (let i = 0; i < terms.length; i++) {
    if (!Number.isInteger(ends[i]) || ends[i] < (i > 0 ? ends[i - 1] : 0) || body + ends[i] > text.length) return undefined;
    places.set(terms[i], i);
  }
  return {
    candidates,
    posting: (term) => {
      const at = places.get(term);
      if (at === undefined) return EMPTY;
      try {
        return postingOf(JSON.parse(text.slice(body + (at > 0 ? ends[at - 1] : 0), body + ends[at])), candidates.length);
      } catch {
        return undefined;
      }
    },
  };
}

/** Keeps the index of a large tool list for the next run: its candidates, and the posting of every term of `terms`. */
export function saveIndex(toolsJson: string, tools: number, candidates: readonly CachedCandidate[], terms: Iterable<string>, postingOf: (term: string) => TermPosting): void {
  if (tools < MIN_CACHED_TOOLS) return;
  const name = nameOf(toolsJson);
  if (!name) return;
  const header: Header = { candidates: candidates.map((c) => (c.alternative ? [c.tool, c.alternative.param, c.alternative.value] : c.tool)), terms: [], ends: [] };
  const parts: string[] = [];
  let end = 0;
  for (const term of terms) {
    const p = postingOf(term);
    const part = JSON.stringify([p.positive, p.positiveValues, p.negative, p.negativeValues]);
    parts.push(part);
    end += part.length;
    header.terms.push(term);
    header.ends.push(end);
  }
  writeEntry('mock-index', name, `${JSON.stringify(header)}\n${parts.join('')}`);
}
