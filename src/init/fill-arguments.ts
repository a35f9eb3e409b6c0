/**
 * Arguments a drafted request spells out, from the tool's parameters: an enum value, a number within
 * the bounds, a URL, a path, a date, a name, the example a parameter's description quotes ("e.g.
 * 'app=nginx'"). Each comes with the words that put it into the request ("sorted by size", "in
 * namespace staging", "the file notes/todo.md"), so the request implies the argument. Every required
 * parameter it can fill is filled (the scorer checks the call against the schema, so a request that
 * leaves one out is a request to ask for it). The values are not written as `expect.args`: BFCL's
 * rule fails a call on any argument the case does not list, and a model may fairly add an optional one.
 */
import { alternativesOf, propertiesOf } from '../models/mock-index.ts';
import { words } from '../models/text/tokenize.ts';
import type { JsonSchema, JsonValue, ToolDefinition } from '../types.ts';

export interface Fill {
  param: string;
  value: JsonValue;
  /** Words that say the value in a request: appended, or put in place of `replaces` in the object. */
  phrase: string;
  /** A noun phrase of the tool's object this value stands for ("a file", "one URL"). */
  replaces?: RegExp;
}

const DETERMINERS = '(?:(?:a|an|the|one|single|given|specified|specific|existing|new|some)\\s+)*';
const nounPhrase = (nouns: string): RegExp => new RegExp(`\\b${DETERMINERS}(?:${nouns})\\b(?!'s)`, 'i');

const SAMPLE_TEXT: Record<string, string[]> = {
  query: ['release notes', 'quarterly budget'],
  search: ['release notes', 'quarterly budget'],
  keywords: ['release notes', 'quarterly budget'],
  topic: ['solar power', 'city cycling'],
  question: ['what changed last week', 'who approved the budget'],
  prompt: ['list the product names', 'summarise the pricing'],
  message: ['hello from the team', 'the build is green'],
  text: ['hello from the team', 'the build is green'],
  content: ['Meeting notes for Monday', 'Shopping list: eggs, milk'],
  title: ['Weekly report', 'Trip ideas'],
};
const FREE_PHRASE: Record<string, (v: string) => string> = {
  query: (v) => `for "${v}"`,
  search: (v) => `for "${v}"`,
  keywords: (v) => `for "${v}"`,
  topic: (v) => `on "${v}"`,
  question: (v) => `to answer "${v}"`,
  prompt: (v) => `asking "${v}"`,
  message: (v) => `saying "${v}"`,
  text: (v) => `with the text "${v}"`,
  content: (v) => `with the content "${v}"`,
  title: (v) => `titled "${v}"`,
};

/** The example a parameter's description gives: "(e.g. 'app=nginx')", "(e.g., pods, deployments)". */
export function describedExample(description: string): string | undefined {
  const m = /\b(?:e\.g\.?,?|for example,?|such as)\s*:?\s*(?:'([^']{1,60})'|"([^"]{1,60})"|`([^`]{1,60})`|([A-Za-z0-9][\w./:=*-]{0,40}))/i.exec(description);
  if (!m) return undefined;
  const value = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').trim();
  return value && !/^(the|a|an|if|when)$/i.test(value) ? value : undefined;
}

function typeOf(schema: JsonSchema): string | undefined {
  const t = schema.type;
  return Array.isArray(t) ? (t.find((x) => x !== 'null') as string | undefined) : (t as string | undefined);
}

function enumOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.enum)) return schema.enum.filter((v): v is string => typeof v === 'string');
  return alternativesOf(schema).map((a) => a.value);
}

/** A number for a parameter: by what its name says, kept within its bounds. */
function numberFor(name: string[], schema: JsonSchema, variant: number): number {
  const has = (...w: string[]): boolean => w.some((x) => name.includes(x));
  let n = has('port') ? 8080 : has('width') ? 1280 : has('height') ? 720 : has('replicas') ? 3 : has('timeout', 'duration', 'seconds', 'delay') ? 10 : has('year') ? 2024 : has('index', 'revision') ? 2 : has('limit', 'count', 'max', 'size', 'top', 'k', 'n') ? 5 : [12, 30][variant % 2]!;
  const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
  const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
  if (max !== undefined && n > max) n = max;
  if (min !== undefined && n < min) n = min;
  return typeOf(schema) === 'integer' ? Math.round(n) : n;
}

