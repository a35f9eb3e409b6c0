/** Sections of the README and docs/ pages, for the tests that check every registered id is documented. */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = [
  `${ROOT}README.md`,
  ...readdirSync(`${ROOT}docs`, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `${ROOT}docs/${f}`),
].map((file) => readFileSync(file, 'utf8'));

/**
 * The text under the first heading `heading` (any level) in the README or a docs page, up to the next
 * heading of the same or a higher level; empty when there is no such section.
 */
export function readmeSection(heading: string): string {
  for (const page of PAGES) {
    const match = new RegExp(`(^|\\n)(#{1,6}) ${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\n`).exec(page);
    if (!match) continue;
    const level = match[2].length;
    const start = match.index + match[0].length;
    const next = new RegExp(`\\n#{1,${level}} `).exec(page.slice(start));
    return page.slice(match.index, next ? start + next.index : undefined);
  }
  return '';
}

/** README and every docs page, for tests that check an id is documented somewhere a user reads. */
export function allDocs(): string {
  return PAGES.join('\n');
}
