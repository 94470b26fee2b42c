/*
 * The comments' calls as tests make them (issue 42), and a reader whose address is proved as
 * an e-mail link proves it (tests/integration/readers/email-link.test.ts checks the link does).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema/users';
import { auth, createUser, type TestUser } from '../factories';

export function commentCalls(app: () => FastifyInstance) {
  return {
    list: (articleId: string, query = '', headers: Record<string, string> = {}) =>
      app().inject({ url: `/api/articles/${articleId}/comments${query}`, headers }),
    post: (who: TestUser | undefined, articleId: string, payload: Record<string, unknown>) =>
      app().inject({
        method: 'POST',
        url: `/api/articles/${articleId}/comments`,
        headers: who ? auth(who) : {},
        payload,
      }),
    edit: (who: TestUser, id: string, payload: Record<string, unknown>) =>
      app().inject({ method: 'PUT', url: `/api/comments/${id}`, headers: auth(who), payload }),
    remove: (who: TestUser, id: string) =>
      app().inject({ method: 'DELETE', url: `/api/comments/${id}`, headers: auth(who) }),
    queue: (who: TestUser, query = '') =>
      app().inject({ url: `/api/comments${query}`, headers: auth(who) }),
    setStatus: (who: TestUser, id: string, status: string) =>
      app().inject({
        method: 'PUT',
        url: `/api/comments/${id}/status`,
        headers: auth(who),
        payload: { status },
      }),
    moderate: (who: TestUser, ids: string[], status: string) =>
      app().inject({
        method: 'POST',
        url: '/api/comments/moderate',
        headers: auth(who),
        payload: { ids, status },
      }),
    /** Changes the `comments` settings named, keeping the others as they are. */
    settings: async (admin: TestUser, changes: Record<string, unknown>) => {
      const current = (await app().inject({ url: '/api/settings' })).json().comments;
      return app().inject({
        method: 'PUT',
        url: '/api/settings',
        headers: auth(admin),
        payload: { comments: { ...current, ...changes } },
      });
    },
  };
}

/** A reader who signed in by an e-mail link once (their address is proved). */
export async function confirmedReader(app: FastifyInstance, name?: string): Promise<TestUser> {
  const reader = await createUser(app, 'reader', name ? { name } : {});
  await app.services.database.db
    .update(users)
    .set({ emailConfirmedAt: new Date() })
    .where(eq(users.id, reader._id));
  return reader;
}
