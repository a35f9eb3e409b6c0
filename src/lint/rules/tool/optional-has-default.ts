import type { JsonSchema } from '../../../types.ts';
import { perTool, requiredOf, topProperties, typesOf, type ToolRule } from '../../tool-rule-kit.ts';

/**
 * Why not every optional parameter: on real servers most have no default on purpose (a filter, an
 * update field left unchanged, a parameter only some actions take, an id), and a default there would
 * be harmful. So the rule fires only when the description itself states a default value that the
 * schema does not declare: the default exists, but clients and `default`-aware models cannot see it.
 */

const VALUE = String.raw`("[^"]{1,40}"|'[^']{1,40}'|\x60[^\x60]{1,40}\x60|-?\d+(?:\.\d+)?|[A-Za-z][\w./-]*)`;
/** Forms that name the default outright: any value token, checked against the schema afterwards. */
const EXPLICIT: RegExp[] = [
  new RegExp(String.raw`\bdefaults?(?:\s+(?:to|is)\s+|\s*[=:]\s*)${VALUE}`, 'gi'), // "Defaults to 'US'", "Default is 20", "default: 10"
  new RegExp(String.raw`\bdefault(?:\s+[a-z-]+){1,3}\s+is\s+${VALUE}`, 'gi'), // "The default size is 100"
  new RegExp(String.raw`\(\s*default\s*:?\s*${VALUE}\s*\)`, 'gi'), // "(default: 3000)", "(default 10)"
];
/** Forms where the value stands before the word: only an enum value or a quoted token counts. */
const BEFORE: RegExp[] = [
  new RegExp(String.raw`${VALUE}\s+\(default\)`, 'gi'), // '"extract" (default)'
  new RegExp(String.raw`${VALUE}\s+by\s+default\b`, 'gi'), // "Compact by default"
];
/** Words that follow "default is" without being a value. */
const NOT_VALUES = new Set(['the', 'a', 'an', 'none', 'null', 'empty', 'unset', 'not', 'no', 'all', 'any', 'auto', 'based', 'whatever', 'whichever', 'this', 'that', 'it', 'used', 'set', 'same']);
/**
 * A bare word that a phrase goes on from ("your personal account", "user's Downloads folder") is not the
 * value: a free-string default is one token, closed by punctuation or the end of the description.
 */
const PHRASE_GOES_ON = /^(?:['\u2019]s\b|\s+(?!(?:and|or|but|which|so|unless|if|when)\b)[A-Za-z])/;
/** "Defaults to true when ...": a default that depends on something else is not one value. */
const CONDITIONAL = /^\s*(when|if|unless|for|depending|based|except|only)\b/i;

function unquote(token: string): { text: string; quoted: boolean } {
  const m = /^(["'\x60])(.*)\1$/s.exec(token);
  return m ? { text: m[2], quoted: true } : { text: token.replace(/[.,;:]+$/, ''), quoted: false };
}

/** The value the token stands for under this schema, or undefined when it does not fit it. */
function asDefault(token: string, schema: JsonSchema, loose: boolean): unknown {
  const { text, quoted } = unquote(token);
  if (!quoted && NOT_VALUES.has(text.toLowerCase())) return undefined;
  const choices = Array.isArray(schema.enum) ? schema.enum : schema.const !== undefined ? [schema.const] : undefined;
  if (choices) return choices.find((c) => typeof c === 'string' && c.toLowerCase() === text.toLowerCase() || typeof c !== 'string' && String(c) === text);
  if (!loose && !quoted) return undefined;
  const types = typesOf(schema);
  if (types.includes('integer') && /^-?\d+$/.test(text)) return Number(text);
  if (types.includes('number') && /^-?\d+(\.\d+)?$/.test(text)) return Number(text);
  if (types.includes('boolean') && /^(true|false)$/i.test(text)) return text.toLowerCase() === 'true';
  if (types.length === 1 && types[0] === 'string' && (quoted || /^[A-Za-z][\w.-]*$/.test(text))) return text;
  return undefined;
}

/** The default a description states for this schema, when it states exactly one that fits. */
export function statedDefault(description: string, schema: JsonSchema): { value: unknown; phrase: string } | undefined {
  const found: Array<{ value: unknown; phrase: string }> = [];
  for (const [patterns, loose] of [[EXPLICIT, true], [BEFORE, false]] as const) {
    for (const re of patterns) {
      for (const m of description.matchAll(re)) {
        const rest = description.slice(m.index + m[0].length);
        if (CONDITIONAL.test(rest)) continue;
        const value = asDefault(m[1], schema, loose);
        if (typeof value === 'string' && !unquote(m[1]).quoted && !Array.isArray(schema.enum) && PHRASE_GOES_ON.test(rest)) continue;
        if (value !== undefined) found.push({ value, phrase: m[0].trim().replace(/[.,;:]+$/, '') });
      }
    }
  }
  const values = new Set(found.map((f) => JSON.stringify(f.value)));
  return values.size === 1 ? found[0] : undefined;
}

/** Why a parameter has a sensible default: a bounded number, a fixed set of choices, or a flag. */
function sensibleDefault(schema: JsonSchema): string | undefined {
  const types = typesOf(schema);
  if ((types.includes('integer') || types.includes('number')) && (typeof schema.minimum === 'number' || typeof schema.maximum === 'number')) {
    return `bounded (${typeof schema.minimum === 'number' ? schema.minimum : '…'}..${typeof schema.maximum === 'number' ? schema.maximum : '…'})`;
  }
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return `one of ${schema.enum.length} fixed values`;
  if (types.length === 1 && types[0] === 'boolean') return 'a flag';
  return undefined;
}

/** Spec 10.3: a parameter with a sensible default declares it through `default`. */
export const optionalHasDefault: ToolRule = {
  id: 'optional-has-default',
  kind: 'tool',
  defaultSeverity: 'warn',
  description: 'an optional parameter whose description states its default ("Defaults to 20") declares it in "default"',
  spec: '10.3, 9.1',
  check: (tools, context) =>
    perTool(tools, (tool) => {
      const required = requiredOf(tool.inputSchema);
      return topProperties(tool).flatMap((p) => {
        if (required.includes(p.name) || 'default' in p.schema) return [];
        // Read literally (the conventions profile, 10.3): a parameter with a sensible default declares it.
        const sensible = context?.literal ? sensibleDefault(p.schema) : undefined;
        if (sensible) return [{ path: p.path, message: `"${p.name}" is optional and ${sensible}, so it has a sensible default; declare it in "default" (conventions 10.3)` }];
        if (typeof p.schema.description !== 'string') return [];
        const stated = statedDefault(p.schema.description, p.schema);
        if (!stated) return [];
        return [{ path: p.path, message: `"${p.name}" is optional and its description gives the default ("${stated.phrase}"), but the schema does not; add "default": ${JSON.stringify(stated.value)}` }];
      });
    }),
};
