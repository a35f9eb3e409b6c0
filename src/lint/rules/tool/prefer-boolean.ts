import { allProperties, nameWords, perTool, typesOf, type ToolRule, styleGiven } from '../../tool-rule-kit.ts';

// Not 'use' or 'keep': use_case and keep_alive_seconds are not flags.
const FLAG_FIRST = new Set(['is', 'has', 'include', 'enable', 'disable', 'allow', 'should', 'with', 'show', 'force', 'skip']);
const FLAG_WORDS = new Set(['dry', 'verbose', 'recursive', 'overwrite', 'enabled', 'disabled']);
const BOOL_VALUES = new Set(['true', 'false', 'yes', 'no', 'on', 'off', '0', '1']);
const FLAG_PROSE = /\b(true or false|yes or no|"true"|'true')\b/i;

/** Spec 10.2: flags are booleans, not "true"/"yes" strings or 0/1 numbers. */
export const preferBoolean: ToolRule = {
  id: 'prefer-boolean',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'a flag (is_, include_, enable, dry_run, "true or false") is typed "boolean"',
  spec: '10.2',
  check: (tools, context) =>
    perTool(tools, (tool) =>
      allProperties(tool.inputSchema, styleGiven(context)).flatMap((p) => {
        const types = typesOf(p.schema);
        if (types.includes('boolean') || !types.some((t) => t === 'string' || t === 'number' || t === 'integer')) return [];
        const words = nameWords(p.name);
        const enumValues = Array.isArray(p.schema.enum) ? p.schema.enum.map((v) => String(v).toLowerCase()) : [];
        const byEnum = enumValues.length === 2 && enumValues.every((v) => BOOL_VALUES.has(v));
        const byName = p.schema.enum === undefined && words.length > 1 && (FLAG_FIRST.has(words[0]) || words.some((w) => FLAG_WORDS.has(w)));
        const byProse = typeof p.schema.description === 'string' && FLAG_PROSE.test(p.schema.description);
        if (!byEnum && !byName && !byProse) return [];
        return [{ path: `${p.path}.type`, message: `"${p.name}" looks like a flag but is typed ${JSON.stringify(p.schema.type)}; use "boolean"` }];
      }),
    ),
};
