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
  const objectStems = [...nameUse].filter(([, n]) => tools.length < 4 || n <= tools.length / 2).map(([w]) => w);
  const objectCache = new Map<string, boolean>();
  const isObjectWord = (term: string): boolean => {
    let known = objectCache.get(term);
    if (known === undefined) objectCache.set(term, (known = objectStems.some((w) => term === w || (w.length >= 3 && term.startsWith(w)))));
    return known;
  };
  const sq = vectors.map((v) => [...v.values()].reduce((sum, w) => sum + w * w, 0));
  const postings = new Map<string, Array<[number, number]>>();
  vectors.forEach((vector, i) => {
    for (const [term, weight] of vector) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push([i, weight]);
    }
  });
  const pairs: SimilarPair[] = [];
  const dot = new Float64Array(tools.length);
  const touched: number[] = [];
  for (let i = 0; i < tools.length; i++) {
    if (sq[i] === 0) continue;
    for (const [term, weight] of vectors[i]) {
      for (const [j, other] of postings.get(term)!) {
        if (j <= i) continue;
        if (dot[j] === 0) touched.push(j);
        dot[j] += weight * other;
      }
    }
    for (const j of touched) {
      const similarity = sameOperation(ops[i], ops[j]) && !differentObjects(i, j) ? withoutVerbs(i, j) : 0;
      if (similarity >= minSimilarity && similarity > 0) pairs.push({ a: names[i], b: names[j], similarity });
      dot[j] = 0;
    }
    touched.length = 0;
  }
  return pairs.sort((x, y) => y.similarity - x.similarity);

  /**
   * The two descriptions name different objects: each counts a word of the set's tool names the
   * other lacks (or has fewer of). get_secret_scanning_alert's "secret" against
   * get_code_scanning_alert's "code"; "for a GitHub repository" against "for a GitHub organization"
   * beside list_org_...; the same act on different things is not an overlap. One description adding
   * to the other (list_directory_with_sizes: "including sizes") still is: only one side has more.
   */
  function differentObjects(i: number, j: number): boolean {
    return hasMoreObjects(i, j) && hasMoreObjects(j, i);
  }

  function hasMoreObjects(i: number, j: number): boolean {
    for (const [term, count] of counts[i]) {
      if (term === verbStems[i] || term === verbStems[j] || !isObjectWord(term)) continue;
      if (count > (counts[j].get(term) ?? 0)) return true;
    }
    return false;
  }

  /** Cosine of tools i and j with the pair's operation verbs left out of both. */
  function withoutVerbs(i: number, j: number): number {
    let d = dot[j];
    let ni = sq[i];
    let nj = sq[j];
    for (const s of new Set([verbStems[i], verbStems[j]])) {
      if (s === undefined) continue;
      const wi = vectors[i].get(s) ?? 0;
      const wj = vectors[j].get(s) ?? 0;
      d -= wi * wj;
      ni -= wi * wi;
      nj -= wj * wj;
    }
    return ni <= 1e-12 || nj <= 1e-12 ? 0 : d / Math.sqrt(ni * nj);
  }
}

/** Tools of different operations (reading vs creating, create vs delete) are not alternatives to each other. */
function sameOperation(a: Operation, b: Operation): boolean {
  return a.kind === undefined || b.kind === undefined || a.kind === b.kind;
}
