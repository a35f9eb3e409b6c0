/** Markdown building blocks: escaped table cells, capped tables, folded sections. */
import { markdownCell } from '../safety/markdown.ts';
/** Rows per table before "… and N more"; GitHub comments are limited to 65,536 characters. */
export const MAX_ROWS = 40;
export const MAX_CHARS = 60_000;

/** A table cell: no pipes or line breaks; HTML, links, images and mentions stay text (src/safety/markdown.ts). */
export const cell = markdownCell;

export function table(head: string[], rows: unknown[][], total = rows.length): string {
  const lines = [`| ${head.join(' | ')} |`, `|${head.map(() => ' --- ').join('|')}|`];
  for (const row of rows.slice(0, MAX_ROWS)) lines.push(`| ${row.map(cell).join(' | ')} |`);
  const hidden = total - Math.min(rows.length, MAX_ROWS);
  if (hidden > 0) lines.push('', `… and ${hidden} more in the JSON result.`);
  return lines.join('\n');
}

export function details(summary: string, body: string): string {
  return `<details><summary>${summary}</summary>\n\n${body}\n\n</details>`;
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
