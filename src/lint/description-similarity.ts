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

/** The part of a description that says what the tool does. */
export function coreText(description: string, toolNames: readonly string[]): string {
  let text = description;
  // Longest names first, so "read_text_file" goes before "read_file" could split it.
  for (const name of [...toolNames].sort((a, b) => b.length - a.length)) text = text.split(name).join(' ');
  return text
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

/** Every pair of tools with their description similarity, most similar first. */
export function descriptionSimilarities(tools: readonly ToolDefinition[]): SimilarPair[] {
  const names = tools.map((t) => t.name);
  const docs = tools.map((t) => terms(coreText(t.description ?? '', names)));
  const df = new Map<string, number>();
  for (const doc of docs) for (const term of new Set(doc)) df.set(term, (df.get(term) ?? 0) + 1);
  const vectors = docs.map((doc) => {
    const vector: TermVector = new Map();
    for (const term of doc) vector.set(term, (vector.get(term) ?? 0) + Math.log(1 + docs.length / df.get(term)!));
    return vector;
  });
  const pairs: SimilarPair[] = [];
  for (let i = 0; i < tools.length; i++) {
    for (let j = i + 1; j < tools.length; j++) pairs.push({ a: names[i], b: names[j], similarity: cosine(vectors[i], vectors[j]) });
  }
  return pairs.sort((x, y) => y.similarity - x.similarity);
}