/** What a string parameter holds, judged from its name, format and description. */
function stringFill(name: string[], schema: JsonSchema, description: string, variant: number, toolText: string): Omit<Fill, 'param'> | undefined {
  const summary = toolText.split(/[.]\s/)[0] ?? '';
  const directoryTool = /\bdirector(y|ies)|folder/i.test(summary);
  const has = (...w: string[]): boolean => w.some((x) => name.includes(x));
  const format = typeof schema.format === 'string' ? schema.format : '';
  if (format === 'uri' || format === 'url' || has('url', 'uri', 'href', 'link')) {
    const value = ['https://example.com/docs/getting-started', 'https://example.org/blog'][variant % 2]!;
    return { value, phrase: `at ${value}`, replaces: nounPhrase('url|link|website|web page|page') };
  }
  if (format === 'email' || has('email')) return { value: 'ana@example.com', phrase: 'for ana@example.com' };
  if (format === 'date-time') return { value: '2025-03-14T09:30:00Z', phrase: 'at 2025-03-14T09:30:00Z' };
  if (format === 'date' || has('date')) return { value: '2025-03-14', phrase: 'on 2025-03-14' };
  if (format === 'uuid') {
    const value = '3f2b8c1e-6a7d-4e2f-9b1a-2c3d4e5f6a7b';
    return { value, phrase: `with ${name.join(' ')} ${value}` };
  }
  if ((name.length === 1 && name[0] === 'source') || (has('source', 'from') && has('path', 'file'))) return { value: 'notes/todo.md', phrase: 'from notes/todo.md' };
  if ((name.length === 1 && name[0] === 'destination') || (has('destination', 'target') && has('path', 'file'))) return { value: 'archive/todo.md', phrase: 'to archive/todo.md' };
  if (has('directory', 'dir', 'folder') || (has('path') && directoryTool)) {
    const value = ['projects/demo', 'docs/guides'][variant % 2]!;
    return { value, phrase: `in ${value}`, replaces: nounPhrase('directory|directories|folder|path') };
  }
  if (has('pattern', 'glob')) return { value: '*.md', phrase: 'matching *.md' };
  if (has('path', 'file', 'filename', 'filepath')) {
    const value = /\b(image|media|audio|png|jpe?g)\b/i.test(toolText) ? ['photos/cat.png', 'audio/intro.mp3'][variant % 2]! : ['notes/todo.md', 'reports/summary.txt'][variant % 2]!;
    return { value, phrase: `for the file ${value}`, replaces: nounPhrase('file|path|document') };
  }
  if (has('namespace')) return { value: 'staging', phrase: 'in namespace staging' };
  const example = describedExample(description);
  if (example) return { value: example, phrase: `with ${name.join(' ')} ${example}` };
  for (const key of Object.keys(SAMPLE_TEXT)) {
    if (name[name.length - 1] === key || (name.length === 1 && name[0] === key)) {
      const value = SAMPLE_TEXT[key]![variant % 2]!;
      return { value, phrase: FREE_PHRASE[key]!(value) };
    }
  }
  if (has('name')) {
    const value = ['demo', 'web'][variant % 2]!;
    return { value, phrase: `named ${value}` };
  }
  if (has('id', 'key')) return { value: 'abc123', phrase: `with ${name.join(' ')} abc123` };
  if (has('command', 'cmd')) return { value: 'ls -la', phrase: 'running "ls -la"' };
  // Any other string the tool requires: a plain value under the parameter's own name, so the request
  // still carries every required argument (the reviewer replaces it with a real one).
  return { value: 'demo', phrase: `with ${name.join(' ')} "demo"` };
}

/** A value for one field of an object item, by its name: a name, a type, a text. */
function fieldValue(field: string[]): string {
  const has = (...w: string[]): boolean => w.some((x) => field.includes(x));
  if (has('to', 'target')) return 'Bob';
  if (has('relation') && has('type')) return 'works with';
  if (has('type', 'kind')) return 'person';
  if (has('name', 'from', 'source')) return 'Alice';
  if (has('old')) return 'TODO';
  if (has('new')) return 'DONE';
  return 'likes tea';
}

/** One object item spelled out field by field ("name Alice, entity type person, observations "likes tea""). */
function objectItemFill(name: string[], items: JsonSchema): Omit<Fill, 'param'> | undefined {
  const properties = (items.properties ?? {}) as Record<string, JsonSchema>;
  const required = Array.isArray(items.required) ? (items.required as string[]) : Object.keys(properties);
  const fields = required.filter((f) => ['string', 'array'].includes(typeOf(properties[f] ?? {}) ?? ''));
  if (fields.length === 0 || fields.length !== required.length) return undefined;
  const item: Record<string, JsonValue> = {};
  const said: string[] = [];
  for (const field of fields) {
    const value = fieldValue(words(field));
    item[field] = typeOf(properties[field]!) === 'array' ? [value] : value;
    said.push(`${words(field).join(' ')} "${value}"`);
  }
  return { value: [item], phrase: `with ${name.join(' ')}: ${said.join(', ')}` };
}

