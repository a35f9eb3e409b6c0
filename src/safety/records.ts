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
