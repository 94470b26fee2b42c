/**
 * Waits for a condition, never for a fixed time (STYLE.md §19): asks `condition` every
 * `intervalMs` until it holds, and fails after `timeoutMs` with `message` saying what never
 * happened (plus `detail()`, e.g. a server's output, when given).
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  opts: { timeoutMs: number; message: string; intervalMs?: number; detail?: () => string },
): Promise<void> {
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    if (await condition()) return;
    if (Date.now() >= deadline) {
      const detail = opts.detail?.();
      throw new Error(
        `${opts.message} (waited ${opts.timeoutMs} ms)${detail ? `:\n${detail}` : ''}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, opts.intervalMs ?? 50));
  }
}
