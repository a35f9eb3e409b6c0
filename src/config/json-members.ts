/**
 * Splits one JSON object, read a chunk of bytes at a time, into its top-level members, with the
 * elements of one array member (`cases`) handed out one at a time: each value is cut out of the bytes
 * by a small scanner (strings, escapes and nesting, nothing more) and parsed by `JSON.parse`, so a
 * value means exactly what it means in the whole document. The scanner checks the punctuation between
 * values; `JSON.parse` checks each value. Anything else (not one object, a syntax error, invalid
 * UTF-8, the array member not an array) is a `NotSplittable`, and the caller reads the file whole.
 *
 * This replaced a JavaScript tokenizer (@streamparser/json) that made an object per token: its garbage,
 * and the compilation of its large state machine, were most of what a 50,000-case eval held beyond a
 * 1,000-case one before its first case ran (P5 in `npm run bench`).
 */

/** What the splitter gives: a top-level member, or one element of the array member. */
export type JsonItem = { key: string; value: unknown } | { element: unknown };

/** The bytes are not one JSON object the splitter takes as it is. */
export class NotSplittable extends Error {}

const enum Byte {
  Tab = 0x09,
  Newline = 0x0a,
  Return = 0x0d,
  Space = 0x20,
  Quote = 0x22,
  Comma = 0x2c,
  Colon = 0x3a,
  OpenBracket = 0x5b,
  Backslash = 0x5c,
  CloseBracket = 0x5d,
  OpenBrace = 0x7b,
  CloseBrace = 0x7d,
}

const enum At {
  /** Before the object (a byte-order mark may come first). */
  Start,
  /** After `{`: a key or `}`. */
  FirstKey,
  /** After `,`: a key. */
  Key,
  /** After a key: `:`. */
  Colon,
  /** After `:`: the member's value. */
  Value,
  /** After a member: `,` or `}`. */
  AfterMember,
  /** After the array member's `[`: an element or `]`. */
  FirstElement,
  /** After `,` in the array member: an element. */
  Element,
  /** After an element: `,` or `]`. */
  AfterElement,
  /** After the object's `}`: white space only. */
  End,
  /** Inside a value (or a key) being cut out. */
  Cutting,
}

/** UTF-8's byte-order mark, taken off the file's start (as the whole read does). */
const BOM = [0xef, 0xbb, 0xbf];

const isSpace = (b: number): boolean => b === Byte.Space || b === Byte.Newline || b === Byte.Return || b === Byte.Tab;

export class JsonMembers {
  private at = At.Start;
  /** Where to go once the value being cut out is complete. */
  private after = At.AfterMember;
  private what: 'key' | 'value' | 'element' = 'value';
  private key = '';
  /** The value being cut out: its bytes so far. */
  private cut = new Uint8Array(4096);
  private cutLength = 0;
  /** How the value ends: `{`/`[` nesting, a string, or a literal (ends before a delimiter). */
  private kind: 'nested' | 'string' | 'literal' = 'literal';
  private depth = 0;
  private inString = false;
  private escaped = false;
  // A byte-order mark is taken off the file's start only: inside the object it is an error, as in JSON.parse.
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  /** Bytes pushed before the current chunk, and how many of the file's first ones were a byte-order mark. */
  private offset = 0;
  private bom = 0;

  /**
   * @param arrayKey the member whose array's elements are handed out one at a time
   * @param keys receives every top-level key as it is read
   */
  constructor(
    private readonly arrayKey: string,
    private readonly keys: string[],
  ) {}

