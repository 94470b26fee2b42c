/*
 * The audit trail records a person deleting their own account (issue 40 item 6, "user
 * deleted"): once, with its id, name and role, and without its e-mail; a refused deletion
 * (a wrong password) records nothing.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auth, createUser, signUp, someAddress, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let app: FastifyInstance;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  app = t.app;
  admin = await signUp(app, { name: 'Asha Admin' });
});
afterAll(async () => t.close());

const deleteOwn = (user: TestUser, password: string) =>
  app.inject({
    method: 'DELETE',
    url: '/api/me',
    headers: auth(user),
    payload: { password },
    remoteAddress: someAddress(),
  });

interface Entry {
  actor: { _id: string; name: string } | null;
  subject: { kind: string; id: string; name: string };
  details: Record<string, unknown>;
}
/** The `user.deleted` entries about `id`, waited for a little (recorded after the answer). */
async function deletedEntries(id: string, atLeast: number) {
  let found: Entry[] = [];
  for (let i = 0; i < 50; i++) {
    const res = await app.inject({
      method: 'GET',
      url: '/api/audit?action=user.deleted&limit=200',
      headers: auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    found = (res.json().entries as Entry[]).filter((e) => e.subject.id === id);
    if (found.length >= atLeast) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return found;
}

it('records an account deleted by its owner, once, without its e-mail', async () => {
  const author = await createUser(app, 'author', { name: 'Leaving Author' });
  const refused = await deleteOwn(author, 'not the password');
  expect(refused.statusCode).toBe(400);
  expect(await deletedEntries(author._id, 1)).toEqual([]);

  const deleted = await deleteOwn(author, author.password);
  expect(deleted.statusCode, deleted.body).toBe(200);
  const entries = await deletedEntries(author._id, 1);
  expect(entries).toHaveLength(1);
  expect(entries[0]).toMatchObject({
    actor: { _id: author._id, name: 'Leaving Author' },
    subject: { kind: 'user', id: author._id, name: 'Leaving Author' },
    details: { role: 'author' },
  });
  expect(JSON.stringify(entries[0])).not.toContain(author.email);
});
