/**
 * Keeps a long run's heap near its live size. V8 runs a full collection only when the old generation
 * reaches a limit it sets at the previous one, up to about four times the live heap; short-lived
 * objects of a case that happen to survive two scavenges pile up there until then. A run of 50,000
 * cases that retains nothing (its live heap after a collection is the same as at 1,000 cases) still
 * peaked at twice the RSS of a short run, only because the short run ended before the first full
 * collection. So a streamed eval checks the heap every few hundred cases and asks for a full
 * collection when it has grown by HEADROOM_BYTES since the last one: a handful of collections of
 * 20-30 ms over a 50,000-case run. The collector is V8's own `gc`, exposed the way test runners
 * that measure leaks do it (the flag only adds the function to new contexts). Without it, nothing
 * happens and the run is the same, with a higher peak.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** Growth of the used heap since the last full collection that triggers the next one. */
export const HEADROOM_BYTES = 16 * 1024 * 1024;
/** Cases between two looks at the heap (each look is a cheap call, not a walk of the heap). */
const EVERY = 256;

let collect: (() => void) | null | undefined;

function collector(): (() => void) | null {
  if (collect === undefined) {
    try {
      v8.setFlagsFromString('--expose-gc');
      collect = vm.runInNewContext('gc') as () => void;
      // Only this one context gets the function: contexts the user's program makes later do not.
      v8.setFlagsFromString('--no-expose-gc');
    } catch {
      collect = null;
    }
  }
  return collect;
}

export class HeapCeiling {
  private seen = 0;
  private floor = v8.getHeapStatistics().used_heap_size;
  /** Full collections asked for so far. */
  collections = 0;

  /**
   * A full collection now, when a large transient is over (the query sets parsed and normalised):
   * its garbage would otherwise sit in the old generation, and grow the committed heap, until the
   * first look at the heap a few hundred cases later.
   */
  settle(): void {
    const gc = collector();
    if (!gc) return;
    gc();
    this.collections += 1;
    this.floor = v8.getHeapStatistics().used_heap_size;
  }

  /** Called once per finished case. */
  tick(): void {
    if (++this.seen % EVERY !== 0) return;
    if (v8.getHeapStatistics().used_heap_size >= this.floor + HEADROOM_BYTES) this.settle();
  }
}
