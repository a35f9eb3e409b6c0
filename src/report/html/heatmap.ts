/**
 * The confusion matrix as a heatmap: a plain table (readable without CSS or JavaScript), one cell per
 * expected/chosen pair, shaded by the share of that row's attempts; the diagonal is green, misses red.
 */
import { esc } from './escape.ts';

/** `(none)` and `(error)` sort after tool names, so real tools stay together. */
const order = (a: string, b: string): number => Number(a.startsWith('(')) - Number(b.startsWith('(')) || a.localeCompare(b);

export function confusionLabels(confusion: Record<string, Record<string, number>>): { expected: string[]; chosen: string[] } {
  const expected = Object.keys(confusion).sort(order);
  const chosen = [...new Set([...expected, ...Object.values(confusion).flatMap((row) => Object.keys(row))])].sort(order);
  return { expected, chosen };
}

export function renderHeatmap(confusion: Record<string, Record<string, number>>): string | undefined {
  const { expected, chosen } = confusionLabels(confusion);
  if (expected.length === 0) return undefined;
  const head = `<tr><th scope="col" class="corner">expected ↓ / chosen →</th>${chosen.map((c) => `<th scope="col" class="col-label"><span>${esc(c)}</span></th>`).join('')}</tr>`;
  const rows = expected.map((e) => {
    const row = confusion[e] ?? {};
    const total = Object.values(row).reduce((a, b) => a + b, 0);
    const cells = chosen.map((c) => {
      const n = row[c] ?? 0;
      const share = total === 0 ? 0 : n / total;
      const hit = e === c;
      const colour = n === 0 ? 'transparent' : hit ? `rgba(22, 140, 70, ${(0.15 + 0.75 * share).toFixed(2)})` : `rgba(200, 40, 40, ${(0.2 + 0.7 * share).toFixed(2)})`;
      const title = `expected ${e}, chose ${c}: ${n} of ${total} attempts`;
      return `<td class="cell${hit ? ' diagonal' : ''}${n === 0 ? ' zero' : ''}" data-expected="${esc(e)}" data-chosen="${esc(c)}" data-count="${n}" title="${esc(title)}" style="background:${colour}">${n === 0 ? '' : n}</td>`;
    });
    return `<tr><th scope="row">${esc(e)}</th>${cells.join('')}</tr>`;
  });
  return `<div class="scroll"><table class="heatmap"><thead>${head}</thead><tbody>\n${rows.join('\n')}\n</tbody></table></div>
<p class="note">Rows: the tool the case expected; columns: the tool the model chose. Cells count attempts; green is right, red is a confusion; <code>(none)</code> is no tool, <code>(error)</code> no answer.</p>`;
}
