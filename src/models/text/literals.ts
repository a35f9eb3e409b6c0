/**
 * Literal values a request spells out: quoted strings, URLs and file paths (which a model copies
 * verbatim), and numbers (digits or small number words). Each carries its offsets so argument
 * inference can look at the words around it.
 */
export interface Literal {
  value: string;
  kind: 'quoted' | 'url' | 'path' | 'id';
  start: number;
  end: number;
}

export interface NumberLiteral {
  value: number;
  start: number;
  end: number;
}

// One pattern per quote pair. The opening quote must start a word and the closing one end it, so
// apostrophes ("don't", "Hughes's") are not mistaken for quotes.
const QUOTE_PAIRS: RegExp[] = [
  /(?<![\p{L}\p{N}])'([^'\n]+?)'(?![\p{L}\p{N}])/gu,
  /"([^"\n]+?)"/gu,
  /“([^”\n]+?)”/gu,
  /(?<![\p{L}\p{N}])‘([^’\n]+?)’(?![\p{L}\p{N}])/gu,
];

const FILE_EXTENSIONS = /\.(pdf|docx?|txt|md|csv|tsv|html?|epub|pptx?|xlsx?|json|ya?ml|png|jpe?g)$/i;

// Patterns are module constants: a regular expression literal inside a function is a new object
// at every call, and these run several times per word of every request (P4 in npm run bench).
// The global ones are read with exec from lastIndex 0, set before each loop.
const URL_VALUE = /^https?:\/\/\S+$/i;
const SPACE = /\s/;
const DOI_LIKE = /^\d+\.\d+\//;
const SLASHED = /^[\w.~-]*\/[\w./-]+$/;
const LETTER = /[a-z]/i;
const ID_VALUE = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+$/i;
const DIGIT = /\d/;
const QUOTE_MARK = /['"“‘]/;
/** A character every URL, path or identifier holds (see kindOf). */
const LOCATOR_CHAR = /[/._-]/;
const NON_SPACE_RUN = /\S+/g;
const OPENERS = /^[(<[]+/;
const CLOSERS = /[)>\],;:!?.]+$/;
const NUMBER_RUN = /[\p{L}\p{N}][\p{L}\p{N}./:_-]*/gu;
const TRAILING_STOPS = /[.:]+$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;
const MAY_HOLD_VALUE = /[\d/:.\\_-]/;
const ABSOLUTE_PATH = /(?:^|\s)((?:[A-Za-z]:)?[\\/][^\s"'`]+)/g;

/**
 * A URL, a file path (with a slash or a document extension; a DOI is neither), an identifier
 * (letters and digits joined by - or _, e.g. `nb-001`, `run_42`), or undefined.
 */
function kindOf(value: string): Exclude<Literal['kind'], 'quoted'> | undefined {
  if (URL_VALUE.test(value)) return 'url';
  if (SPACE.test(value) || DOI_LIKE.test(value)) return undefined;
  if (FILE_EXTENSIONS.test(value) || (SLASHED.test(value) && LETTER.test(value))) return 'path';
  if (ID_VALUE.test(value) && DIGIT.test(value)) return 'id';
  return undefined;
}

const byStart = (a: { start: number }, b: { start: number }): number => a.start - b.start;

/** Whether `at` lies inside one of the spans. */
function inside(spans: readonly Literal[], at: number): boolean {
  for (const span of spans) if (at >= span.start && at < span.end) return true;
  return false;
}

export function quotedLiterals(text: string): Literal[] {
  const out: Literal[] = [];
  if (!QUOTE_MARK.test(text)) return out;
  for (const pattern of QUOTE_PAIRS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const value = match[1].trim();
      const start = match.index;
      const end = start + match[0].length;
      if (value && !out.some((other) => start < other.end && other.start < end)) {
        out.push({ value, kind: kindOf(value) ?? 'quoted', start, end });
      }
    }
  }
  return out.sort(byStart);
}

/** Quoted strings, then URLs and file paths outside quotes, in order of appearance. */
export function literals(text: string): Literal[] {
  const quoted = quotedLiterals(text);
  const out = [...quoted];
  if (!LOCATOR_CHAR.test(text)) return out; // no URL, path or id can be present
  NON_SPACE_RUN.lastIndex = 0;
  for (let match = NON_SPACE_RUN.exec(text); match !== null; match = NON_SPACE_RUN.exec(text)) {
    const word = match[0];
    // A word without any of / . _ - is no URL, path or identifier, whatever its brackets.
    if (!LOCATOR_CHAR.test(word) || inside(quoted, match.index)) continue;
    const value = word.replace(OPENERS, '').replace(CLOSERS, '');
    const offset = match.index + word.indexOf(value);
    const kind = kindOf(value);
    if (kind) out.push({ value, kind, start: offset, end: offset + value.length });
  }
  return out.sort(byStart);
}

// A Map, not an object: "constructor" or "toString" in a request is a word, never a number.
const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(Object.entries({
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, fifty: 50, hundred: 100,
}));

/** Numbers standing alone (not inside identifiers, DOIs, paths or the given literal spans). */
export function numbers(text: string, exclude: readonly Literal[]): NumberLiteral[] {
  const out: NumberLiteral[] = [];
  NUMBER_RUN.lastIndex = 0;
  for (let match = NUMBER_RUN.exec(text); match !== null; match = NUMBER_RUN.exec(text)) {
    const start = match.index;
    if (inside(exclude, start)) continue;
    const raw = match[0].replace(TRAILING_STOPS, '');
    const end = start + raw.length;
    if (DECIMAL.test(raw)) out.push({ value: Number(raw), start, end });
    else {
      const word = NUMBER_WORDS.get(raw.toLowerCase());
      if (word !== undefined) out.push({ value: word, start, end });
    }
  }
  return out;
}

/**
 * The text with the words that are values, not wishes, blanked out: URLs, file paths, identifiers
 * (`nb-001`) and numbers written in digits. The mock picks a tool on what remains, so a temporary
 * folder's random name or a page's address cannot change which tool it calls; argument inference
 * still reads the whole text. Offsets are kept (spaces replace the blanked characters).
 */
export function wordsThatVote(text: string): string {
  if (!MAY_HOLD_VALUE.test(text)) return text; // no URL, path, id or number can be present
  let out = text;
  const blank = (start: number, end: number): void => {
    out = out.slice(0, start) + ' '.repeat(end - start) + out.slice(end);
  };
  const found = literals(text).filter((l) => l.kind !== 'quoted');
  for (const l of found) blank(l.start, l.end);
  // Absolute paths a word-level pattern does not see as one (`C:\Temp\x`, `/tmp/x y` stays a path up to the space).
  ABSOLUTE_PATH.lastIndex = 0;
  for (let match = ABSOLUTE_PATH.exec(text); match !== null; match = ABSOLUTE_PATH.exec(text)) {
    const start = match.index + match[0].indexOf(match[1]);
    blank(start, start + match[1].length);
  }
  // Only numbers written with a digit are blanked: a text without one has none.
  if (DIGIT.test(text)) for (const n of numbers(text, found)) if (DIGIT.test(text.slice(n.start, n.end))) blank(n.start, n.end);
  return out;
}
