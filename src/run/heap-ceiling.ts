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
 *
 * A short run (`expect(cases)`, at most SHORT_RUN_CASES) is left to V8's own collections instead,
 * with the old generation's growth held to V8's minimum step (--heap-growing-percent=1 while the
 * ceiling holds): those mark incrementally, beside the run, where a forced one stops it whole.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** Growth of the used heap since the last full collection that triggers the next one. */
export const HEADROOM_BYTES = 16 * 1024 * 1024;
/**
 * What a streamed eval holds to (its run, and reading its cases back for the reports): the young
 * generation capped, and a full collection each time the old generation has grown 2 MB. Measured in
 * P5 (npm run bench), the mock's 50,000 cases against 1,000: 1.64x before streaming the query sets,
 * 1.23x with the young generation capped, 1.09x with 8 MB of headroom too. Once a short run (1,000
 * cases, 75 MB) was left to V8 (`expect`), held there instead: 50,000 cases with the young generation
 * at 16 MB and 8 MB of the whole heap's growth peaked at 87 to 92 MB; young at 8 MB, 81 to 83 MB;
 * then 4 MB of the old generation's growth, 81 to 84 (medians 82.5 and 81.4), and 2 MB, 81 MB for
 * about 5% more CPU again (4 alternating rounds, load 4). Once the OpenAI driver sent over node:http,
 * the endpoint's 1,000 cases peaked at 72 MB (106 before: fetch's garbage had been most of it) and its
 * 50,000 at 80 to 82 MB with 4 MB (1.12x, over P5's line), 79 to 80 MB with 2 MB.
 */
export const FLAT: HeapCeilingOptions = { headroomBytes: 2 * 1024 * 1024, oldGeneration: true, capYoung: true };

export interface HeapCeilingOptions {
  /** Growth since the last full collection that triggers the next (default HEADROOM_BYTES). */
  headroomBytes?: number;
  /**
   * Count the old generation's growth only (what a full collection frees; default: the whole heap's
   * use, in which the young generation's fill, emptied by every scavenge, comes and goes).
   */
  oldGeneration?: boolean;
  /**
   * Stop the young generation's growth at YOUNG_CAP_BYTES until `release()` (a process-wide V8
   * setting: --semi-space-growth-factor is 1 while any such ceiling holds the cap).
   */
  capYoung?: boolean;
}
/** Cases between two looks at the heap (each look is a cheap call, not a walk of the heap). */
const EVERY = 256;
/** Cases between two looks at the young generation's size, until it is held at YOUNG_CAP_BYTES. */
const YOUNG_EVERY = 16;
/**
 * The young generation (both semi-spaces) stops growing once it is this large. V8 doubles it whenever
 * enough objects have survived a scavenge since it last grew, and any long run gets there: a streamed
 * eval of the mock was flat from 3,000 to 50,000 cases (106 to 113 MB) but a run of 1,000 ended before
 * the last doubling, to 32 MB (87 MB). Held at 16 MB, the 50,000-case run peaked at about 100 MB for
 * the same CPU time (P5 in npm run bench). A run of 1,000 cases left to V8's own collections stays at
 * 8 MB: held there too, the 50,000 cases peak 5 to 8 MB lower, for about 5% more CPU (more scavenges).
 */
export const YOUNG_CAP_BYTES = 8 * 1024 * 1024;
/** V8's default for --semi-space-growth-factor, restored when the last capping ceiling is released. */
const GROWTH_FACTOR = 2;
/** Ceilings holding the cap now: the growth factor is 1 while this is above 0. */
let capping = 0;
/**
 * Runs of at most this many cases collect as V8 schedules it, held tight. Measured on P1's 2,000 cases
 * against the fixed endpoint (10 alternating rounds, load 24): process CPU 0.93x the forced
 * collections', peak RSS 122-141 MB against 115-121 MB (P1's target is 150). Not beyond: P5's 50,000
 * cases peaked at 139 MB that way against 122 MB forced (1,000 cases: 105 against 107 MB).
 */
export const SHORT_RUN_CASES = 4096;
/** Ceilings of short runs now: --heap-growing-percent is 1 while this is above 0 (0, V8's own choice, after). */
let tight = 0;

function youngSize(): number {
  return v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
}

/** The heap in use: all of it, or the old generation's part (everything but the young generation's spaces). */
function heapUsed(oldGeneration: boolean): number {
  if (!oldGeneration) return v8.getHeapStatistics().used_heap_size;
  let used = 0;
  for (const space of v8.getHeapSpaceStatistics()) {
    if (space.space_name !== 'new_space' && space.space_name !== 'new_large_object_space') used += space.space_used_size;
  }
  return used;
}

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
  private floor: number;
  private readonly capYoung: boolean;
  private readonly headroom: number;
  private readonly oldGeneration: boolean;
  private holding = false;
  private released = false;
  /** A short run: V8 collects, held tight (see `expect`). */
  private short = false;
  /** Full collections asked for so far. */
  collections = 0;

  constructor(options: HeapCeilingOptions = {}) {
    this.capYoung = options.capYoung === true;
    this.headroom = options.headroomBytes ?? HEADROOM_BYTES;
    this.oldGeneration = options.oldGeneration === true;
    this.floor = heapUsed(this.oldGeneration);
  }

  /**
   * Says how many cases the run will finish at most: a run of at most SHORT_RUN_CASES gets no forced
   * collection from its ticks; V8 collects it, its old generation allowed V8's minimum growth from the
   * next full collection on (`settle()` still runs one at the start, which sets that limit at once:
   * P1's CPU 0.93x the forced collections' with it, 0.97x without).
   */
  expect(cases: number): void {
    if (cases > SHORT_RUN_CASES || this.short || this.released) return;
    this.short = true;
    if (tight++ === 0) v8.setFlagsFromString('--heap-growing-percent=1');
  }

  /** Gives the young generation its growth back once no capping ceiling is held, and V8 its own growing factor. */
  release(): void {
    this.released = true;
    if (this.short) {
      this.short = false;
      if (--tight === 0) v8.setFlagsFromString('--heap-growing-percent=0');
    }
    if (!this.holding) return;
    this.holding = false;
    capping -= 1;
    if (capping === 0) v8.setFlagsFromString(`--semi-space-growth-factor=${GROWTH_FACTOR}`);
  }

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
    this.floor = heapUsed(this.oldGeneration);
  }

  /**
   * settle() after reading the inputs of a run of `cases` cases, when the run is long enough to be
   * looked at (EVERY cases): a shorter one (a one-case eval, `toolvet run`'s 73) ends before a look,
   * and its full collection cost it 5 to 10 ms of CPU at start for nothing (P7 in npm run bench).
   */
  settleInputs(cases: number): void {
    if (cases >= EVERY) this.settle();
  }

  /** Called once per finished case. */
  tick(): void {
    this.seen += 1;
    // The young generation is looked at more often until it is held: between two looks at the heap it
    // could double past the cap (P5 in npm run bench, once each request made less garbage: 16 MB).
    if (this.seen % YOUNG_EVERY === 0 && this.capYoung && !this.released && !this.holding && youngSize() >= YOUNG_CAP_BYTES) {
      this.holding = true;
      if (capping === 0) v8.setFlagsFromString('--semi-space-growth-factor=1');
      capping += 1;
    }
    if (this.seen % EVERY !== 0) return;
    if (!this.short && heapUsed(this.oldGeneration) >= this.floor + this.headroom) this.settle();
  }
}
