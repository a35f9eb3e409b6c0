import { onOutput, show, subject, typeSubset } from '../check-kit.ts';
import type { DiffCheck } from '../types.ts';

export const outputTypeChanged: DiffCheck = {
  id: 'output-type-changed',
  level: 'breaking',
  description: "an output property's type changed or widened (narrowing is safe for clients)",
  kinds: ['keyword'],
  check: (d) => {
    if (!onOutput(d) || d.keyword !== 'type') return null;
    if (Array.isArray(d.before) && Array.isArray(d.after) && typeSubset(d.after, d.before)) return null;
    return `type of ${subject(d)} changed from ${show(d.before ?? 'any')} to ${show(d.after ?? 'any')}; clients that parse it break`;
  },
};
