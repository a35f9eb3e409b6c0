import { describe, expect, it } from 'vitest';
import { withLateOptimisation } from './lint-tiering.ts';

describe('withLateOptimisation', () => {
  it('returns what the lint run returns, and runs again after', async () => {
    await expect(withLateOptimisation(async () => 42)).resolves.toBe(42);
    await expect(withLateOptimisation(async () => 'again')).resolves.toBe('again');
  });

  it('passes a failure through, and a run after it still works', async () => {
    await expect(
      withLateOptimisation(async () => {
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    await expect(withLateOptimisation(async () => 'after')).resolves.toBe('after');
  });
});
