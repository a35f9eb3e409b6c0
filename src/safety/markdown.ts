/**
 * The Markdown medium of the output boundary, for text that lands in PR comments and job summaries.
 * Untrusted text is escaped so it stays text: HTML is escaped, brackets are escaped (no
 * remote image, so no tracking pixel), `@name` cannot notify anyone (a zero-width space follows the
 * `@`), and bare carriage returns are dropped. Inline code gets a fence longer than any run of
 * backticks inside it.
 */
const ZWSP = '\u200b';

export function markdownText(value: unknown): string {
  return String(value)
    .replace(/\r\n?/g, '\n')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([[\]])/g, '\\$1')
    .replace(/@(?=[A-Za-z0-9])/g, `@${ZWSP}`);
}

/** A table cell: one line, pipes escaped. */
export function markdownCell(value: unknown): string {
  return markdownText(value).replace(/\|/g, '\\|').replace(/\n/g, ' ');
}

/** Inline code that no backtick inside can close early. */
export function markdownCode(value: unknown): string {
  const text = String(value).replace(/\r\n?|\n/g, ' ').replace(/@(?=[A-Za-z0-9])/g, `@${ZWSP}`);
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
