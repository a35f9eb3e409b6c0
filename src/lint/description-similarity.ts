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
import { STOP_WORDS, stem, words } from '../models/text/tokenize.ts';
import { nameWords } from './tool-rule-kit.ts';
import { TOOL_VERBS, verbBase } from './tool-verbs.ts';
import { ANY_KIND, NO_TERM, addRow, scoreRow, vectorOf, weightOf, type Corpus, type Posting, type SimilarPair } from './similar-pairs.ts';
import type { ToolDefinition } from '../types.ts';

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
  const verb = openingVerb(tool.description ?? '') ?? nameWords(tool.name).find((w) => TOOL_VERBS.has(w));
  return verb ? { verb, kind: CLASS_OF.get(verb) ?? verb } : {};
}

const LETTERS = /[A-Za-z]+/g;

/** The first verb among a text's first three words: read word by word, not the whole text split. */
function openingVerb(text: string): string | undefined {
  LETTERS.lastIndex = 0;
  for (let n = 0; n < 3; n++) {
    const word = LETTERS.exec(text);
    if (word === null) return undefined;
    const verb = verbBase(word[0]);
    if (verb !== undefined) return verb;
  }
  return undefined;
}

export type { SimilarPair };

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
  // Each term gets an integer id once per call; vectors are arrays of ids in the order of their text
  // (the order the sums below run in, so every figure is the one a map keyed by term gives).
  const ids = new Map<string, number>();
  const termOf: string[] = [];
  const idOf = (term: string): number => {
    let id = ids.get(term);
    if (id === undefined) ids.set(term, (id = termOf.push(term) - 1));
    return id;
  };
  // Each word's term id (-1 for a stop word) found once: terms() per word, without its stop-word and stem look-ups.
  const wordIds = new Map<string, number>();
  const docs = tools.map((t) => {
    const doc: number[] = [];
    for (const word of words(coreText(t.description ?? '', nameSet))) {
      let id = wordIds.get(word);
      if (id === undefined) wordIds.set(word, (id = STOP_WORDS.has(word) ? NO_TERM : idOf(stem(word))));
      if (id !== NO_TERM) doc.push(id);
    }
    return doc;
  });
  const ops = tools.map((t) => operationOf(t));
  const verbStems = ops.map((op) => (op.verb ? idOf(stem(op.verb)) : NO_TERM));
  const slotAt = new Int32Array(termOf.length).fill(-1);
  const vectors = docs.map((doc) => vectorOf(doc, slotAt));
  const df = new Int32Array(termOf.length);
  for (const v of vectors) for (let k = 0; k < v.ids.length; k++) df[v.ids[k]]++;
  const idf = Array.from(df, (n) => Math.log((docs.length + 1) / n));
  for (let i = 0; i < docs.length; i++) {
    const { weights, slots } = vectors[i];
    for (let k = 0; k < docs[i].length; k++) weights[slots[k]] += idf[docs[i][k]];
  }
  // Object words: the words tool names use ("issue", "team", "org"), less verbs and the prefix most names share.
  const nameUse = new Map<string, number>();
  for (const t of tools) for (const w of new Set(nameWords(t.name))) if (!TOOL_VERBS.has(w) && w.length >= 2) nameUse.set(stem(w), (nameUse.get(stem(w)) ?? 0) + 1);
  const objectStems = new Set([...nameUse].filter(([, n]) => tools.length < 4 || n <= tools.length / 2).map(([w]) => w));
  // An object word is one of those stems, or starts with one of 3+ characters: looked up by the term's
  // prefixes rather than by a scan of the stems (a set of thousands of numbered names has as many).
  const isObjectWord = (term: string): boolean => {
    let known = objectStems.has(term);
    for (let end = 3; !known && end < term.length; end++) known = objectStems.has(term.slice(0, end));
    return known;
  };
  const objectWord = termOf.map(isObjectWord);
  const sq = vectors.map((v) => v.weights.reduce((sum, w) => sum + w * w, 0));
  // Only tools of one operation are compared (reading and creating are not alternatives), so the inverted index is kept per
  // operation kind: a tool reads its own kind's lists and those of tools without a kind (every kind's
  // when it has none). On 2,000 tools of fifteen verbs most pairs share a common word ("records",
  // "system") and a single index walked every one of them. Each list holds its tools in ascending
  // order; a tool reads only the part after itself.
  const kindOf = ops.map((op) => op.kind ?? ANY_KIND);
  const lists = new Map<string, Array<{ tools: number[]; weights: number[] } | undefined>>();
  vectors.forEach((vector, i) => {
    let index = lists.get(kindOf[i]);
    if (!index) lists.set(kindOf[i], (index = []));
    for (let k = 0; k < vector.ids.length; k++) {
      const term = vector.ids[k];
      let list = index[term];
      if (!list) index[term] = list = { tools: [], weights: [] };
      list.tools.push(i);
      list.weights.push(vector.weights[k]);
    }
  });
  // Typed arrays for the scan: the same numbers, read without a check of each element's kind.
  const byKind = new Map([...lists].map(([kind, index]) => [kind, index.map((l) => l && { tools: Int32Array.from(l.tools), weights: Float64Array.from(l.weights) })]));
  const allIndexes = [...byKind.values()];
  const ownVerb = Float64Array.from(vectors, (v, i) => weightOf(v, verbStems[i]));
  const corpus: Corpus = {
    vectors,
    sq,
    verbStems: Int32Array.from(verbStems),
    ownVerb,
    restSq: Float64Array.from(sq, (n, i) => n - ownVerb[i] * ownVerb[i]),
    // Each tool's object words with their counts, in the order of its text, found once rather than per pair.
    objectTerms: vectors.map((v) => v.ids.filter((term) => objectWord[term])),
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
    const { ids: row, weights } = vectors[i];
    for (let k = 0; k < row.length; k++) {
      for (const index of indexes) {
        const list = index[row[k]];
        if (!list) continue;
        rowWeights.push(weights[k]);
        rowLists.push(list);
      }
    }
    const count = addRow(i, rowWeights, rowLists, corpus.dot, touched);
    // Ascending, so pairs of equal similarity come out in tool order whatever the index's layout.
    scoreRow(i, touched.subarray(0, count).sort(), corpus, minSimilarity, names, pairs);
  }
  return pairs.sort((x, y) => y.similarity - x.similarity);
}
