/**
 * BM25F over a few weighted fields (Robertson & Zaragoza, 2009): per field, term frequency is
 * length-normalised and weighted; the weighted sum is saturated once with k1 and multiplied by the
 * term's inverse document frequency over the candidate set.
 */
export interface FieldSpec {
  name: string;
  weight: number;
}

export interface Bm25Document {
  /** field name -> the field's terms (stems) */
  fields: Record<string, string[]>;
}

export interface Bm25Options {
  k1?: number;
  b?: number;
  /**
   * Empty background documents added to the collection size for IDF. A tool set has 1-20 documents,
   * where plain BM25 IDF collapses (one tool: every term gets ln(4/3)); the background keeps a term
   * that every tool shares worth something, and makes scores comparable across tool-set sizes.
   */
  background?: number;
}

/** For each document holding a term: its weighted frequency over some fields (0 when none of them hold it), and over the others. */
export interface WeightedFrequencies {
  documents: number[];
  values: number[];
  others: number[];
}

/**
 * A prepared index: field lengths, average field lengths, and each term's occurrences. Building it is
 * one pass over the terms with one list per distinct term (no map per document and field: a set of
 * 2,000 tools is built once per run, and most of its terms are never asked for); a term's document
 * frequency and weighted frequencies are worked out from its occurrences when it is first asked for.
 */
export class Bm25Index {
  readonly size: number;
  private readonly fields: FieldSpec[];
  /** Terms per document and field, at `document * fields.length + field`. */
  private readonly lengths: Int32Array;
  private readonly avgLength: Float64Array;
  /** Per term, `document * fields.length + field` of each occurrence, ascending (document, then field order). */
  private readonly occurrences = new Map<string, number[]>();
  private readonly idfCache = new Map<string, number>();
  private readonly k1: number;
  private readonly b: number;
  private readonly background: number;

  constructor(fields: FieldSpec[], documents: Bm25Document[], options: Bm25Options = {}) {
    this.fields = fields;
    this.k1 = options.k1 ?? 1.2;
    this.b = options.b ?? 0.75;
    this.background = options.background ?? 10;
    this.size = documents.length;
    const width = fields.length;
    this.lengths = new Int32Array(this.size * width);
    const totals = new Array<number>(width).fill(0);
    for (let d = 0; d < this.size; d++) {
      const doc = documents[d];
      for (let f = 0; f < width; f++) {
        const fieldTerms = doc.fields[fields[f].name] ?? [];
        const slot = d * width + f;
        this.lengths[slot] = fieldTerms.length;
        totals[f] += fieldTerms.length;
        for (const term of fieldTerms) {
          const list = this.occurrences.get(term);
          if (list) list.push(slot);
          else this.occurrences.set(term, [slot]);
        }
      }
    }
    this.avgLength = new Float64Array(width);
    for (let f = 0; f < width; f++) this.avgLength[f] = totals[f] / Math.max(1, this.size) || 1;
  }

  /** Every term some document holds, in the order first met. */
  vocabulary(): IterableIterator<string> {
    return this.occurrences.keys();
  }

  /** Probabilistic IDF over the documents plus the empty background ones. */
  idf(term: string): number {
    let value = this.idfCache.get(term);
    if (value === undefined) {
      const n = this.documentFrequency(term);
      value = Math.log(1 + (this.size + this.background - n + 0.5) / (n + 0.5));
      this.idfCache.set(term, value);
    }
    return value;
  }

  /** Documents holding the term in any field. */
  private documentFrequency(term: string): number {
    const list = this.occurrences.get(term);
    if (!list) return 0;
    const width = this.fields.length;
    let n = 0;
    let last = -1;
    for (const slot of list) {
      const doc = (slot - (slot % width)) / width;
      if (doc !== last) {
        n += 1;
        last = doc;
      }
    }
    return n;
  }

  /** Weighted, length-normalised frequency of `term` in document `index`, summed over `fields` (all by default). */
  weightedTf(index: number, term: string, only?: ReadonlySet<string>): number {
    const list = this.occurrences.get(term);
    if (!list) return 0;
    const width = this.fields.length;
    // The document's occurrences are a run of the ascending list: find its start.
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (list[mid] < index * width) low = mid + 1;
      else high = mid;
    }
    const counts = new Array<number>(width).fill(0);
    for (let i = low; i < list.length && list[i] < (index + 1) * width; i++) counts[list[i] % width] += 1;
    return this.fieldSum(index, counts, this.maskOf(only));
  }

  /**
   * `weightedTf(document, term, only)` for every document that holds `term` in any field, in
   * document order, and in `others` the same over the remaining fields: one pass over the term's
   * occurrences (each document's run is in field order, so each sum adds its fields in that order).
   */
  weightedTfs(term: string, only?: ReadonlySet<string>): WeightedFrequencies {
    const out: WeightedFrequencies = { documents: [], values: [], others: [] };
    const list = this.occurrences.get(term);
    if (!list) return out;
    const width = this.fields.length;
    const mask = this.maskOf(only);
    let doc = -1;
    let inside = 0;
    let outside = 0;
    for (let i = 0; i < list.length; ) {
      const slot = list[i];
      const field = slot % width;
      const at = (slot - field) / width;
      if (at !== doc) {
        if (doc >= 0) {
          out.documents.push(doc);
          out.values.push(inside);
          out.others.push(outside);
        }
        doc = at;
        inside = 0;
        outside = 0;
      }
      let tf = 0;
      for (; i < list.length && list[i] === slot; i++) tf += 1;
      const normalised = this.normalised(doc, field, tf);
      if (mask[field]) inside += normalised;
      else outside += normalised;
    }
    out.documents.push(doc);
    out.values.push(inside);
    out.others.push(outside);
    return out;
  }

  /** Which fields count: those named in `only`, or all. */
  private maskOf(only?: ReadonlySet<string>): boolean[] {
    return this.fields.map((field) => !only || only.has(field.name));
  }

  /** The weighted sum over the fields in their order (those `mask` keeps), each field's count length-normalised. */
  private fieldSum(doc: number, counts: readonly number[], mask: readonly boolean[]): number {
    let sum = 0;
    for (let f = 0; f < this.fields.length; f++) {
      const tf = counts[f];
      if (!tf || !mask[f]) continue;
      sum += this.normalised(doc, f, tf);
    }
    return sum;
  }

  /** A field's count, weighted and length-normalised. */
  private normalised(doc: number, field: number, tf: number): number {
    return (this.fields[field].weight * tf) / (1 - this.b + (this.b * this.lengths[doc * this.fields.length + field]) / this.avgLength[field]);
  }

  /** The BM25 contribution of one term given its weighted frequency. */
  contribution(term: string, weightedTf: number): number {
    if (weightedTf <= 0) return 0;
    return (this.idf(term) * weightedTf * (this.k1 + 1)) / (weightedTf + this.k1);
  }
}