  /** Takes the next bytes; hands each member and element completed in them to `emit`. */
  push(bytes: Uint8Array, emit: (item: JsonItem) => void): void {
    let i = 0;
    const n = bytes.length;
    while (i < n) {
      if (this.at === At.Cutting) {
        i = this.cutFrom(bytes, i, emit);
        continue;
      }
      const b = bytes[i];
      if (isSpace(b)) {
        i += 1;
        continue;
      }
      switch (this.at) {
        case At.Start:
          if (this.offset + i === this.bom && this.bom < 3 && b === BOM[this.bom]) {
            this.bom += 1;
            i += 1;
            break;
          }
          if (b !== Byte.OpenBrace || (this.bom > 0 && this.bom < 3)) throw new NotSplittable('not a JSON object');
          this.at = At.FirstKey;
          i += 1;
          break;
        case At.FirstKey:
        case At.Key:
          if (b === Byte.CloseBrace && this.at === At.FirstKey) {
            this.at = At.End;
            i += 1;
          } else if (b === Byte.Quote) {
            this.begin('key', At.Colon, b);
          } else {
            throw new NotSplittable('expected a key');
          }
          break;
        case At.Colon:
          if (b !== Byte.Colon) throw new NotSplittable('expected ":"');
          this.at = At.Value;
          i += 1;
          break;
        case At.Value:
          if (this.key === this.arrayKey) {
            if (b !== Byte.OpenBracket) throw new NotSplittable(`"${this.arrayKey}" is not an array`);
            this.at = At.FirstElement;
            i += 1;
          } else {
            this.begin('value', At.AfterMember, b);
          }
          break;
        case At.AfterMember:
          if (b === Byte.Comma) this.at = At.Key;
          else if (b === Byte.CloseBrace) this.at = At.End;
          else throw new NotSplittable('expected "," or "}"');
          i += 1;
          break;
        case At.FirstElement:
        case At.Element:
          if (b === Byte.CloseBracket && this.at === At.FirstElement) {
            this.at = At.AfterMember;
            i += 1;
          } else {
            this.begin('element', At.AfterElement, b);
          }
          break;
        case At.AfterElement:
          if (b === Byte.Comma) this.at = At.Element;
          else if (b === Byte.CloseBracket) this.at = At.AfterMember;
          else throw new NotSplittable('expected "," or "]"');
          i += 1;
          break;
        default:
          throw new NotSplittable('text after the object');
      }
    }
    this.offset += n;
  }

  /** The bytes are over: throws unless they held one whole object. */
  end(): void {
    if (this.at !== At.End) throw new NotSplittable('the object is not complete');
  }

  private begin(what: 'key' | 'value' | 'element', after: At, first: number): void {
    this.what = what;
    this.after = after;
    this.cutLength = 0;
    this.kind = first === Byte.OpenBrace || first === Byte.OpenBracket ? 'nested' : first === Byte.Quote ? 'string' : 'literal';
    if (what === 'key' && this.kind !== 'string') throw new NotSplittable('expected a key');
    this.depth = 0;
    this.inString = false;
    this.escaped = false;
    this.at = At.Cutting;
  }

  /** Cuts the current value out of `bytes` from `from`; returns where the scan goes on. */
  private cutFrom(bytes: Uint8Array, from: number, emit: (item: JsonItem) => void): number {
    const n = bytes.length;
    let i = from;
    let done = false;
    if (this.kind === 'literal') {
      while (i < n) {
        const b = bytes[i];
        if (b === Byte.Comma || b === Byte.CloseBrace || b === Byte.CloseBracket || isSpace(b)) {
          done = true;
          break;
        }
        i += 1;
      }
      this.keep(bytes, from, i);
    } else {
      // A string is a value of depth 0 that ends at its closing quote; nesting ends at depth 0.
      let depth = this.depth;
      let inString = this.inString;
      let escaped = this.escaped;
      const string = this.kind === 'string';
      while (i < n) {
        const b = bytes[i++];
        if (inString) {
          if (escaped) escaped = false;
          else if (b === Byte.Backslash) escaped = true;
          else if (b === Byte.Quote) {
            inString = false;
            if (string) {
              done = true;
              break;
            }
          }
        } else if (b === Byte.Quote) {
          inString = true;
        } else if (b === Byte.OpenBrace || b === Byte.OpenBracket) {
          depth += 1;
        } else if (b === Byte.CloseBrace || b === Byte.CloseBracket) {
          depth -= 1;
          if (depth === 0) {
            done = true;
            break;
          }
        }
      }
      this.depth = depth;
      this.inString = inString;
      this.escaped = escaped;
      this.keep(bytes, from, i);
    }
    if (done) this.finish(emit);
    return i;
  }

  private keep(bytes: Uint8Array, from: number, to: number): void {
    const length = this.cutLength + to - from;
    if (length > this.cut.length) {
      const grown = new Uint8Array(Math.max(length, this.cut.length * 2));
      grown.set(this.cut.subarray(0, this.cutLength));
      this.cut = grown;
    }
    this.cut.set(bytes.subarray(from, to), this.cutLength);
    this.cutLength = length;
  }

  private finish(emit: (item: JsonItem) => void): void {
    let value: unknown;
    try {
      value = JSON.parse(this.decoder.decode(this.cut.subarray(0, this.cutLength)));
    } catch (error) {
      throw new NotSplittable(error instanceof Error ? error.message : String(error));
    }
    this.at = this.after;
    if (this.what === 'key') {
      this.key = value as string;
      this.keys.push(this.key);
    } else if (this.what === 'element') {
      emit({ element: value });
    } else {
      emit({ key: this.key, value });
    }
  }
}
