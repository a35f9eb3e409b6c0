/**
 * Argument inference for the mock model: fills what a request states and leaves the rest out.
 * In order: the winning `oneOf` alternative; enum values named in the request; strings matching a
 * parameter's `pattern` (item keys, ids); quoted strings, URLs and file paths, each to the string
 * or string-array parameter whose words lie nearest it (a quoted comma list becomes an array);
 * numbers, to the numeric parameter whose words lie within three words of them, or the only number
 * to the only numeric parameter when it fits its bounds; booleans, true when the parameter's words
 * appear (false after "no", "not", "without"). Last, the first required string still empty gets the
 * request's salient remainder: its words minus stop words, request filler ("show", "find", "top"),
 * the tool's own vocabulary (name, title, parameter names, description outside its quoted examples)
 * and the words other arguments used. When nothing remains it stays out, as a careful model would,
 * unless the parameter's schema offers a value (mock-schema-fill.ts): then that value, marked invented.
 */
import { alternativesOf, propertiesOf, type Alternative } from './mock-index.ts';
import { fillRequiredFromSchema } from './mock-schema-fill.ts';
import { literals, numbers, type Literal } from './text/literals.ts';
import { stem, terms, tokensWithOffsets, type Token } from './text/tokenize.ts';
import type { JsonSchema, ToolDefinition } from '../types.ts';
import { linearRegExp, type RegExpLike } from '../safety/regex-engine.ts';

const NEVER: RegExpLike = { test: () => false, toString: () => 'never' };

const FILLER: ReadonlySet<string> = new Set(
  ['show', 'find', 'get', 'give', 'list', 'search', 'look', 'lookup', 'tell', 'fetch', 'display', 'open', 'need',
    'see', 'check', 'top', 'first', 'last', 'newest', 'latest', 'oldest', 'recent', 'all', 'every', 'now', 'thanks',
    'thank', 'ok', 'okay', 'let', 'know', 'help', 'use', 'using', 'call', 'run', 'new', 'one', 'ones', 'most', 'least',
    'max', 'maximum', 'min', 'minimum', 'mark', 'ask'].map(stem),
);
const FREE_TEXT: ReadonlySet<string> = new Set(
  ['query', 'question', 'text', 'title', 'topic', 'prompt', 'message', 'content', 'keywords', 'search', 'q'].map(stem),
);
const BOOLEAN_GENERIC: ReadonlySet<string> = new Set(
  ['include', 'show', 'use', 'enable', 'only', 'keep', 'return', 'also', 'with', 'is', 'has', 'in'].map(stem),
);
const NEGATIONS: ReadonlySet<string> = new Set(['no', 'not', 'without', 'exclude', 'excluding', 'don', 'dont', 'never', 'skip']);
const KIND_HINTS: Record<Literal['kind'], string[]> = {
  quoted: [],
  url: ['url', 'link', 'web', 'page', 'http', 'source', 'file', 'path'].map(stem),
  path: ['file', 'path', 'document', 'source', 'url'].map(stem),
  id: ['id', 'identifier', 'key', 'name'].map(stem),
};

/** Whether the schema's `type` is, or lists, `type`. */
function hasType(schema: JsonSchema, type: string): boolean {
  const declared = schema.type;
  return Array.isArray(declared) ? (declared as string[]).includes(type) : declared === type;
}

const enumCacheBySchema = new WeakMap<JsonSchema, string[]>();

/** The string values a parameter allows (its `enum`, or its `oneOf` alternatives), once per schema; read only. */
function enumValues(schema: JsonSchema): string[] {
  let values = enumCacheBySchema.get(schema);
  if (!values) {
    values = Array.isArray(schema.enum) ? schema.enum.filter((v): v is string => typeof v === 'string') : alternativesOf(schema).map((alt) => alt.value);
    enumCacheBySchema.set(schema, values);
  }
  return values;
}

