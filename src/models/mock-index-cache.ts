/**
 * The mock's index documents of a large tool set kept between runs (src/disk-cache): the terms of
 * every field of every candidate, which are most of what indexing 2,000 tools costs (P6 in
 * `npm run bench`). What the terms are depends on the code (tokenizer, stemmer, stop words, field
 * split), so an entry is keyed by the tool list's text, the build's id (src/disk-cache/build-id.ts) and
 * the stemmer's version: running from sources there is no build id and nothing is kept. An entry
 * that does not read back as the documents of this tool list is ignored and the index is built again.
 */
import { buildId } from '../disk-cache/build-id.ts';
import { dependencyVersion, entryName, readEntry, writeEntry } from '../disk-cache/disk-cache.ts';

/** Smaller sets index in a few milliseconds: keeping them would only churn the cache. */
export const MIN_CACHED_TOOLS = 200;

/** One candidate's document: the tool's position in the list, its alternative, and its fields' terms in `fields` order. */
export interface CachedDocument {
  tool: number;
  alternative?: { param: string; value: string };
  terms: string[][];
}

function nameOf(toolsJson: string, fields: readonly string[]): string | undefined {
  const build = buildId();
  if (build === undefined) return undefined;
  return entryName([toolsJson, fields.join(','), build, dependencyVersion('stemmer')], 'json');
}

const isTerms = (value: unknown): value is string[] => Array.isArray(value) && value.every((t) => typeof t === 'string');

function isDocument(value: unknown, tools: number, fields: number): value is CachedDocument {
  if (typeof value !== 'object' || value === null) return false;
  const doc = value as Partial<CachedDocument>;
  if (!Number.isInteger(doc.tool) || (doc.tool as number) < 0 || (doc.tool as number) >= tools) return false;
  if (doc.alternative !== undefined && (typeof doc.alternative?.param !== 'string' || typeof doc.alternative.value !== 'string')) return false;
  return Array.isArray(doc.terms) && doc.terms.length === fields && doc.terms.every(isTerms);
}

/** The documents an earlier run indexed for this tool list, or undefined. */
export function cachedDocuments(toolsJson: string, tools: number, fields: readonly string[]): CachedDocument[] | undefined {
  if (tools < MIN_CACHED_TOOLS) return undefined;
  const name = nameOf(toolsJson, fields);
  const text = name ? readEntry('mock-index', name) : undefined;
  if (text === undefined) return undefined;
  try {
    const docs = JSON.parse(text) as unknown;
    return Array.isArray(docs) && docs.length >= tools && docs.every((d) => isDocument(d, tools, fields.length)) ? docs : undefined;
  } catch {
    return undefined;
  }
}

/** Keeps the documents of a large tool list for the next run. */
export function saveDocuments(toolsJson: string, tools: number, fields: readonly string[], docs: readonly CachedDocument[]): void {
  if (tools < MIN_CACHED_TOOLS) return;
  const name = nameOf(toolsJson, fields);
  if (name) writeEntry('mock-index', name, JSON.stringify(docs));
}
