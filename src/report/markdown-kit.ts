/**
 * Markdown building blocks, escaping by construction. A report's Markdown is an `Md` value, and only
 * this module makes one: the `md` template escapes every interpolated value as one line of text
 * (src/safety/markdown.ts's markdownCell: secrets redacted, HTML, links, images, mentions and code
 * spans inert, line ends shown as ⏎) unless the value is itself `Md` (made here: by `md`, `code`,
 * `table`, `details`, `joinMd`). So a field from a server, a model or a file cannot be forgotten: there
 * is no way to put a plain string into a report unescaped but `trusted`, which is for our own fixed
 * wording only.
 */
import { markdownCell, markdownCode } from '../safety/markdown.ts';
/** Rows per table before "… and N more"; GitHub comments are limited to 65,536 characters. */
export const MAX_ROWS = 40;
export const MAX_CHARS = 60_000;

const MD: unique symbol = Symbol('markdown');

/** Markdown this module built: safe to place as is. */
export interface Md {
  readonly [MD]: true;
  readonly text: string;
}

const made = (text: string): Md => ({ [MD]: true, text });

export const isMd = (value: unknown): value is Md => typeof value === 'object' && value !== null && (value as Partial<Md>)[MD] === true;

/** A table cell: no pipes or line breaks; HTML, links, images and mentions stay text (src/safety/markdown.ts). */
export const cell = markdownCell;

const piece = (value: unknown): string => (isMd(value) ? value.text : markdownCell(value));

/** Markdown with every interpolation escaped as one line of text, unless it is `Md` already. */
export function md(strings: TemplateStringsArray, ...values: unknown[]): Md {
  let out = strings[0];
  values.forEach((value, i) => (out += piece(value) + strings[i + 1]));
  return made(out);
}

/** Our own fixed wording with its formatting (never text from an input). */
export const trusted = (text: string): Md => made(text);

/** Inline code whose fence no backtick inside can close. */
export const code = (value: unknown): Md => made(markdownCode(value));

/** The parts that are present, joined (by a blank line unless told). */
export function joinMd(parts: ReadonlyArray<Md | undefined>, separator = '\n\n'): Md {
  return made(parts.filter((p): p is Md => p !== undefined).map((p) => p.text).join(separator));
}

/** A cell of Markdown we built: its pipes escaped (GitHub splits cells even inside code spans). */
const mdCell = (value: Md): string => value.text.replace(/(?<!\\)\|/g, '\\|').replace(/\n/g, ' ');

export function table(head: ReadonlyArray<string | Md>, rows: unknown[][], total = rows.length): Md {
  const lines = [`| ${head.map((h) => (isMd(h) ? mdCell(h) : cell(h))).join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`];
  for (const row of rows.slice(0, MAX_ROWS)) lines.push(`| ${row.map((v) => (isMd(v) ? mdCell(v) : cell(v))).join(' | ')} |`);
  const hidden = total - Math.min(rows.length, MAX_ROWS);
  if (hidden > 0) lines.push('', `… and ${hidden} more in the JSON result.`);
  return made(lines.join('\n'));
}

export function details(summary: Md, body: Md): Md {
  return made(`<details><summary>${summary.text.replace(/\n/g, ' ')}</summary>\n\n${body.text}\n\n</details>`);
}

/**
 * `text` cut to at most `limit` characters, at a line break, ending with `note` and closing every
 * <details> the cut left open. Length is counted in UTF-16 units, which never undercount a limit
 * stated in characters.
 */
export function cutToFit(text: string, limit: number, note: string): string {
  if (text.length <= limit) return text;
  let end = limit - note.length - 4;
  for (;;) {
    const lineEnd = text.lastIndexOf('\n', end);
    const cut = text.slice(0, lineEnd > end / 2 ? lineEnd : end).replace(/[\uD800-\uDBFF]$/, '');
    const open = (cut.match(/<details>/g) ?? []).length - (cut.match(/<\/details>/g) ?? []).length;
    const out = `${cut}\n\n${note}\n${'\n</details>'.repeat(Math.max(0, open))}\n`;
    if (out.length <= limit || end <= 0) return out;
    end -= out.length - limit;
  }
}
