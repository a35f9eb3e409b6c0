/** HeapCeiling: asks for full collections as the heap grows, and leaves no `gc` to the user's later contexts. */
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
