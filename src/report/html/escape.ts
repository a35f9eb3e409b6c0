/** HTML escaping for text and attribute values; every string from a result passes through here. */
export function esc(value: unknown): string {
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** A section with a heading and an anchor, omitted entirely when it has no body. */
export function section(id: string, title: string, body: string | undefined): string {
  return body ? `<section id="${esc(id)}"><h2>${esc(title)}</h2>\n${body}\n</section>` : '';
}

export function htmlTable(head: string[], rows: string[][], className = ''): string {
  const th = head.map((h) => `<th scope="col">${esc(h)}</th>`).join('');
  const body = rows.map((r) => `<tr>${r.map((c) => `<td>${c}</td>`).join('')}</tr>`).join('\n');
  return `<table${className ? ` class="${className}"` : ''}><thead><tr>${th}</tr></thead><tbody>\n${body}\n</tbody></table>`;
}
