/**
 * Words and stems for the mock model's lexical scoring: lowercase, identifiers split into words
 * (snake_case, kebab-case, camelCase), a small stop-word list, Porter stems via `stemmer`. Chinese and
 * Japanese, written without spaces, are split into words by `Intl.Segmenter` (ICU's dictionary
 * segmentation, built into Node), so "记录番茄" gives 记录 + 番茄 and matches a description that says 番茄.
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
  // Chinese and Japanese function words (particles, pronouns, auxiliaries), as Intl.Segmenter returns them.
  '的', '了', '和', '是', '在', '我', '你', '他', '她', '它', '们', '我们', '这', '那', '这个', '那个', '吗', '呢', '吧', '把', '被', '给', '请', '帮', '帮我', '一下', '与', '及', '或',
  'を', 'は', 'が', 'に', 'で', 'と', 'の', 'も', 'へ', 'や', 'て', 'た', 'し', 'え', 'だ', 'です', 'ます', 'する', 'して', 'ください', 'これ', 'それ', 'この', 'その',
]);

/** Han, Hiragana or Katakana: scripts written without spaces between words. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const segmenters = new Map<string, Intl.Segmenter>();

/** Word-like segments of a run of letters that holds CJK characters, with their offsets in the run. */
function segmentRun(run: string): Array<{ segment: string; index: number }> {
  const locale = KANA.test(run) ? 'ja' : 'zh';
  let segmenter = segmenters.get(locale);
  if (!segmenter) {
    segmenter = new Intl.Segmenter(locale, { granularity: 'word' });
    segmenters.set(locale, segmenter);
  }
  const out: Array<{ segment: string; index: number }> = [];
  for (const s of segmenter.segment(run)) if (s.isWordLike) out.push({ segment: s.segment, index: s.index });
  return out;
}

// Plain ASCII text (most tool descriptions and queries) has no CJK runs and no letters beyond [A-Za-z],
// so the same runs come from a cheaper pattern with no per-run script test.
// eslint-disable-next-line no-control-regex -- control characters are separators here, on purpose
const NON_ASCII = /[^\x00-\x7f]/;
// Module constants (a literal in a function is a new object per call); the global ones are read with
// exec from lastIndex 0, or by replace and match, which start from 0 themselves.
const ASCII_RUN = /[A-Za-z0-9]+/g;
const LETTER_RUN = /[\p{L}\p{N}]+/gu;
const LOWER_THEN_UPPER = /([a-z0-9])([A-Z])/g;
const ACRONYM_THEN_WORD = /([A-Z]+)([A-Z][a-z])/g;
const ASCII_WORD = /[a-z0-9]+/g;

/** Calls `visit` with each run of letters and digits and its offset, each CJK run split into its words. */
function forEachRun(text: string, visit: (word: string, index: number) => void): void {
  if (!NON_ASCII.test(text)) {
    ASCII_RUN.lastIndex = 0;
    for (let match = ASCII_RUN.exec(text); match !== null; match = ASCII_RUN.exec(text)) visit(match[0], match.index);
    return;
  }
  LETTER_RUN.lastIndex = 0;
  for (let match = LETTER_RUN.exec(text); match !== null; match = LETTER_RUN.exec(text)) {
    const at = match.index;
    if (UNSPACED.test(match[0])) for (const s of segmentRun(match[0])) visit(s.segment, at + s.index);
    else visit(match[0], at);
  }
}

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
  const spaced = text.replace(LOWER_THEN_UPPER, '$1 $2').replace(ACRONYM_THEN_WORD, '$1 $2').toLowerCase();
  // The same words as forEachRun gives for ASCII text, without a call per word.
  if (!NON_ASCII.test(spaced)) return spaced.match(ASCII_WORD) ?? [];
  const out: string[] = [];
  forEachRun(spaced, (word) => out.push(word));
  return out;
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
  forEachRun(text, (raw, start) => {
    const lower = raw.toLowerCase();
    out.push({ raw, term: STOP_WORDS.has(lower) ? '' : stem(lower), start, end: start + raw.length });
  });
  return out;
}
