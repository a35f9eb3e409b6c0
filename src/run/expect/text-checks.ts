/** Shared by `answer` and `state`: contains, matches (case-insensitive) and notContains over a text. */
export interface TextExpect {
  contains?: string[];
  matches?: string;
  notContains?: string[];
}

/** The first problem as "does not contain "x"", or undefined when every check holds. */
export function textProblem(text: string, expect: TextExpect): string | undefined {
  const lower = text.toLowerCase();
  const missing = (expect.contains ?? []).find((s) => !lower.includes(s.toLowerCase()));
  if (missing !== undefined) return `does not contain ${JSON.stringify(missing)}`;
  if (expect.matches !== undefined && !new RegExp(expect.matches, 'i').test(text)) return `does not match /${expect.matches}/i`;
  const present = (expect.notContains ?? []).find((s) => lower.includes(s.toLowerCase()));
  if (present !== undefined) return `contains ${JSON.stringify(present)} (notContains)`;
  return undefined;
}
