/**
 * The mock model's view of a tool set: one scoring candidate per tool, or one per alternative when a
 * parameter lists `oneOf: [{const, description}]` (how a "load a skill" tool offers its skills).
 * Each candidate is a BM25F document; the index is built once per tool set and cached.
 *
 * Field weights (why): the name and title are short and chosen with care, so a hit there says most;
 * the description's positive part is the main text; parameter names hint at what a request mentions;
 * parameter and enum descriptions are long and generic, so they count least. An alternative's own
 * name and description decide between alternatives of one tool, so they weigh like a tool's.
 * Words only inside a "Do NOT use for ..." clause form the `negative` field, scored as a penalty.
 */
import { Bm25Index, type FieldSpec } from './text/bm25.ts';
import { splitDescription } from './text/clauses.ts';
import { terms } from './text/tokenize.ts';
import type { JsonSchema, ToolDefinition } from '../types.ts';
import { cachedIndex, MIN_CACHED_TOOLS, saveIndex } from './mock-index-cache.ts';
import { termPosting, type TermPosting } from './mock-posting.ts';

export const FIELD_WEIGHTS: Readonly<Record<string, number>> = {
  name: 3,
  title: 2,
  description: 1,
  paramNames: 1,
  paramText: 0.5,
  altName: 3,
  altDescription: 1.5,
};
const NEGATIVE_WEIGHT = 1.5;

const POSITIVE_FIELDS: FieldSpec[] = Object.entries(FIELD_WEIGHTS).map(([name, weight]) => ({ name, weight }));
const ALL_FIELDS: FieldSpec[] = [...POSITIVE_FIELDS, { name: 'negative', weight: NEGATIVE_WEIGHT }];
/** The fields that vote for a candidate, and the one that votes against it. */
export const POSITIVE_NAMES: ReadonlySet<string> = new Set(Object.keys(FIELD_WEIGHTS));
export const NEGATIVE_NAMES: ReadonlySet<string> = new Set(['negative']);

/** An enum alternative with its own description, scored as a candidate of its own. */
export interface Alternative {
  param: string;
  value: string;
}

/** A scoring candidate: a tool, or one `oneOf` alternative of one of its parameters. */
export interface Candidate {
  tool: ToolDefinition;
  alternative?: Alternative;
}

export interface ToolIndex {
  tools: readonly ToolDefinition[];
  /** The first tool of each name. */
  byName: ReadonlyMap<string, ToolDefinition>;
  candidates: Candidate[];
  /** A term's votes (mock-posting.ts), worked out or read from the index cache when first asked for, then kept. */
  posting(term: string): TermPosting;
  /** The candidates' BM25 index; built on first use when the index came from the cache (only the postings need it). */
  readonly bm25: Bm25Index;
  /** Characters of the tool definitions as JSON, for prompt token estimates. */
  definitionChars: number;
}

type Properties = Record<string, JsonSchema>;

export function propertiesOf(tool: ToolDefinition): Properties {
  const properties = tool.inputSchema?.properties;
  return properties && typeof properties === 'object' ? (properties as Properties) : {};
}

