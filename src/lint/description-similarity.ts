/**
 * Overlap of tool descriptions within one set: what two tools do, compared. Each description is
 * reduced to the part that says what the tool does (the set's tool names, "Do NOT use for ..."
 * sentences and quoted examples removed), weighed as TF-IDF of Porter-stemmed content words with
 * IDF ln((N + 1) / df) inside the set, so a word every description carries ("Notion", "Error
 * Responses: 400: Bad request", "Only works within allowed directories") weighs next to nothing and a
 * rare word weighs most. Two tools overlap only when they do the same kind of thing: their operations
 * (the verb the description opens with, else the name's) fall in one class (get/retrieve/describe,
 * list/search/find, create/add, update/edit/patch, delete/remove, or the same verb), and the words
 * beyond those verbs agree: "Retrieve a data source" and "Update a data source" act differently on
 * one object and are not reported; "Get or list Kubernetes resources by type, name and namespace"
 * and "Describe Kubernetes resources by type, name and namespace" are.
 */
import { stem, terms } from '../models/text/tokenize.ts';
import { nameWords } from './tool-rule-kit.ts';
import { TOOL_VERBS, verbBase } from './tool-verbs.ts';
import type { ToolDefinition } from '../types.ts';

export type TermVector = Map<string, number>;

const NAME_RUN = /[\w-]+(?:\.[\w-]+)*/g;

/**
 * The set's tool names removed from a text: each word-like run (letters, digits, `_`, `-`, dotted
 * parts) that is a name of the set. One pass over the text with a set lookup, so a set of thousands of
 * tools costs what the text costs.
 */
function withoutNames(text: string, names: ReadonlySet<string>): string {
  return text.replace(NAME_RUN, (run) => {
    if (names.has(run)) return ' ';
    if (!run.includes('.')) return run;
    return run
      .split('.')
      .map((part) => (names.has(part) ? ' ' : part))
      .join('.');
  });
}

/** The part of a description that says what the tool does. */
export function coreText(description: string, toolNames: readonly string[] | ReadonlySet<string>): string {
  const names = toolNames instanceof Set ? toolNames : new Set(toolNames);
  return withoutNames(description, names)
    .replace(/\b(do not|don't|never)\s+(use|call)\b[^.]*\.?/gi, ' ')
    .replace(/(?<!\w)['"“‘][^'"“”‘’\n]*['"”’](?!\w)/g, ' ');
}

export function cosine(a: TermVector, b: TermVector): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [term, weight] of a) {
    na += weight * weight;
    dot += weight * (b.get(term) ?? 0);
  }
  for (const weight of b.values()) nb += weight * weight;
  return na === 0 || nb === 0 ? 0 : dot / Math.sqrt(na * nb);
}

const CLASSES: Record<string, string[]> = {
  'read one': ['get', 'retrieve', 'read', 'fetch', 'describe', 'show', 'view', 'inspect', 'open', 'load', 'download', 'lookup', 'look', 'peek'],
  'read many': ['list', 'search', 'find', 'query', 'browse', 'scan', 'explore', 'discover', 'filter'],
  create: ['create', 'add', 'insert', 'new', 'make', 'post', 'upload', 'register', 'put'],
  update: ['update', 'edit', 'modify', 'change', 'patch', 'set', 'replace', 'rename'],
  delete: ['delete', 'remove', 'drop', 'purge', 'clear', 'destroy', 'erase'],
};
const CLASS_OF = new Map(Object.entries(CLASSES).flatMap(([kind, verbs]) => verbs.map((v) => [v, kind] as const)));

export interface Operation {
  /** The verb, base form; undefined when neither the description nor the name has one. */
  verb?: string;
  /** Its class ("read one", "create", ...) or the verb itself. */
  kind?: string;
}

/** What a tool does: the verb among the description's first three words ("Notion | Create a page"), else the name's first verb. */
export function operationOf(tool: ToolDefinition): Operation {
  const opening = (tool.description ?? '').match(/[A-Za-z]+/g)?.slice(0, 3) ?? [];
  const verb = opening.map((w) => verbBase(w)).find((v) => v !== undefined) ?? nameWords(tool.name).find((w) => TOOL_VERBS.has(w));
  return verb ? { verb, kind: CLASS_OF.get(verb) ?? verb } : {};
}

export interface SimilarPair {
  a: string;
  b: string;
  similarity: number;
}

/**
 * Pairs of tools that overlap in what they do, most similar first: every pair of one operation
 * class, or with `minSimilarity` only those at or above it. Dot products are summed through an
 * inverted index (term to the tools that use it), so pairs that share no term cost nothing; the
 * operation verbs of the pair are then taken out of both vectors, so a shared "Get" or "Create"
 * does not make two tools alike.
 */
