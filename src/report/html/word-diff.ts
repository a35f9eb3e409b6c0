/** Old and new text side by side with the differing words marked (the `diff` package's diffWords). */
import { lazyRequire } from '../../lazy-require.ts';
import { esc } from './escape.ts';

const diff = lazyRequire<typeof import('diff')>('diff');

export function wordDiffHtml(before: string, after: string): { before: string; after: string } {
  const parts = diff().diffWords(before, after);
  const old = parts.filter((p) => !p.added).map((p) => (p.removed ? `<del>${esc(p.value)}</del>` : esc(p.value)));
  const neu = parts.filter((p) => !p.removed).map((p) => (p.added ? `<ins>${esc(p.value)}</ins>` : esc(p.value)));
  return { before: old.join(''), after: neu.join('') };
}
