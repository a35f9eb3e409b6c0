/** HeapCeiling: asks for full collections as the heap grows, and leaves no `gc` to the user's later contexts. */
import { execFileSync } from 'node:child_process';
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { HEADROOM_BYTES, HeapCeiling, SHORT_RUN_CASES, YOUNG_CAP_BYTES } from './heap-ceiling.ts';

describe('HeapCeiling', () => {
  it('collects once the retained heap has grown past the headroom, and exposes gc to no new context', () => {
    const ceiling = new HeapCeiling();
    const kept: number[][] = [];
    // About 16 KB retained per tick: 4,096 ticks retain 64 MB, four times the headroom.
    for (let i = 0; i < 4096; i++) {
      kept.push(new Array(2000).fill(i));
      ceiling.tick();
    }
    expect(HEADROOM_BYTES).toBe(16 * 1024 * 1024);
    expect(ceiling.collections).toBeGreaterThanOrEqual(1);
    expect(vm.runInNewContext('typeof gc')).toBe('undefined');
    expect(kept.length).toBe(4096);
  });
});

describe('HeapCeiling with oldGeneration', () => {
  it('collects once the old generation has grown past the headroom', () => {
    const ceiling = new HeapCeiling({ headroomBytes: 2 * 1024 * 1024, oldGeneration: true });
    const kept: number[][] = [];
    // About 16 KB retained per tick, promoted as it survives: 64 MB over 4,096 ticks.
    for (let i = 0; i < 4096; i++) {
      kept.push(new Array(2000).fill(i));
      ceiling.tick();
    }
    expect(ceiling.collections).toBeGreaterThanOrEqual(2);
    expect(kept.length).toBe(4096);
  });
});

describe('HeapCeiling.expect', () => {
  const retain = (ceiling: HeapCeiling): number[][] => {
    const kept: number[][] = [];
    for (let i = 0; i < 4096; i++) {
      kept.push(new Array(2000).fill(i));
      ceiling.tick();
    }
    return kept;
  };

  it(`a run of at most ${SHORT_RUN_CASES} cases is left to V8: the same growth forces no collection`, () => {
    const ceiling = new HeapCeiling();
    ceiling.expect(SHORT_RUN_CASES);
    expect(retain(ceiling).length).toBe(4096);
    expect(ceiling.collections).toBe(0);
    ceiling.release();
  });

  it('a longer run still gets its forced collections', () => {
    const ceiling = new HeapCeiling();
    ceiling.expect(SHORT_RUN_CASES + 1);
    expect(retain(ceiling).length).toBe(4096);
    expect(ceiling.collections).toBeGreaterThanOrEqual(1);
    ceiling.release();
  });
});

describe('HeapCeiling.settle', () => {
  it('runs one full collection on demand, freeing what nothing holds any more', () => {
    const ceiling = new HeapCeiling();
    let garbage: number[][] | undefined = Array.from({ length: 2000 }, (_, i) => new Array(2000).fill(i));
    const before = v8.getHeapStatistics().used_heap_size;
    expect(garbage.length).toBe(2000);
    // eslint-disable-next-line no-useless-assignment -- dropping the last reference is what makes it garbage
    garbage = undefined;
    ceiling.settle();
    expect(ceiling.collections).toBe(1);
    expect(v8.getHeapStatistics().used_heap_size).toBeLessThan(before - 16 * 1024 * 1024);
  });

  it('after the inputs are read, only for a run long enough to be looked at (256 cases)', () => {
    const ceiling = new HeapCeiling();
    ceiling.settleInputs(255);
    expect(ceiling.collections).toBe(0);
    ceiling.settleInputs(256);
    expect(ceiling.collections).toBe(1);
  });
});

/**
 * The young-generation cap, in a fresh process (this worker's young generation has long since grown):
 * a workload whose survivors make V8 double the young generation to its 32 MB maximum stays at the
 * cap while a FLAT ceiling holds it, and grows again once the ceiling is released.
 */
describe('HeapCeiling with capYoung', () => {
  const child = (capped: boolean): { before: number; held: number; after: number } => {
    const script = `
      import v8 from 'node:v8';
      import { FLAT, HeapCeiling } from ${JSON.stringify(new URL('./heap-ceiling.ts', import.meta.url).pathname)};
      const young = () => v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size;
      const work = (ticks, ceiling) => {
        let max = 0;
        const keep = [];
        for (let i = 0; i < ticks; i++) {
          for (let j = 0; j < 20; j++) keep.push({ a: i, b: 'x' + i + j });
          if (keep.length > 40000) keep.splice(0, 20000);
          ceiling?.tick();
          max = Math.max(max, young());
        }
        return max;
      };
      const ceiling = ${capped} ? new HeapCeiling(FLAT) : undefined;
      const before = young();
      const held = work(150000, ceiling);
      ceiling?.release();
      const after = work(150000);
      process.stdout.write(JSON.stringify({ before, held, after }));
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 120_000 });
    return JSON.parse(out) as { before: number; held: number; after: number };
  };

  it('holds the young generation at YOUNG_CAP_BYTES until released; without it the same work grows past', () => {
    const free = child(false);
    expect(free.held).toBeGreaterThan(YOUNG_CAP_BYTES);
    const capped = child(true);
    expect(capped.before).toBeLessThan(YOUNG_CAP_BYTES);
    expect(capped.held).toBe(YOUNG_CAP_BYTES);
    expect(capped.after).toBeGreaterThan(YOUNG_CAP_BYTES);
  }, 240_000);
});