export function descriptionSimilarities(tools: readonly ToolDefinition[], minSimilarity = -1): SimilarPair[] {
  const names = tools.map((t) => t.name);
  const nameSet = new Set(names);
  const docs = tools.map((t) => terms(coreText(t.description ?? '', nameSet)));
  const ops = tools.map((t) => operationOf(t));
  const verbStems = ops.map((op) => (op.verb ? stem(op.verb) : undefined));
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of new Set(doc)) df.set(term, (df.get(term) ?? 0) + 1);
  const vectors = docs.map((doc) => {
    const vector: TermVector = new Map();
    for (const term of doc) vector.set(term, (vector.get(term) ?? 0) + Math.log((docs.length + 1) / df.get(term)!));
    return vector;
  });
  const counts = docs.map((doc) => {
    const count = new Map<string, number>();
    for (const term of doc) count.set(term, (count.get(term) ?? 0) + 1);
    return count;
  });
  // Object words: the words tool names use ("issue", "team", "org"), less verbs and the prefix most names share.
  const nameUse = new Map<string, number>();
  for (const t of tools) for (const w of new Set(nameWords(t.name))) if (!TOOL_VERBS.has(w) && w.length >= 2) nameUse.set(stem(w), (nameUse.get(stem(w)) ?? 0) + 1);
  const objectStems = new Set([...nameUse].filter(([, n]) => tools.length < 4 || n <= tools.length / 2).map(([w]) => w));
  const objectCache = new Map<string, boolean>();
  // An object word is one of those stems, or starts with one of 3+ characters: looked up by the term's
  // prefixes rather than by a scan of the stems (a set of thousands of numbered names has as many).
  const isObjectWord = (term: string): boolean => {
    let known = objectCache.get(term);
    if (known === undefined) {
      known = objectStems.has(term);
      for (let end = 3; !known && end < term.length; end++) known = objectStems.has(term.slice(0, end));
      objectCache.set(term, known);
    }
    return known;
  };
  // Each tool's object words with their counts, in the order of its text, found once rather than per pair.
  const objectTerms = counts.map((count) => [...count.keys()].filter(isObjectWord));
  const objectCounts = counts.map((count, i) => objectTerms[i].map((term) => count.get(term)!));
  const sq = vectors.map((v) => [...v.values()].reduce((sum, w) => sum + w * w, 0));
  // Only tools of one operation are compared (reading and creating are not alternatives), so the inverted index is kept per
  // operation kind: a tool reads its own kind's lists and those of tools without a kind (every kind's
  // when it has none). On 2,000 tools of fifteen verbs most pairs share a common word ("records",
  // "system") and a single index walked every one of them. Each list holds its tools in ascending
  // order; a tool reads only the part after itself.
  const kindOf = ops.map((op) => op.kind ?? ANY_KIND);
  const byKind = new Map<string, Map<string, Posting>>();
  vectors.forEach((vector, i) => {
    let index = byKind.get(kindOf[i]);
    if (!index) byKind.set(kindOf[i], (index = new Map()));
    for (const [term, weight] of vector) {
      let list = index.get(term);
      if (!list) index.set(term, (list = { tools: [], weights: [] }));
      list.tools.push(i);
      list.weights.push(weight);
    }
  });
  const allIndexes = [...byKind.values()];
  const corpus: Corpus = {
    vectors,
    sq,
    verbStems,
    ownVerb: vectors.map((v, i) => (verbStems[i] === undefined ? 0 : (v.get(verbStems[i]!) ?? 0))),
    objectTerms,
    objectCounts,
    counts,
    dot: new Float64Array(tools.length),
  };
  const pairs: SimilarPair[] = [];
  // The tools a row touched; a typed array sorts numerically without a comparator call per step.
  const touched = new Int32Array(tools.length);
  const rowWeights: number[] = [];
  const rowLists: Posting[] = [];
  for (let i = 0; i < tools.length; i++) {
    if (sq[i] === 0) continue;
    const indexes = kindOf[i] === ANY_KIND ? allIndexes : [byKind.get(kindOf[i])!, ...(byKind.has(ANY_KIND) ? [byKind.get(ANY_KIND)!] : [])];
    // For one pair the products are added term by term in tool i's order, as with one index: the same sums.
    rowWeights.length = 0;
    rowLists.length = 0;
    for (const [term, weight] of vectors[i]) {
      for (const index of indexes) {
        const list = index.get(term);
        if (!list) continue;
        rowWeights.push(weight);
        rowLists.push(list);
      }
    }
    const count = addRow(i, rowWeights, rowLists, corpus.dot, touched);
    // Ascending, so pairs of equal similarity come out in tool order whatever the index's layout.
    scoreRow(i, touched.subarray(0, count).sort(), corpus, minSimilarity, names, pairs);
  }
  return pairs.sort((x, y) => y.similarity - x.similarity);
}

