import { afterEach, beforeEach, vi, type MockInstance } from 'vitest';

/** A console.error during a test fails it unless the test expects it (STYLE.md §20). */
let spy: MockInstance<typeof console.error>;

beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});

afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockRestore();
  if (calls.length > 0) {
    throw new Error(
      `console.error was called during the test:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`,
    );
  }
});

/** For a test that expects console.error: call it, and the calls are not held against the test. */
export const expectConsoleError = () => {
  const calls = [...spy.mock.calls];
  spy.mockClear();
  return calls;
};