/** Two values for an array of strings: names, paths, or what the item says it holds; one spelled-out object item. */
function arrayFill(name: string[], schema: JsonSchema, variant: number, toolText: string): Omit<Fill, 'param'> | undefined {
  const items = (schema.items ?? {}) as JsonSchema;
  if (typeOf(items) === 'object') return objectItemFill(name, items);
  if (typeOf(items) !== 'string') return undefined;
  const has = (...w: string[]): boolean => w.some((x) => name.includes(x));
  if (has('names', 'name')) return { value: ['Alice', 'Bob'], phrase: 'for Alice and Bob' };
  if (has('paths', 'files', 'path')) return { value: ['notes/todo.md', 'notes/ideas.md'], phrase: 'for notes/todo.md and notes/ideas.md', replaces: nounPhrase('files|multiple files') };
  if (has('urls')) return { value: ['https://example.com/a', 'https://example.com/b'], phrase: 'from https://example.com/a and https://example.com/b', replaces: nounPhrase('urls') };
  if (has('command', 'args', 'argv')) return { value: ['ls', '-la'], phrase: 'running "ls -la"' };
  const one = stringFill(name.map((w) => w.replace(/s$/, '')), items, typeof items.description === 'string' ? items.description : '', variant, toolText);
  return one && typeof one.value === 'string' ? { value: [one.value], phrase: one.phrase } : undefined;
}

/** The words that name a parameter in a request: its name, or a short description for one-letter names. */
function paramWords(param: string, description: string): string {
  const own = words(param).join(' ');
  if (param.length <= 2 && description && description.split(/\s+/).length <= 4) return description.toLowerCase().replace(/[.]$/, '');
  return own;
}

/**
 * Up to `max` fills for a tool, required parameters first, then enums; `variant` picks other values
 * (another enum value, another sample), so two phrasings of one tool differ in their arguments too.
 */
export function argumentFills(tool: ToolDefinition, variant = 0, max = 4): Fill[] {
  const properties = propertiesOf(tool);
  const required = new Set(Array.isArray(tool.inputSchema?.required) ? (tool.inputSchema.required as string[]) : []);
  const order = Object.keys(properties).sort((a, b) => Number(required.has(b)) - Number(required.has(a)) || Number(enumOf(properties[b] as JsonSchema).length > 0) - Number(enumOf(properties[a] as JsonSchema).length > 0));
  const toolText = `${tool.name} ${tool.description ?? ''}`;
  const fills: Fill[] = [];
  let optionalEnums = 0;
  for (const param of order) {
    if (fills.length >= max) break;
    const schema = (properties[param] ?? {}) as JsonSchema;
    const description = typeof schema.description === 'string' ? schema.description : '';
    const name = words(param);
    const values = enumOf(schema);
    const type = typeOf(schema);
    if (values.length > 0) {
      // Every required enum, and one optional one: enough to vary the phrasings without a list of options.
      if (!required.has(param) && optionalEnums++ >= 1) continue;
      const value = values[variant % values.length]!;
      const w = paramWords(param, description);
      const phrase = /^(output|format|output format)$/.test(w) ? `as ${value}` : /^sort/.test(w) || w === 'order by' ? `sorted by ${value}` : `with ${w} ${value}`;
      fills.push({ param, value, phrase });
    } else if (type === 'number' || type === 'integer') {
      if (!required.has(param)) continue;
      const value = numberFor(name, schema, variant + fills.length);
      fills.push({ param, value, phrase: `with ${paramWords(param, description)} ${value}` });
    } else if (type === 'string') {
      if (!required.has(param)) continue;
      const fill = stringFill(name, schema, description, variant, toolText);
      if (fill) fills.push({ param, ...fill });
    } else if (type === 'array' && required.has(param)) {
      const fill = arrayFill(name, schema, variant, toolText);
      if (fill) fills.push({ param, ...fill });
    }
  }
  return fills;
}

/** The object with each fill in place: put where its noun phrase stands, else appended. */
export function applyFills(object: string, fills: readonly Fill[]): string {
  let text = object;
  const tail: string[] = [];
  for (const fill of fills) {
    const match = fill.replaces?.exec(text);
    if (match && Array.isArray(fill.value)) {
      text = `${text.slice(0, match.index)}${fill.phrase.replace(/^(for|from) /, '')}${text.slice(match.index + match[0].length)}`;
    } else if (match && typeof fill.value === 'string') {
      const noun = match[0].split(/\s+/).pop()!;
      const what = /url|link|page|website/i.test(noun) ? fill.value : `${/ies$/i.test(noun) ? 'directory' : noun.replace(/s$/, '')} ${fill.value}`;
      text = `${text.slice(0, match.index)}${/url|link|page|website/i.test(noun) ? '' : 'the '}${what}${text.slice(match.index + match[0].length)}`;
    } else tail.push(fill.phrase);
  }
  // "with a 12 with b 30" reads "with a 12 and b 30".
  const joined = tail.reduce<string[]>((out, phrase) => {
    const last = out[out.length - 1];
    if (last?.startsWith('with ') && phrase.startsWith('with ') && !last.includes(':') && !phrase.includes(':')) out[out.length - 1] = `${last.replace(/ and /, ', ')} and ${phrase.slice(5)}`;
    else out.push(phrase);
    return out;
  }, []);
  return [text, ...joined].filter(Boolean).join(' ');
}
