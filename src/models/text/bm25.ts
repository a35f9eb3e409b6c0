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

interface FieldStats {
  tf: Map<string, number>;
  length: number;
}

/** A prepared index: term frequencies per document and field, average field lengths, document frequencies. */
export class Bm25Index {
  readonly size: number;
  private readonly fields: FieldSpec[];
  private readonly docs: Array<Record<string, FieldStats>>;
  private readonly avgLength: Record<string, number>;
  private readonly df = new Map<string, number>();
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
    this.avgLength = {};
    this.docs = documents.map((doc) => {
      const stats: Record<string, FieldStats> = {};
      for (const field of fields) {
        const tf = new Map<string, number>();
        const fieldTerms = doc.fields[field.name] ?? [];
        for (const term of fieldTerms) tf.set(term, (tf.get(term) ?? 0) + 1);
        stats[field.name] = { tf, length: fieldTerms.length };
      }
      return stats;
    });
    for (const field of fields) {
      const total = this.docs.reduce((sum, doc) => sum + doc[field.name].length, 0);
      this.avgLength[field.name] = total / Math.max(1, this.size) || 1;
    }
    for (const doc of this.docs) {
      const seen = new Set<string>();
      for (const field of fields) for (const term of doc[field.name].tf.keys()) seen.add(term);
      for (const term of seen) this.df.set(term, (this.df.get(term) ?? 0) + 1);
    }
  }

  /** Probabilistic IDF over the documents plus the empty background ones. */
  idf(term: string): number {
    let value = this.idfCache.get(term);
    if (value === undefined) {
      const n = this.df.get(term) ?? 0;
      value = Math.log(1 + (this.size + this.background - n + 0.5) / (n + 0.5));
      this.idfCache.set(term, value);
    }
    return value;
  }

  /** Weighted, length-normalised frequency of `term` in document `index`, summed over `fields` (all by default). */
  weightedTf(index: number, term: string, only?: ReadonlySet<string>): number {
    const doc = this.docs[index];
    let sum = 0;
    for (const field of this.fields) {
      if (only && !only.has(field.name)) continue;
      const stats = doc[field.name];
      const tf = stats.tf.get(term);
      if (!tf) continue;
      sum += (field.weight * tf) / (1 - this.b + (this.b * stats.length) / this.avgLength[field.name]);
    }
    return sum;
  }

  /** The BM25 contribution of one term given its weighted frequency. */
  contribution(term: string, weightedTf: number): number {
    if (weightedTf <= 0) return 0;
    return (this.idf(term) * weightedTf * (this.k1 + 1)) / (weightedTf + this.k1);
  }
}
