/**
 * Integers past 2^53 lose digits in a JavaScript number: 9007199254740993 parses as
 * 9007199254740992. Argument matching compares such integers exactly, so their digits are kept
 * beside the parsed value: a registry keyed by the array or object that holds the number and the
 * key (or index) within it. The value itself stays a plain number everywhere else (schema checks,
 * reporters, JSON output).
 */

const registry = new WeakMap<object, Map<string, string>>();
/** 16 digits in a row: the cheap test before parsing a text the slow way. */
const LONG_DIGITS = /\d{16}/;

/** The exact digits of the integer at `container[key]`, when it was read from text past 2^53. */
export function exactInteger(container: object, key: string | number): string | undefined {
  return registry.get(container)?.get(String(key));
}

/** Keeps `digits` as the exact text of the integer at `container[key]` (an unsafe integer only). */
export function keepExactInteger(container: object, key: string | number, digits: string): void {
  let map = registry.get(container);
  if (!map) registry.set(container, (map = new Map()));
  map.set(String(key), digits);
}

/** Copies the kept integers of `from` into `to`, with `indexOf` mapping old indices to new ones. */
export function carryExactIntegers(from: unknown[], to: unknown[], indexOf: (old: number) => number): void {
  const map = registry.get(from);
  if (!map) return;
  for (const [key, digits] of map) {
    const index = indexOf(Number(key));
    if (index >= 0) keepExactInteger(to, index, digits);
  }
}

/**
 * The exact text of an integer value: the kept digits when there are some, else the number's own
 * (a safe integer's, or a fraction's, which has no more digits to lose).
 */
export function integerText(container: object | undefined, key: string | number, value: number): string {
  const kept = container ? exactInteger(container, key) : undefined;
  return kept ?? (Number.isSafeInteger(value) ? String(value) : BigInt(Math.trunc(value)).toString());
}

/** JSON.parse, keeping the digits of integers past 2^53 (only texts with 16 digits in a row pay for it). */
export function parseJsonKeepingIntegers(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (!LONG_DIGITS.test(text)) return value;
  try {
    return new ExactJsonReader(text).read();
  } catch {
    return value; // nested past the call stack: the rounded value, as JSON.parse gives it
  }
}

/** Converts the bigints of a YAML document (read with intAsBigInt) to numbers, keeping the unsafe ones' digits. */
export function numbersFromBigInts(value: unknown): unknown {
  if (typeof value === 'bigint') return Number(value);
  if (Array.isArray(value)) {
    value.forEach((item, i) => {
      if (typeof item === 'bigint' && !Number.isSafeInteger(Number(item))) keepExactInteger(value, i, item.toString());
      value[i] = numbersFromBigInts(item);
    });
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const [k, item] of Object.entries(record)) {
      if (typeof item === 'bigint' && !Number.isSafeInteger(Number(item))) keepExactInteger(record, k, item.toString());
      record[k] = numbersFromBigInts(item);
    }
  }
  return value;
}

/** A small reader for text JSON.parse has already accepted: it only needs to keep the digits. */
class ExactJsonReader {
  private at = 0;
  constructor(private readonly text: string) {}

  read(): unknown {
    return this.value(undefined, '');
  }

  private value(container: object | undefined, key: string | number): unknown {
    this.space();
    const ch = this.text[this.at];
    if (ch === '{') return this.object();
    if (ch === '[') return this.array();
    if (ch === '"') return this.string();
    if (ch === 't' || ch === 'f' || ch === 'n') {
      const word = ch === 't' ? 'true' : ch === 'f' ? 'false' : 'null';
      this.at += word.length;
      return ch === 't' ? true : ch === 'f' ? false : null;
    }
    const match = /-?\d+(\.\d+)?([eE][+-]?\d+)?/y;
    match.lastIndex = this.at;
    const literal = match.exec(this.text)![0];
    this.at += literal.length;
    const number = Number(literal);
    if (container && /^-?\d+$/.test(literal) && !Number.isSafeInteger(number)) keepExactInteger(container, key, literal);
    return number;
  }

  private object(): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.at++;
    this.space();
    if (this.text[this.at] === '}') return this.after(out);
    for (;;) {
      this.space();
      const key = this.string();
      this.space();
      this.at++; // ':'
      Object.defineProperty(out, key, { value: this.value(out, key), enumerable: true, writable: true, configurable: true });
      this.space();
      if (this.text[this.at++] === '}') return out;
    }
  }

  private array(): unknown[] {
    const out: unknown[] = [];
    this.at++;
    this.space();
    if (this.text[this.at] === ']') return this.after(out);
    for (;;) {
      out.push(this.value(out, out.length));
      this.space();
      if (this.text[this.at++] === ']') return out;
    }
  }

  private string(): string {
    const match = /"(?:[^"\\]|\\.)*"/y;
    match.lastIndex = this.at;
    const literal = match.exec(this.text)![0];
    this.at += literal.length;
    return JSON.parse(literal) as string;
  }

  private after<T>(value: T): T {
    this.at++;
    return value;
  }

  private space(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at++;
  }
}
