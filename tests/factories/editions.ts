/* Editions through the real API (STYLE.md §20), for the tests of what hangs off them. */
import type { FastifyInstance } from 'fastify';
import { auth, type TestUser } from './index';

/** An edition made by `by` (an administrator) under `parentId`; throws unless it is made. */
export async function createEdition(
  app: FastifyInstance,
  by: TestUser,
  edition: { slug: string; kind: string; parentId: string; names: Record<string, string> },
): Promise<{ _id: string; slug: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/editions',
    headers: auth(by),
    payload: edition,
  });
  if (res.statusCode !== 201) throw new Error(`edition failed: ${res.statusCode} ${res.body}`);
  return res.json();
}
