import { describe, expect, it } from 'vitest';
import { compareText } from './text-order.ts';

describe('compareText', () => {
  it('orders as localeCompare does (case, accents, digits, underscores, empty)', () => {
    const words = ['get_user', 'Get_user', 'get-user', 'getUser', 'éclair', 'eclair', 'Zebra', 'apple', 'item10', 'item2', '', '_private', 'ÄPFEL', 'äpfel'];
    expect([...words].sort(compareText)).toEqual([...words].sort((a, b) => a.localeCompare(b)));
    for (const a of words) for (const b of words) expect(Math.sign(compareText(a, b))).toBe(Math.sign(a.localeCompare(b)));
  });
});
