import { expect, it } from 'vitest';
import { boundedMemo } from '../../common/bounded-memo';

it('computes once per argument, keeps at most its bound, and forgets all at once when full', () => {
  const computed: string[] = [];
  const upper = boundedMemo(2, (word: string) => {
    computed.push(word);
    return word.toUpperCase();
  });
  expect([upper('a'), upper('a'), upper('b')]).toEqual(['A', 'A', 'B']);
  expect(computed).toEqual(['a', 'b']);
  // Full: the third is kept after the others are forgotten.
  expect(upper('c')).toBe('C');
  expect([upper('c'), upper('a')]).toEqual(['C', 'A']);
  expect(computed).toEqual(['a', 'b', 'c', 'a']);
});

it('remembers an answer of undefined too', () => {
  let calls = 0;
  const nothing = boundedMemo(10, () => {
    calls++;
    return undefined;
  });
  nothing('x');
  nothing('x');
  expect(calls).toBe(1);
});
