/** HeapCeiling: asks for full collections as the heap grows, and leaves no `gc` to the user's later contexts. */
import v8 from 'node:v8';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { HEADROOM_BYTES, HeapCeiling } from './heap-ceiling.ts';

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

describe('HeapCeiling.settle', () => {
  it('runs one full collection on demand, freeing what nothing holds any more', () => {
    const ceiling = new HeapCeiling();
    let garbage: number[][] | undefined = Array.from({ length: 2000 }, (_, i) => new Array(2000).fill(i));
    const before = v8.getHeapStatistics().used_heap_size;
    expect(garbage.length).toBe(2000);
    garbage = undefined;
    ceiling.settle();
    expect(ceiling.collections).toBe(1);
    expect(v8.getHeapStatistics().used_heap_size).toBeLessThan(before - 16 * 1024 * 1024);
  });
});
