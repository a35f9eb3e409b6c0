/**
 * The order `a.localeCompare(b)` gives (default locale and options), from one collator: each
 * `localeCompare` call sets a collator up afresh, which made sorting thousands of tool names or lint
 * findings a visible part of a run on 2,000 tools (P6 in `npm run bench`). The collator is made by the
 * first comparison, not at import: setting one up costs about 5 ms of CPU, which every command that
 * imports this module paid before its first request (P1 in `npm run bench`).
 */
let collator: Intl.Collator | undefined;

export function compareText(a: string, b: string): number {
  return (collator ??= new Intl.Collator()).compare(a, b);
}