/** What the pair tests read, by tool index; `dot` holds the current row's dot products. */
interface Corpus {
  vectors: TermVector[];
  /** Squared norms. */
  sq: number[];
  verbStems: Array<string | undefined>;
  /** Each tool's weight of its own operation verb (0 without one). */
  ownVerb: number[];
  objectTerms: string[][];
  objectCounts: number[][];
  counts: Array<Map<string, number>>;
  dot: Float64Array;
}

/**
 * The pairs of row i at or above `minSimilarity`, in the order of `row` (ascending), clearing each
 * one's dot product. Both tests are pure; the cheap cosine goes first, so the object-word test runs
 * only for pairs above the line.
 */
function scoreRow(i: number, row: Int32Array, corpus: Corpus, minSimilarity: number, names: readonly string[], pairs: SimilarPair[]): void {
  for (let k = 0; k < row.length; k++) {
    const j = row[k];
    const similarity = withoutVerbs(corpus, i, j);
    if (similarity >= minSimilarity && similarity > 0 && !differentObjects(corpus, i, j)) pairs.push({ a: names[i], b: names[j], similarity });
    corpus.dot[j] = 0;
  }
}

/**
 * The two descriptions name different objects: each counts a word of the set's tool names the
 * other lacks (or has fewer of). get_secret_scanning_alert's "secret" against
 * get_code_scanning_alert's "code"; "for a GitHub repository" against "for a GitHub organization"
 * beside list_org_...; the same act on different things is not an overlap. One description adding
 * to the other (list_directory_with_sizes: "including sizes") still is: only one side has more.
 */
function differentObjects(corpus: Corpus, i: number, j: number): boolean {
  return hasMoreObjects(corpus, i, j) && hasMoreObjects(corpus, j, i);
}

function hasMoreObjects({ objectTerms, objectCounts, verbStems, counts }: Corpus, i: number, j: number): boolean {
  const terms = objectTerms[i];
  for (let k = 0; k < terms.length; k++) {
    const term = terms[k];
    if (term === verbStems[i] || term === verbStems[j]) continue;
    if (objectCounts[i][k] > (counts[j].get(term) ?? 0)) return true;
  }
  return false;
}

/** Cosine of tools i and j with the pair's operation verbs left out of both (each verb once). */
function withoutVerbs({ vectors, sq, verbStems, ownVerb, dot }: Corpus, i: number, j: number): number {
  const first = verbStems[i];
  const same = verbStems[j] === first;
  let d = dot[j];
  let ni = sq[i];
  let nj = sq[j];
  if (first !== undefined) {
    const wi = ownVerb[i];
    const wj = same ? ownVerb[j] : (vectors[j].get(first) ?? 0);
    d -= wi * wj;
    ni -= wi * wi;
    nj -= wj * wj;
  }
  if (!same && verbStems[j] !== undefined) {
    const wi = vectors[i].get(verbStems[j]!) ?? 0;
    const wj = ownVerb[j];
    d -= wi * wj;
    ni -= wi * wi;
    nj -= wj * wj;
  }
  return ni <= 1e-12 || nj <= 1e-12 ? 0 : d / Math.sqrt(ni * nj);
}

/** Tools without an operation verb: compared with every tool (tools of different operations, reading vs creating, are not alternatives to each other). */
const ANY_KIND = '';

/** One term's tools, ascending, with the term's weight in each. */
interface Posting {
  tools: number[];
  weights: number[];
}

/**
 * Adds row i's products into `dot` for every later tool of each posting, term by term in the row's
 * order, and lists each tool it touches first in `touched`; returns how many. A function of its own,
 * small and called once per tool, so it is optimised early (the loop runs about a million times on
 * 2,000 tools).
 */
function addRow(i: number, rowWeights: readonly number[], rowLists: readonly Posting[], dot: Float64Array, touched: Int32Array): number {
  let count = 0;
  for (let t = 0; t < rowLists.length; t++) {
    const weight = rowWeights[t];
    const { tools: ids, weights } = rowLists[t];
    for (let k = firstAfter(ids, i); k < ids.length; k++) {
      const j = ids[k];
      if (dot[j] === 0) touched[count++] = j;
      dot[j] += weight * weights[k];
    }
  }
  return count;
}

/** The first place in an ascending list holding a value above `i`. */
function firstAfter(ids: readonly number[], i: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid] <= i) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