/** `oneOf`/`anyOf` of `{const, description}` entries on a parameter, if it has them. */
export function alternativesOf(schema: JsonSchema): Array<{ value: string; description: string }> {
  const list = (schema.oneOf ?? schema.anyOf) as unknown;
  if (!Array.isArray(list)) return [];
  const out: Array<{ value: string; description: string }> = [];
  for (const entry of list) {
    if (entry && typeof entry === 'object' && typeof (entry as JsonSchema).const === 'string') {
      const { const: value, description, title } = entry as { const: string; description?: unknown; title?: unknown };
      out.push({ value, description: [title, description].filter((part) => typeof part === 'string').join(' ') });
    }
  }
  return out;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/**
 * Removes the names of the other tools in the set: "as returned by search_items" or "(use get_item)"
 * points at a sibling and says nothing about this tool; the sibling's own name field carries them.
 * A name counts where it stands alone (no word character or hyphen on either side). Built once per
 * tool set around a set of names, so the cost grows with the text, not with the number of tools.
 */
type SiblingRemover = (own: string, value: string) => string;

const NAME_LIKE = /^[\w-]+(?:\.[\w-]+)*$/;
const TOKEN = /[\w-]+(?:\.[\w-]+)*/g;

function siblingRemover(tools: readonly ToolDefinition[]): SiblingRemover {
  const plain = new Set<string>();
  const odd: string[] = [];
  for (const { name } of tools) {
    if (name.length === 0) continue;
    if (NAME_LIKE.test(name)) plain.add(name);
    else odd.push(name);
  }
  // Names with other characters (rare) go through one pattern for the whole set.
  const oddPattern = odd.length
    ? new RegExp(`(?<![\\w-])(?:${odd.sort((a, b) => b.length - a.length).map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w-])`, 'g')
    : undefined;
  // Whether a token is, or (dotted) holds, a name of the set: only then can a text change. A dotted
  // run ("e.g", "v1.2.3") is looked at in spans of at most as many segments as the set's names have.
  let segments = 1;
  for (const name of plain) segments = Math.max(segments, name.split('.').length);
  const holdsName = (token: string): boolean => {
    if (plain.has(token)) return true;
    if (!token.includes('.')) return false;
    const parts = token.split('.');
    for (let i = 0; i < parts.length; i++) {
      if (plain.has(parts[i])) return true;
      for (let j = i + 2; j <= Math.min(parts.length, i + segments); j++) if (plain.has(parts.slice(i, j).join('.'))) return true;
    }
    return false;
  };
  return (own, value) => {
    // Most texts name no tool: found with one match and a loop, without a callback per word.
    const tokens = value.match(TOKEN);
    if (!tokens?.some(holdsName) && !(oddPattern && value.search(oddPattern) >= 0)) return value;
    let out = value.replace(TOKEN, (token) => {
      if (token !== own && plain.has(token)) return ' ';
      if (!token.includes('.')) return token;
      // A dotted run: the longest sibling name starting at each segment, as the alternation did.
      const parts = token.split('.');
      const kept: string[] = [];
      for (let i = 0; i < parts.length; ) {
        let j = parts.length;
        while (j > i && !(plain.has(parts.slice(i, j).join('.')) && parts.slice(i, j).join('.') !== own)) j -= 1;
        if (j > i) {
          kept.push(' ');
          i = j;
        } else {
          kept.push(parts[i]);
          i += 1;
        }
      }
      return kept.join('.');
    });
    if (oddPattern) out = out.replace(oddPattern, (m) => (m === own ? m : ' '));
    return out;
  };
}

type Terms = (text: string) => string[];

/** terms(), once per distinct text of one build: the arrays are shared, and only read. */
function termsOnce(): Terms {
  const cache = new Map<string, string[]>();
  return (value) => {
    let out = cache.get(value);
    if (!out) cache.set(value, (out = terms(value)));
    return out;
  };
}

function toolFields(tool: ToolDefinition, removeSiblings: SiblingRemover, termsOf: Terms): Record<string, string[]> {
  const withoutSiblings = (value: string): string => removeSiblings(tool.name, value);
  const { positive, negative } = splitDescription(withoutSiblings(text(tool.description)));
  const properties = propertiesOf(tool);
  const paramText: string[] = [];
  for (const schema of Object.values(properties)) {
    paramText.push(withoutSiblings(text(schema.description)));
    if (Array.isArray(schema.enum)) paramText.push(schema.enum.filter((v) => typeof v === 'string').join(' '));
  }
  return {
    name: termsOf(tool.name),
    title: termsOf(text(tool.title) || text(tool.annotations?.title)),
    description: termsOf(positive),
    paramNames: termsOf(Object.keys(properties).join(' ')),
    paramText: termsOf(paramText.join(' ')),
    negative: termsOf(negative),
  };
}

type Document = { tool: ToolDefinition; alternative?: Alternative; fields: Record<string, string[]> };

function makeDocuments(tools: readonly ToolDefinition[]): Document[] {
  const documents: Document[] = [];
  const removeSiblings = siblingRemover(tools);
  const termsOf = termsOnce();
  for (const tool of tools) {
    const base = toolFields(tool, removeSiblings, termsOf);
    const expandable = Object.entries(propertiesOf(tool)).find(([, schema]) => alternativesOf(schema).length > 0);
    if (!expandable) {
      documents.push({ tool, fields: base });
      continue;
    }
    const [param, schema] = expandable;
    for (const alt of alternativesOf(schema)) {
      const { positive, negative } = splitDescription(alt.description);
      documents.push({
        tool,
        alternative: { param, value: alt.value },
        fields: {
          ...base,
          altName: termsOf(alt.value),
          altDescription: termsOf(positive),
          negative: [...base.negative, ...termsOf(negative)],
        },
      });
    }
  }
  return documents;
}

function buildIndex(tools: readonly ToolDefinition[], toolsJson: string): ToolIndex {
  const byName = new Map<string, ToolDefinition>();
  for (const tool of tools) if (!byName.has(tool.name)) byName.set(tool.name, tool);
  // A large list an earlier run indexed (mock-index-cache.ts): its candidates and its terms' postings are
  // read back, and no document is made unless a posting has to be worked out after all.
  const cached = cachedIndex(toolsJson, tools.length);
  let documents: Document[] | undefined;
  let bm25: Bm25Index | undefined;
  // Each term's weighted frequencies and BM25 contributions are worked out when a request first
  // holds it: a set of thousands of tools is indexed once, and most terms are never asked for.
  const bm25Of = (): Bm25Index => (bm25 ??= new Bm25Index(ALL_FIELDS, (documents ??= makeDocuments(tools))));
  let candidates: Candidate[];
  if (cached) {
    candidates = cached.candidates.map((c): Candidate => (c.alternative ? { tool: tools[c.tool], alternative: c.alternative } : { tool: tools[c.tool] }));
  } else {
    documents = makeDocuments(tools);
    candidates = documents.map((doc): Candidate => (doc.alternative ? { tool: doc.tool, alternative: doc.alternative } : { tool: doc.tool }));
    if (tools.length >= MIN_CACHED_TOOLS) {
      const position = new Map(tools.map((tool, i) => [tool, i]));
      const index = bm25Of();
      saveIndex(toolsJson, tools.length, candidates.map((c) => ({ tool: position.get(c.tool)!, ...(c.alternative ? { alternative: c.alternative } : {}) })), index.vocabulary(), (term) => termPosting(index, term, POSITIVE_NAMES));
    }
  }
  const postings = new Map<string, TermPosting>();
  return {
    tools,
    byName,
    candidates,
    get bm25() {
      return bm25Of();
    },
    posting(term) {
      let posting = postings.get(term);
      if (!posting) postings.set(term, (posting = cached?.posting(term) ?? termPosting(bm25Of(), term, POSITIVE_NAMES)));
      return posting;
    },
    definitionChars: toolsJson.length,
  };
}

const byIdentity = new WeakMap<readonly ToolDefinition[], ToolIndex>();
const byContent = new Map<string, ToolIndex>();
const CONTENT_CACHE_SIZE = 32;

/**
 * The index for a tool set: cached by array identity (the runner reuses one array for every case),
 * then by content (an HTTP front end parses a fresh array per request).
 */
export function indexTools(tools: readonly ToolDefinition[]): ToolIndex {
  const cached = byIdentity.get(tools);
  if (cached) return cached;
  const key = JSON.stringify(tools);
  let index = byContent.get(key);
  if (!index) {
    index = buildIndex(tools, key); // the key is the tools' JSON: no second serialisation
    if (byContent.size >= CONTENT_CACHE_SIZE) byContent.delete(byContent.keys().next().value as string);
    byContent.set(key, index);
  }
  byIdentity.set(tools, index);
  return index;
}
