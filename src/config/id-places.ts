/**
 * Each case's place in a streamed query set, by id: what a `Map<string, number>` answers, in about half
 * its memory, because a large set's index lives through the whole run (P5 in `npm run bench`). At
 * 50,000 cases the Map and its 50,000 id strings held 3.9 MB (a 1.8 MB hash table and a string object
 * per id); here the ids are joined into one string per 1,024 of them, and the hash table and each id's
 * start are typed arrays: 1.8 MB. A lookup compares the id itself, never only its hash.
 */

/** What eval reads of a set's ids: a `ReadonlyMap<string, number>` has it too. */
export interface CasePlaces {
  readonly size: number;
  get(id: string): number | undefined;
  has(id: string): boolean;
  keys(): IterableIterator<string>;
  [Symbol.iterator](): IterableIterator<[string, number]>;
}

/** Ids joined per string (a power of 2). */
const PER_CHUNK = 1024;
const CHUNK_SHIFT = 10;

/** FNV-1a over the UTF-16 code units of `text` from `from` to `to`. */
function hashOf(text: string, from: number, to: number): number {
  let h = 0x811c9dc5;
  for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Ids in the order they were added, each id's place being its turn (0, 1, 2 ...). */
export class IdPlaces implements CasePlaces {
  private count = 0;
  /** Full chunks: PER_CHUNK ids each, joined. */
  private readonly chunks: string[] = [];
  /** The ids of the chunk being filled. */
  private open: string[] = [];
  /** Where each id starts in its chunk. */
  private starts = new Uint32Array(PER_CHUNK);
  /** Open addressing: place + 1 of the id in each slot, 0 for none; at most half full. */
  private table = new Uint32Array(2 * PER_CHUNK);

  get size(): number {
    return this.count;
  }

  /** Adds `id` with the next place; false (and nothing added) when it is there already. */
  add(id: string): boolean {
    const slot = this.find(id);
    if (this.table[slot] !== 0) return false;
    const place = this.count;
    if (place === this.starts.length) {
      const starts = new Uint32Array(place * 2);
      starts.set(this.starts);
      this.starts = starts;
    }
    this.starts[place] = this.open.length === 0 ? 0 : this.starts[place - 1] + this.open[this.open.length - 1].length;
    this.open.push(id);
    if (this.open.length === PER_CHUNK) {
      this.chunks.push(this.open.join(''));
      this.open = [];
    }
    this.count += 1;
    if (2 * this.count > this.table.length) this.rehash();
    else this.table[slot] = place + 1;
    return true;
  }

  get(id: string): number | undefined {
    const place = this.table[this.find(id)];
    return place === 0 ? undefined : place - 1;
  }

  has(id: string): boolean {
    return this.get(id) !== undefined;
  }

  *keys(): IterableIterator<string> {
    for (let place = 0; place < this.count; place++) yield this.idAt(place);
  }

  *[Symbol.iterator](): IterableIterator<[string, number]> {
    for (let place = 0; place < this.count; place++) yield [this.idAt(place), place];
  }

  /** The slot holding `id`, or the empty slot where it would go. */
  private find(id: string): number {
    const mask = this.table.length - 1;
    for (let slot = hashOf(id, 0, id.length) & mask; ; slot = (slot + 1) & mask) {
      const entry = this.table[slot];
      if (entry === 0 || this.holds(entry - 1, id)) return slot;
    }
  }

  /** Whether the id at `place` is `id`. */
  private holds(place: number, id: string): boolean {
    const chunk = place >>> CHUNK_SHIFT;
    if (chunk === this.chunks.length) return this.open[place & (PER_CHUNK - 1)] === id;
    const text = this.chunks[chunk];
    const start = this.starts[place];
    return this.end(place, text) - start === id.length && text.startsWith(id, start);
  }

  private idAt(place: number): string {
    const chunk = place >>> CHUNK_SHIFT;
    if (chunk === this.chunks.length) return this.open[place & (PER_CHUNK - 1)];
    const text = this.chunks[chunk];
    return text.slice(this.starts[place], this.end(place, text));
  }

  /** The hash of the id at `place`, read where it is kept. */
  private hashAt(place: number): number {
    const chunk = place >>> CHUNK_SHIFT;
    if (chunk === this.chunks.length) {
      const id = this.open[place & (PER_CHUNK - 1)];
      return hashOf(id, 0, id.length);
    }
    const text = this.chunks[chunk];
    return hashOf(text, this.starts[place], this.end(place, text));
  }

  /** Where the id at `place` ends in `text`, its full chunk. */
  private end(place: number, text: string): number {
    return (place & (PER_CHUNK - 1)) === PER_CHUNK - 1 ? text.length : this.starts[place + 1];
  }

  private rehash(): void {
    const table = new Uint32Array(this.table.length * 2);
    const mask = table.length - 1;
    for (let place = 0; place < this.count; place++) {
      let slot = this.hashAt(place) & mask;
      while (table[slot] !== 0) slot = (slot + 1) & mask;
      table[slot] = place + 1;
    }
    this.table = table;
  }
}
