/**
 * Words and stems for the mock model's lexical scoring: lowercase, identifiers split into words
 * (snake_case, kebab-case, camelCase), a small stop-word list, Porter stems via `stemmer`.
 */
import { stemmer } from 'stemmer';

/**
 * Function words that carry no signal about which tool fits. Kept small on purpose: words such as
 * "not", "all", "new" or "each" do carry meaning for tool choice and stay in.
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'a', 'an', 'the', 'and', 'or', 'of', 'to', 'in', 'on', 'at', 'by', 'for', 'from', 'with', 'into', 'onto',
  'is', 'are', 'was', 'were', 'be', 'been', 'am', 'do', 'does', 'did', 'has', 'have', 'had',
  'i', 'me', 'my', 'we', 'our', 'you', 'your', 'it', 'its', 'this', 'that', 'these', 'those', 'them', 'they',
  'can', 'could', 'would', 'should', 'will', 'please', 'so', 'as', 'if', 'then', 'than', 'there', 'here',
  'e', 'g', 'eg', 'ie', 'etc', 'just', 'also', 'some', 'any', 'about', 'up', 'out', 'what', 'which', 'who',
  'how', 'when', 'where', 'why', 'want', 'like', 's', 't', 'd', 'll', 're', 've', 'm', 'im', 'hey', 'hi',
]);

const stemCache = new Map<string, string>();

/** The Porter stem of a lowercase word, memoised (the same few hundred words recur in every case). */
export function stem(word: string): string {
  let stemmed = stemCache.get(word);
  if (stemmed === undefined) {
    stemmed = stemmer(word);
    if (stemCache.size < 50_000) stemCache.set(word, stemmed);
  }
  return stemmed;
}

/** Words of a text or identifier, lowercase, in order; camelCase and snake/kebab names are split. */
export function words(text: string): string[] {
  const spaced = text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  return spaced.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Stems of the content words of a text, in order, stop words removed. */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const word of words(text)) {
    if (!STOP_WORDS.has(word)) out.push(stem(word));
  }
  return out;
}

/** A word of the original text with its position, for argument inference. */
export interface Token {
  /** The word as written (case kept). */
  raw: string;
  /** Stem of the lowercase word; empty for stop words. */
  term: string;
  /** Character offset of the word in the text. */
  start: number;
  end: number;
}

/** Tokens of a query with offsets, so argument inference can look at what lies near a number or quote. */
export function tokensWithOffsets(text: string): Token[] {
  const out: Token[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const raw = match[0];
    const start = match.index ?? 0;
    const lower = raw.toLowerCase();
    out.push({ raw, term: STOP_WORDS.has(lower) ? '' : stem(lower), start, end: start + raw.length });
  }
  return out;
}
