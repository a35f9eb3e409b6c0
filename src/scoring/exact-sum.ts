/**
 * A sum of floating-point numbers that does not depend on their order (Shewchuk's algorithm, as in
 * Python's `math.fsum`): the partials hold the exact sum, and `value()` rounds it once. Results fold
 * into the summary in the order cases finish, which differs from run to run; with this sum the
 * totals (latency, cost) are the same to the last bit as a sum over the cases in query-set order.
 */
export class ExactSum {
  private readonly partials: number[] = [];
  /** Infinities and NaN, summed plainly (they cannot go into the partials). */
  private special = 0;

  add(value: number): void {
    if (!Number.isFinite(value)) {
      this.special += value;
      return;
    }
    let x = value;
    let kept = 0;
    for (let j = 0; j < this.partials.length; j++) {
      let y = this.partials[j];
      if (Math.abs(x) < Math.abs(y)) [x, y] = [y, x];
      const hi = x + y;
      const lo = y - (hi - x);
      if (lo !== 0) this.partials[kept++] = lo;
      x = hi;
    }
    this.partials.length = kept;
    this.partials.push(x);
  }

  /** The exact sum, correctly rounded. */
  value(): number {
    if (this.special !== 0) return this.special;
    const p = this.partials;
    let n = p.length;
    if (n === 0) return 0;
    let hi = p[--n];
    let lo = 0;
    while (n > 0) {
      const x = hi;
      const y = p[--n];
      hi = x + y;
      lo = y - (hi - x);
      if (lo !== 0) break;
    }
    // Half-way cases: round to even on the exact value, not on the two-term approximation.
    if (n > 0 && ((lo < 0 && p[n - 1] < 0) || (lo > 0 && p[n - 1] > 0))) {
      const y = lo * 2;
      const x = hi + y;
      if (y === x - hi) hi = x;
    }
    return hi;
  }
}

/** The order-free sum of a list. */
export function exactSum(values: Iterable<number>): number {
  const sum = new ExactSum();
  for (const v of values) sum.add(v);
  return sum.value();
}
