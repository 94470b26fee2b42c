import type { LightMyRequestResponse } from 'fastify';
import { waitUntil } from './wait-until';

/**
 * An answer once any refresh a change asked for has run. A kept page, feed or sitemap is served
 * stale while one render refreshes it (docs/decisions/029), so what a write changed shows a
 * moment after the write's answer, not at once: a test reading after a write asks again while
 * it gets `x-page-cache: stale`.
 */
export async function settled(
  ask: () => Promise<LightMyRequestResponse>,
): Promise<LightMyRequestResponse> {
  let answer = await ask();
  await waitUntil(
    async () => {
      if (answer.headers['x-page-cache'] !== 'stale') return true;
      answer = await ask();
      return answer.headers['x-page-cache'] !== 'stale';
    },
    { timeoutMs: 20_000, message: 'the kept answer was never refreshed' },
  );
  return answer;
}
