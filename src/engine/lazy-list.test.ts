import { describe, expect, it } from 'vitest';
import { lazyArray } from './lazy-list.js';

describe('lazyArray', () => {
  it('decodes an item on first access only and reads like an array', () => {
    const decoded: number[] = [];
    const list = lazyArray(5, (i) => {
      decoded.push(i);
      return { id: i };
    });
    expect(list.length).toBe(5);
    expect(list[3]).toEqual({ id: 3 });
    expect(list[3]).toBe(list[3]);
    expect(decoded).toEqual([3]);
    expect(Array.isArray(list)).toBe(true);
    expect(2 in list).toBe(true);
    expect(5 in list).toBe(false);
    expect(list[5]).toBeUndefined();
    expect(list.map((x) => x.id)).toEqual([0, 1, 2, 3, 4]);
    expect([...list].length).toBe(5);
    expect(Object.keys(list)).toEqual(['0', '1', '2', '3', '4']);
    expect(JSON.stringify(list)).toBe('[{"id":0},{"id":1},{"id":2},{"id":3},{"id":4}]');
    expect(decoded.sort()).toEqual([0, 1, 2, 3, 4]);
  });

  it('is read-only', () => {
    const list = lazyArray(2, (i) => i + 1);
    expect(() => {
      (list as number[])[0] = 7;
    }).toThrow('read-only');
    expect(() => (list as number[]).push(3)).toThrow('read-only');
  });
});
