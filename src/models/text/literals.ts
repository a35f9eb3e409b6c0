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

/**
 * A URL, a file path (with a slash or a document extension; a DOI is neither), an identifier
 * (letters and digits joined by - or _, e.g. `nb-001`, `run_42`), or undefined.
 */
function kindOf(value: string): Exclude<Literal['kind'], 'quoted'> | undefined {
  if (/^https?:\/\/\S+$/i.test(value)) return 'url';
  if (/\s/.test(value) || /^\d+\.\d+\//.test(value)) return undefined;
  if (FILE_EXTENSIONS.test(value) || (/^[\w.~-]*\/[\w./-]+$/.test(value) && /[a-z]/i.test(value))) return 'path';
  if (/^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)+$/i.test(value) && /\d/.test(value)) return 'id';
  return undefined;
}

export function quotedLiterals(text: string): Literal[] {
  const out: Literal[] = [];
  if (!/['"“‘]/.test(text)) return out;
  for (const pattern of QUOTE_PAIRS) {
    for (const match of text.matchAll(pattern)) {
      const value = match[1].trim();
      const start = match.index ?? 0;
      if (value && !out.some((other) => start < other.end && other.start < start + match[0].length)) {
        out.push({ value, kind: kindOf(value) ?? 'quoted', start, end: start + match[0].length });
      }
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

/** Quoted strings, then URLs and file paths outside quotes, in order of appearance. */
export function literals(text: string): Literal[] {
  const quoted = quotedLiterals(text);
  const out = [...quoted];
  if (!/[/._-]/.test(text)) return out; // no URL, path or id can be present
  for (const match of text.matchAll(/\S+/g)) {
    const start = match.index ?? 0;
    if (quoted.some((q) => start >= q.start && start < q.end)) continue;
    const value = match[0].replace(/^[(<[]+/, '').replace(/[)>\],;:!?.]+$/, '');
    const offset = start + match[0].indexOf(value);
    const kind = kindOf(value);
    if (kind) out.push({ value, kind, start: offset, end: offset + value.length });
  }
  return out.sort((a, b) => a.start - b.start);
}

const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, fifty: 50, hundred: 100,
};

/** Numbers standing alone (not inside identifiers, DOIs, paths or the given literal spans). */
export function numbers(text: string, exclude: readonly Literal[]): NumberLiteral[] {
  const out: NumberLiteral[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}./:_-]*/gu)) {
    const start = match.index ?? 0;
    if (exclude.some((lit) => start >= lit.start && start < lit.end)) continue;
    const raw = match[0].replace(/[.:]+$/, '');
    const end = start + raw.length;
    if (/^-?\d+(\.\d+)?$/.test(raw)) out.push({ value: Number(raw), start, end });
    else if (NUMBER_WORDS[raw.toLowerCase()] !== undefined) out.push({ value: NUMBER_WORDS[raw.toLowerCase()], start, end });
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
  if (!/[\d/:.\\_-]/.test(text)) return text; // no URL, path, id or number can be present
  let out = text;
  const blank = (start: number, end: number): void => {
    out = out.slice(0, start) + ' '.repeat(end - start) + out.slice(end);
  };
  const found = literals(text).filter((l) => l.kind !== 'quoted');
  for (const l of found) blank(l.start, l.end);
  // Absolute paths a word-level pattern does not see as one (`C:\Temp\x`, `/tmp/x y` stays a path up to the space).
  for (const match of text.matchAll(/(?:^|\s)((?:[A-Za-z]:)?[\\/][^\s"'`]+)/g)) {
    const start = (match.index ?? 0) + match[0].indexOf(match[1]);
    blank(start, start + match[1].length);
  }
  for (const n of numbers(text, found)) if (/\d/.test(text.slice(n.start, n.end))) blank(n.start, n.end);
  return out;
}
