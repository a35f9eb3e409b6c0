/**
 * Maps keyed by untrusted names (tools, skills, servers, arguments, query ids) as plain JSON objects:
 * with no prototype, so a key such as `__proto__`, `constructor` or `toString` is an ordinary own key
 * (on `{}` the first would replace the prototype and the others would read inherited functions).
 */
export function nullRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** Adds `n` to the cell `row`/`column` of a count matrix made of null-prototype records. */
export function bumpCell(matrix: Record<string, Record<string, number>>, row: string, column: string, n = 1): void {
  const cells = Object.hasOwn(matrix, row) ? matrix[row] : (matrix[row] = nullRecord<number>());
  cells[column] = (Object.hasOwn(cells, column) ? cells[column] : 0) + n;
}

/**
 * A deep copy with every object's keys sorted and undefined values dropped; arrays keep their order.
 * The one canonical form for hashing, comparing and files. defineProperty keeps a key named
 * `__proto__` as an own key (assignment would replace the prototype and lose the key).
 */
export function sortKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => sortKeys(v)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value as object).sort()) {
      const v = (value as Record<string, unknown>)[key];
      if (v !== undefined) Object.defineProperty(out, key, { value: sortKeys(v), enumerable: true, writable: true, configurable: true });
    }
    return out as T;
  }
  return value;
}
