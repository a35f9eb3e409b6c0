/**
 * The pair scan of description overlap (description-similarity.ts): term vectors by integer id, the
 * inverted index's row sums and the tests each touched pair goes through.
 */

export interface SimilarPair {
  a: string;
  b: string;
  similarity: number;
}

/** No term: a tool without an operation verb. */
export const NO_TERM = -1;

/** A description's terms by id: each once, in the order of its text, with its TF-IDF weight and count. */
export interface Vector {
  ids: number[];
  weights: number[];
  counts: number[];
  /** For each word of the text, the place of its term in `ids`. */
  slots: number[];
}

/** The distinct terms of a description, weights still zero; `slotAt` (-1 for every id) is scratch, left as found. */
export function vectorOf(doc: readonly number[], slotAt: Int32Array): Vector {
  const ids: number[] = [];
  const counts: number[] = [];
  const slots: number[] = [];
  for (const term of doc) {
    let slot = slotAt[term];
    if (slot < 0) {
      slotAt[term] = slot = ids.push(term) - 1;
      counts.push(0);
    }
    counts[slot]++;
    slots.push(slot);
  }
  for (const term of ids) slotAt[term] = -1;
  return { ids, weights: ids.map(() => 0), counts, slots };
}

export function weightOf(v: Vector, term: number): number {
  const place = v.ids.indexOf(term);
  return place < 0 ? 0 : v.weights[place];
}

function countOf(v: Vector, term: number): number {
  const place = v.ids.indexOf(term);
  return place < 0 ? 0 : v.counts[place];
}

/** What the pair tests read, by tool index; `dot` holds the current row's dot products. */
export interface Corpus {
  vectors: Vector[];
  /** Squared norms. */
  sq: number[];
  verbStems: Int32Array;
  /** Each tool's weight of its own operation verb (0 without one). */
  ownVerb: Float64Array;
  /** Squared norms less the own verb's square: the norms of a pair of one verb. */
  restSq: Float64Array;
  objectTerms: number[][];
  dot: Float64Array;
}

/**
 * The pairs of row i at or above `minSimilarity`, in the order of `row` (ascending), clearing each
 * one's dot product. Both tests are pure; the cheap cosine goes first, so the object-word test runs
 * only for pairs above the line.
 */
export function scoreRow(i: number, row: Int32Array, corpus: Corpus, minSimilarity: number, names: readonly string[], pairs: SimilarPair[]): void {
  const { verbStems, ownVerb, restSq, dot } = corpus;
  const verb = verbStems[i];
  const own = ownVerb[i];
  const ni = restSq[i];
  for (let k = 0; k < row.length; k++) {
    const j = row[k];
    // A pair of one verb (most pairs) takes it out of both with the figures kept per tool; withoutVerbs
    // does the same sums, so either way the result is the same number.
    const nj = restSq[j];
    const similarity = verbStems[j] !== verb ? withoutVerbs(corpus, i, j) : ni <= 1e-12 || nj <= 1e-12 ? 0 : (dot[j] - own * ownVerb[j]) / Math.sqrt(ni * nj);
    if (similarity >= minSimilarity && similarity > 0 && !differentObjects(corpus, i, j)) pairs.push({ a: names[i], b: names[j], similarity });
    dot[j] = 0;
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

function hasMoreObjects({ objectTerms, verbStems, vectors }: Corpus, i: number, j: number): boolean {
  const terms = objectTerms[i];
  for (let k = 0; k < terms.length; k++) {
    const term = terms[k];
    if (term === verbStems[i] || term === verbStems[j]) continue;
    if (countOf(vectors[i], term) > countOf(vectors[j], term)) return true;
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
  if (first !== NO_TERM) {
    const wi = ownVerb[i];
    const wj = same ? ownVerb[j] : weightOf(vectors[j], first);
    d -= wi * wj;
    ni -= wi * wi;
    nj -= wj * wj;
  }
  if (!same && verbStems[j] !== NO_TERM) {
    const wi = weightOf(vectors[i], verbStems[j]);
    const wj = ownVerb[j];
    d -= wi * wj;
    ni -= wi * wi;
    nj -= wj * wj;
  }
  return ni <= 1e-12 || nj <= 1e-12 ? 0 : d / Math.sqrt(ni * nj);
}

/** Tools without an operation verb: compared with every tool (tools of different operations, reading vs creating, are not alternatives to each other). */
export const ANY_KIND = '';

/** One term's tools, ascending, with the term's weight in each. */
export interface Posting {
  tools: Int32Array;
  weights: Float64Array;
}

/**
 * Adds row i's products into `dot` for every later tool of each posting, term by term in the row's
 * order, and lists each tool it touches first in `touched`; returns how many. A function of its own,
 * small and called once per tool, so it is optimised early (the loop runs about a million times on
 * 2,000 tools).
 */
export function addRow(i: number, rowWeights: readonly number[], rowLists: readonly Posting[], dot: Float64Array, touched: Int32Array): number {
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
function firstAfter(ids: Int32Array, i: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid] <= i) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
