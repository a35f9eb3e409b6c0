/** The README's level-2 sections, for the tests that check every registered id is documented. */
import { readFileSync } from 'node:fs';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** The text of `## heading` up to the next level-2 heading; empty when there is no such section. */
export function readmeSection(heading: string): string {
  const start = README.indexOf(`\n## ${heading}\n`);
  if (start < 0) return '';
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end < 0 ? undefined : end);
}
