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

/**
 * Editions kept by key, each slug `<key>-<tail>` (the test file's own suffix): `add('raj',
 * 'state', NATIONAL_EDITION_ID, names)` makes one into `made.raj`; names default to the slug.
 * `maker` is read at each call, since a file makes its app and administrator in `beforeAll`.
 */
export function editionTree(maker: () => { app: FastifyInstance; by: TestUser }, tail: string) {
  const made: Record<string, { _id: string; slug: string }> = {};
  const add = async (
    key: string,
    kind: string,
    parentId: string,
    names?: Record<string, string>,
  ) => {
    const { app, by } = maker();
    const slug = `${key}-${tail}`;
    made[key] = await createEdition(app, by, {
      slug,
      kind,
      parentId,
      names: names ?? { hi: slug, en: slug },
    });
  };
  return { made, add };
}