// Patterns are module constants: a literal inside a function is a new object at every call.
const ONLY_SPACE = /^\s+$/;
const CHUNK = /[^\s"'“”‘’(),;:!?]+/g; // read with exec from lastIndex 0
const TRAILING_DOTS = /[.]+$/;
const LIST_SEPARATOR = /\s*,\s*|\s+and\s+/;
const SHORT_JOIN = /^[^\s]{1,2}$/;

/** Whether the span from `start` to `end` overlaps one that other arguments consumed. */
function overlaps(spans: ReadonlyArray<[number, number]>, start: number, end: number): boolean {
  for (const [s, e] of spans) if (start < e && s < end) return true;
  return false;
}

/** Whether `at` lies in one of the spans other arguments consumed. */
function inSpans(spans: ReadonlyArray<[number, number]>, at: number): boolean {
  for (const [start, end] of spans) if (at >= start && at < end) return true;
  return false;
}

const patternCache = new WeakMap<JsonSchema, RegExpLike | null>();

/** The parameter's `pattern` compiled once; null when it has none or it does not compile. */
function patternOf(schema: JsonSchema): RegExpLike | null {
  let pattern = patternCache.get(schema);
  if (pattern === undefined) {
    pattern = null;
    if (typeof schema.pattern === 'string') {
      try {
        new RegExp(schema.pattern, 'u'); // compiled, never run natively: one that is not ECMA-262 throws here
        // A server's pattern runs on the linear-time engine: a catastrophic one cannot hang the mock model.
        pattern = linearRegExp(schema.pattern, 'u');
      } catch {
        pattern = NEVER; // an unusable pattern matches nothing, so nothing is invented for it
      }
    }
    patternCache.set(schema, pattern);
  }
  return pattern;
}

/** True when the schema has no `pattern` or `value` matches it. */
function fitsPattern(schema: JsonSchema, value: string): boolean {
  const pattern = patternOf(schema);
  return pattern === null || pattern.test(value);
}

// Per-schema and per-tool derivations, cached: the same definitions serve thousands of cases.
const paramTermCache = new WeakMap<JsonSchema, Set<string>>();
const vocabularyCache = new WeakMap<ToolDefinition, Set<string>>();
const termCache = new Map<string, string[]>();

function cachedTerms(text: string): string[] {
  let out = termCache.get(text);
  if (!out) {
    out = terms(text);
    if (termCache.size < 10_000) termCache.set(text, out);
  }
  return out;
}

function paramTerms(name: string, schema: JsonSchema): Set<string> {
  let out = paramTermCache.get(schema);
  if (!out) {
    out = new Set(terms(`${name} ${typeof schema.description === 'string' ? schema.description : ''}`));
    paramTermCache.set(schema, out);
  }
  return out;
}

/** Context of a span: stems of up to four words before it and two after. */
function contextTerms(tokens: Token[], start: number, end: number): string[] {
  let before = 0; // the words wholly before the span
  for (const t of tokens) if (t.end <= start) before += 1;
  const out: string[] = [];
  let seen = 0;
  for (const t of tokens) if (t.end <= start && ++seen > before - 4 && t.term) out.push(t.term);
  let after = 0;
  for (const t of tokens) {
    if (t.start < end) continue;
    if (++after > 2) break;
    if (t.term) out.push(t.term);
  }
  return out;
}

interface State {
  query: string;
  tokens: Token[];
  queryTerms: Set<string>;
  args: Record<string, unknown>;
  /** Stems other arguments consumed, kept out of the salient remainder. */
  used: Set<string>;
  /** Character spans other arguments consumed. */
  spans: Array<[number, number]>;
  literals: Literal[];
}

interface EnumChoice {
  value: string;
  own: string[];
  /** The words that tell this value from its siblings (`newest` in `year_newest` vs `year_oldest`). */
  needed: string[];
}
const enumCache = new WeakMap<JsonSchema, EnumChoice[]>();

function enumChoices(schema: JsonSchema, values: string[]): EnumChoice[] {
  let choices = enumCache.get(schema);
  if (!choices) {
    choices = values.map((value) => {
      const own = terms(value);
      const shared = new Set(values.filter((other) => other !== value).flatMap((other) => terms(other)));
      const distinctive = own.filter((term) => !shared.has(term));
      return { value, own, needed: distinctive.length ? distinctive : own };
    });
    enumCache.set(schema, choices);
  }
  return choices;
}

/**
 * An enum value fills its parameter only when the request names it: its distinctive words appear,
 * and a short value (three characters or fewer: "off", "lt", "en") appears as a word of its own,
 * written as the value ("LTS" is not "lt"), within three words of the parameter's own words
 * ("safesearch off", "search language de"); "turn off the lights" sets no safesearch.
 */
function fillEnum(state: State, name: string, schema: JsonSchema, values: string[]): void {
  let best: { value: string; hits: number } | undefined;
  for (const { value, own, needed } of enumChoices(schema, values)) {
    if (!needed.length || !needed.every((term) => state.queryTerms.has(term))) continue;
    if (value.length <= 3 && !shortValueNamed(state, name, schema, value)) continue;
    const hits = own.filter((term) => state.queryTerms.has(term)).length;
    if (!best || hits > best.hits) best = { value, hits };
  }
  if (best) {
    state.args[name] = best.value;
    for (const term of terms(best.value)) state.used.add(term);
  }
}

function shortValueNamed(state: State, name: string, schema: JsonSchema, value: string): boolean {
  const words = new Set([...paramTerms(name, schema)].filter((term) => !terms(value).includes(term)));
  return state.tokens.some((token, i) => token.raw.toLowerCase() === value.toLowerCase() && nearestDistance(state.tokens, i, words) <= 3);
}

/**
 * A required string parameter named in the request takes the words just before its name: "the
 * Thesis notebook" gives notebook "Thesis", "my Coral Reef Review notebook" "Coral Reef Review".
 */
function fillNamed(state: State, entries: Array<[string, JsonSchema]>, required: Set<string>): void {
  for (const [name, schema] of entries) {
    if (!required.has(name) || name in state.args || !hasType(schema, 'string') || enumValues(schema).length) continue;
    const own = cachedTerms(name);
    if (!own.length || own.some((term) => FREE_TEXT.has(term))) continue;
    const at = state.tokens.findIndex((t) => t.term === own[own.length - 1]);
    if (at <= 0) continue;
    const words: Token[] = [];
    for (let i = at - 1; i >= 0 && words.length < 4; i--) {
      const t = state.tokens[i];
      if (!t.term || FILLER.has(t.term) || inSpans(state.spans, t.start) || !ONLY_SPACE.test(state.query.slice(t.end, (words[0] ?? state.tokens[at]).start))) break;
      words.unshift(t);
    }
    if (!words.length) continue;
    const value = state.query.slice(words[0].start, words[words.length - 1].end);
    if (!fitsPattern(schema, value)) continue;
    state.args[name] = value;
    state.spans.push([words[0].start, state.tokens[at].end]);
    for (const t of [...words, state.tokens[at]]) state.used.add(t.term);
  }
}

function fillPatterns(state: State, entries: Array<[string, JsonSchema]>): void {
  for (const [name, schema] of entries) {
    const pattern = patternOf(schema);
    if (pattern === null || !hasType(schema, 'string')) continue;
    CHUNK.lastIndex = 0;
    for (let match = CHUNK.exec(state.query); match !== null; match = CHUNK.exec(state.query)) {
      const chunk = match[0].replace(TRAILING_DOTS, '');
      const start = match.index;
      if (!pattern.test(chunk) || inSpans(state.spans, start)) continue;
      state.args[name] = chunk;
      state.spans.push([start, start + chunk.length]);
      state.used.add(stem(chunk.toLowerCase()));
      break;
    }
  }
}

function fillLiterals(state: State, entries: Array<[string, JsonSchema]>, required: Set<string>): void {
  const open = entries.filter(([name, schema]) => {
    if (name in state.args || enumValues(schema).length) return false;
    return hasType(schema, 'string') || (hasType(schema, 'array') && hasType((schema.items ?? {}) as JsonSchema, 'string'));
  });
  for (const literal of state.literals) {
    if (!open.length) return;
    if (overlaps(state.spans, literal.start, literal.end)) continue;
    const context = contextTerms(state.tokens, literal.start, literal.end);
    for (const hint of KIND_HINTS[literal.kind]) context.push(hint);
    let bestIndex = -1;
    let bestScore = -1;
    for (let index = 0; index < open.length; index++) {
      const [name, schema] = open[index];
      if (!fitsPattern(schema, literal.value)) continue;
      const words = paramTerms(name, schema);
      let score = required.has(name) ? 0.5 : 0;
      for (const term of context) if (words.has(term)) score += 1;
      if (score > bestScore) {
        bestIndex = index;
        bestScore = score;
      }
    }
    if (bestIndex < 0) continue;
    const [[name, schema]] = open.splice(bestIndex, 1);
    const isArray = hasType(schema, 'array');
    state.args[name] = isArray ? literal.value.split(LIST_SEPARATOR).filter(Boolean) : literal.value;
    state.spans.push([literal.start, literal.end]);
    for (const term of terms(literal.value)) state.used.add(term);
  }
}

function nearestDistance(tokens: Token[], index: number, words: Set<string>): number {
  let best = Infinity;
  for (let i = 0; i < tokens.length; i++) {
    const term = tokens[i].term;
    if (term && words.has(term) && !FILLER.has(term)) best = Math.min(best, Math.abs(i - index));
  }
  return best;
}

function fillNumbers(state: State, entries: Array<[string, JsonSchema]>): void {
  const numeric = entries.filter(([name, schema]) => !(name in state.args) && (hasType(schema, 'integer') || hasType(schema, 'number')));
  if (!numeric.length) return;
  const found = numbers(state.query, state.literals).filter((n) => !inSpans(state.spans, n.start));
  const taken = new Set<number>();
  for (const [name, schema] of numeric) {
    const words = paramTerms(name, schema);
    let best: { at: number; distance: number } | undefined;
    found.forEach((n, at) => {
      if (taken.has(at)) return;
      const index = state.tokens.findIndex((t) => t.start >= n.start);
      const distance = nearestDistance(state.tokens, index, words);
      if (distance <= 3 && (!best || distance < best.distance)) best = { at, distance };
    });
    if (!best && numeric.length === 1 && found.length === 1) {
      const { value } = found[0];
      const fits = (typeof schema.minimum !== 'number' || value >= schema.minimum) && (typeof schema.maximum !== 'number' || value <= schema.maximum);
      if (fits) best = { at: 0, distance: Infinity };
    }
    if (!best) continue;
    const n = found[best.at];
    taken.add(best.at);
    if (hasType(schema, 'integer') && !Number.isInteger(n.value)) continue;
    state.args[name] = n.value;
    state.spans.push([n.start, n.end]);
  }
}

function fillBooleans(state: State, entries: Array<[string, JsonSchema]>): void {
  for (const [name, schema] of entries) {
    if (name in state.args || !hasType(schema, 'boolean')) continue;
    const needed = cachedTerms(name).filter((term) => !BOOLEAN_GENERIC.has(term));
    if (!needed.length || !needed.every((term) => state.queryTerms.has(term))) continue;
    const at = state.tokens.findIndex((t) => t.term === needed[0]);
    const negated = state.tokens.slice(Math.max(0, at - 2), at).some((t) => NEGATIONS.has(t.raw.toLowerCase()));
    state.args[name] = !negated;
    for (const term of needed) state.used.add(term);
  }
}

/** Words of the tool's own vocabulary: a request word found there is the command, not the content. */
function vocabulary(tool: ToolDefinition): Set<string> {
  const cached = vocabularyCache.get(tool);
  if (cached) return cached;
  const description = (tool.description ?? '').replace(/(?<![\p{L}\p{N}])'[^'\n]+?'(?![\p{L}\p{N}])|"[^"\n]+?"/gu, ' ');
  const title = tool.title ?? tool.annotations?.title ?? '';
  const out = new Set(terms(`${tool.name} ${title} ${Object.keys(propertiesOf(tool)).join(' ')} ${description}`));
  vocabularyCache.set(tool, out);
  return out;
}

function fillRemainder(state: State, tool: ToolDefinition, entries: Array<[string, JsonSchema]>, required: Set<string>): void {
  // A parameter with a `format` (a date, an address) never takes loose words.
  const open = entries.filter(([name, schema]) => required.has(name) && !(name in state.args) && hasType(schema, 'string') && !enumValues(schema).length && typeof schema.format !== 'string');
  // Prefer the free-text slot (a question, query, title...) over identifiers; a list of strings last.
  const list = entries.find(([name, schema]) => required.has(name) && !(name in state.args) && isStringList(schema));
  const target = open.find(([name]) => cachedTerms(name).some((term) => FREE_TEXT.has(term))) ?? open[0] ?? list;
  if (!target) return;
  const vocab = vocabulary(tool);
  const kept = state.tokens.filter((t) => t.term && !FILLER.has(t.term) && !vocab.has(t.term) && !state.used.has(t.term) && !inSpans(state.spans, t.start));
  if (!kept.length) return;
  // Words written together in the request ("nb-001", "10.1126/x") stay together.
  let value = kept[0].raw;
  for (let i = 1; i < kept.length; i++) {
    const gap = state.query.slice(kept[i - 1].end, kept[i].start);
    value += SHORT_JOIN.test(gap) ? gap + kept[i].raw : ` ${kept[i].raw}`;
  }
  // A remainder that breaks the parameter's pattern would be an invented value; leave it out.
  if (isStringList(target[1])) {
    state.args[target[0]] = [value];
    return;
  }
  if (!fitsPattern(target[1], value)) return;
  state.args[target[0]] = value;
}

function isStringList(schema: JsonSchema): boolean {
  return hasType(schema, 'array') && hasType((schema.items ?? {}) as JsonSchema, 'string') && !hasType(schema, 'string');
}

const parameterCache = new WeakMap<ToolDefinition, { entries: Array<[string, JsonSchema]>; required: Set<string> }>();

/** The tool's parameters in schema order and its required names, once per tool: every fill reads them, none changes them. */
function parametersOf(tool: ToolDefinition): { entries: Array<[string, JsonSchema]>; required: Set<string> } {
  let parameters = parameterCache.get(tool);
  if (!parameters) {
    const entries = Object.entries(propertiesOf(tool));
    const required = new Set(Array.isArray(tool.inputSchema?.required) ? (tool.inputSchema.required as string[]) : []);
    parameterCache.set(tool, (parameters = { entries, required }));
  }
  return parameters;
}

/** The arguments the mock can infer for `tool` from `query`. */
export function inferArguments(
  query: string,
  tool: ToolDefinition,
  alternative?: Alternative,
  queryTerms: readonly string[] = terms(query),
): Record<string, unknown> {
  return inferCall(query, tool, alternative, queryTerms).args;
}

/**
 * The arguments the mock infers from `query`, then each required one still missing filled from
 * its schema (mock-schema-fill.ts), named in `invented`.
 */
export function inferCall(
  query: string,
  tool: ToolDefinition,
  alternative?: Alternative,
  queryTerms: readonly string[] = terms(query),
): { args: Record<string, unknown>; invented: string[] } {
  const { entries, required } = parametersOf(tool);
  const tokens = tokensWithOffsets(query);
  const state: State = { query, tokens, queryTerms: new Set(queryTerms), args: {}, used: new Set(), spans: [], literals: literals(query) };
  if (alternative) state.args[alternative.param] = alternative.value;
  for (const [name, schema] of entries) {
    const values = enumValues(schema);
    if (values.length && !(name in state.args)) fillEnum(state, name, schema, values);
  }
  fillPatterns(state, entries);
  fillLiterals(state, entries, required);
  fillNamed(state, entries, required);
  fillNumbers(state, entries);
  fillBooleans(state, entries);
  fillRemainder(state, tool, entries, required);
  const invented = fillRequiredFromSchema(state.args, entries, required, fitsPattern);
  // Schema order, so the JSON reads like a model's.
  const ordered: Record<string, unknown> = {};
  for (const [name] of entries) if (name in state.args) ordered[name] = state.args[name];
  return { args: ordered, invented };
}
