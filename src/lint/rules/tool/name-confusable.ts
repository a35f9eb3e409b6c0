import { nameWords, type ToolRule } from '../../tool-rule-kit.ts';

function singular(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ses|xes|ches|shes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !word.endsWith('ss') && word.length > 3) return word.slice(0, -1);
  return word;
}

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = tmp;
    }
  }
  return row[b.length];
}

/** Names that differ only by a plural, case, separators or one letter (get_user / get_users) are picked for each other. */
export const nameConfusable: ToolRule = {
  id: 'name-confusable',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'no two tool names differ only by a plural, case, separator or one character (get_user vs get_users)',
  spec: '10.4',
  check: (tools) => {
    const out = [];
    const names = [...new Set(tools.map((t) => t.name))];
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        const [a, b] = [names[i], names[j]];
        const wa = nameWords(a);
        const wb = nameWords(b);
        const flatA = wa.join('');
        const flatB = wb.join('');
        const samePlural = wa.map(singular).join(' ') === wb.map(singular).join(' ');
        const oneOff = Math.min(flatA.length, flatB.length) >= 6 && editDistance(flatA, flatB) <= 1;
        if (samePlural || oneOff) {
          out.push({ target: b, path: '$.name', message: `"${b}" is easily confused with "${a}"; make the difference explicit in the name (e.g. get_user vs list_users)` });
        }
      }
    }
    return out;
  },
};
