/**
 * Lexical similarity of tool descriptions within one set: cosine over TF-IDF weights of Porter-stemmed
 * content words (the mock model's tokeniser). Before weighing, the set's tool names, "Do NOT use
 * for ..." sentences and quoted example phrases are removed, since the conventions ask for those
 * on purpose and they name each other's domain. IDF is computed within the set and smoothed
 * (ln(1 + N/df)), so shared boilerplate ("Call when the user ...") counts for little.
 */
import { terms } from '../models/text/tokenize.ts';
import type { ToolDefinition } from '../types.ts';

export type TermVector = Map<string, number>;

const NAME_RUN = /[\w-]+(?:\.[\w-]+)*/g;

/**
 * The set's tool names removed from a text: each word-like run (letters, digits, `_`, `-`, dotted
 * parts) that is a name of the set. One pass over the text with a set lookup, so a set of thousands of
 * tools costs what the text costs (the per-name split of every text was quadratic in the tool count).
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

export interface SimilarPair {
  a: string;
  b: string;
  similarity: number;
}

/**
 * Pairs of tools with their description similarity, most similar first: every pair, or with
 * `minSimilarity` only the pairs at or above it. Dot products are summed through an inverted index
 * (term to the tools that use it), so pairs that share no term cost nothing.
 */
export function descriptionSimilarities(tools: readonly ToolDefinition[], minSimilarity?: number): SimilarPair[] {
  const names = tools.map((t) => t.name);
  const nameSet = new Set(names);
  const docs = tools.map((t) => terms(coreText(t.description ?? '', nameSet)));
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of new Set(doc)) df.set(term, (df.get(term) ?? 0) + 1);
  const vectors = docs.map((doc) => {
    const vector: TermVector = new Map();
    for (const term of doc) vector.set(term, (vector.get(term) ?? 0) + Math.log(1 + docs.length / df.get(term)!));
    return vector;
  });
  const pairs: SimilarPair[] = [];
  if (minSimilarity === undefined) {
    for (let i = 0; i < tools.length; i++) {
      for (let j = i + 1; j < tools.length; j++) pairs.push({ a: names[i], b: names[j], similarity: cosine(vectors[i], vectors[j]) });
    }
    return pairs.sort((x, y) => y.similarity - x.similarity);
  }
  const norms = vectors.map((v) => Math.sqrt([...v.values()].reduce((sum, w) => sum + w * w, 0)));
  const postings = new Map<string, Array<[number, number]>>();
  vectors.forEach((vector, i) => {
    for (const [term, weight] of vector) {
      let list = postings.get(term);
      if (!list) postings.set(term, (list = []));
      list.push([i, weight]);
    }
  });
  const dot = new Float64Array(tools.length);
  const touched: number[] = [];
  for (let i = 0; i < tools.length; i++) {
    if (norms[i] === 0) continue;
    for (const [term, weight] of vectors[i]) {
      for (const [j, other] of postings.get(term)!) {
        if (j <= i) continue;
        if (dot[j] === 0) touched.push(j);
        dot[j] += weight * other;
      }
    }
    for (const j of touched) {
      const similarity = norms[j] === 0 ? 0 : dot[j] / (norms[i] * norms[j]);
      if (similarity >= minSimilarity) pairs.push({ a: names[i], b: names[j], similarity });
      dot[j] = 0;
    }
    touched.length = 0;
  }
  return pairs.sort((x, y) => y.similarity - x.similarity);
}
