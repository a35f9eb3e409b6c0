/**
 * The Markdown medium of the output boundary, for text that lands in PR comments and job summaries.
 * Untrusted text is escaped so it stays text: known secrets are redacted first (escaping would change
 * their form), control characters of the one class (control-chars.ts) are made visible, HTML is
 * escaped (no `<a href>`, `<h1>`, `</details>`), the characters that format or link are escaped
 * (backslash, backtick, `*`, `~`, brackets, so no emphasis, code span or remote image: no
 * tracking pixel), `@name` cannot notify anyone (a zero-width space follows the `@`), and carriage
 * returns become line ends. A cell or a one-line field also shows each line end as ⏎, so text from a
 * server never begins a line of ours. Inline code gets a fence longer than any run of backticks inside.
 *
 * Reports do not call these one field at a time: src/report/markdown-kit.ts's `md` template escapes
 * every interpolation by construction.
 */
import { showControlChars } from './control-chars.ts';
import { redactSecrets } from './secrets.ts';
import { NEWLINE_SHOWN } from './terminal.ts';

const ZWSP = '\u200b';

export function markdownText(value: unknown): string {
  return showControlChars(redactSecrets(String(value)).replace(/\r\n?/g, '\n'))
    .replace(/\\/g, '\\\\')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([[\]`*~])/g, '\\$1')
    .replace(/@(?=[A-Za-z0-9])/g, `@${ZWSP}`);
}

/** A table cell or a one-line field: pipes escaped, each line end shown as ⏎. */
export function markdownCell(value: unknown): string {
  return markdownText(value).replace(/\|/g, '\\|').replace(/\n/g, NEWLINE_SHOWN);
}

/**
 * Inline code that no backtick inside can close early. A value with `<`, `>` or `&` is escaped text
 * instead: inside an HTML block (a <details> summary line) a code span is not one, and its HTML would be live.
 */
export function markdownCode(value: unknown): string {
  if (/[<>&]/.test(String(value))) return markdownCell(value);
  const text = showControlChars(redactSecrets(String(value)))
    .replace(/\r\n?|\n/g, NEWLINE_SHOWN)
    .replace(/@(?=[A-Za-z0-9])/g, `@${ZWSP}`);
  const longest = Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
  const fence = '`'.repeat(longest + 1);
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${text}${pad}${fence}`;
}

/**
 * The last pass over a whole Markdown document we wrote. Toolvet itself never mentions anyone,
 * embeds an image or media, or writes a carriage return, so whatever of these is left came from
 * untrusted text that reached the document unescaped: neutralised here, whatever its path.
 */
export function markdownDocument(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/(^|[^\w`])@(?=[A-Za-z0-9])/g, `$1@${ZWSP}`)
    .replace(/!\[/g, '!\\[')
    .replace(/<(?=\s*\/?\s*(img|picture|source|video|audio|iframe|object|embed|svg|image)\b)/gi, '&lt;');
}
