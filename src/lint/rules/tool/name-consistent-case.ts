import type { ToolRule } from '../../tool-rule-kit.ts';

type Style = 'snake_case' | 'kebab-case' | 'camelCase' | 'PascalCase';

function styleOf(name: string): Style | undefined {
  const tail = name.split(/[./]/).pop() ?? name;
  if (/^[a-z0-9]+(_[a-z0-9]+)+$/.test(tail)) return 'snake_case';
  if (/^[a-z0-9]+(-[a-z0-9]+)+$/.test(tail)) return 'kebab-case';
  if (/^[a-z][a-z0-9]*([A-Z][a-z0-9]*)+$/.test(tail)) return 'camelCase';
  if (/^[A-Z][a-z0-9]+([A-Z][a-z0-9]*)+$/.test(tail)) return 'PascalCase';
  return undefined; // one lowercase word fits every style
}

/** Mixed styles in one set make names harder to recall and to type right. */
export const nameConsistentCase: ToolRule = {
  id: 'name-consistent-case',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'tool names in a set share one case style (snake_case, kebab-case or camelCase)',
  spec: '10.4',
  check: (tools) => {
    const styled = tools.map((t) => ({ tool: t.name, style: styleOf(t.name) })).filter((s): s is { tool: string; style: Style } => s.style !== undefined);
    const counts = new Map<Style, number>();
    for (const s of styled) counts.set(s.style, (counts.get(s.style) ?? 0) + 1);
    if (counts.size < 2) return [];
    // The majority style wins; ties go to the style of the first tool listed.
    const major = [...counts.entries()].sort((a, b) => b[1] - a[1] || styled.findIndex((s) => s.style === a[0]) - styled.findIndex((s) => s.style === b[0]))[0][0];
    return styled
      .filter((s) => s.style !== major)
      .map((s) => ({ target: s.tool, path: '$.name', message: `"${s.tool}" is ${s.style} while most tools in the set are ${major}` }));
  },
};
