/*
 * The members screen's calls (issue 39 item 4): finding a person by e-mail through the users
 * list, and ending a complimentary membership an administrator gave.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdmin, createUser, type TestUser } from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

const summary = async () =>
  (await t.app.inject({ url: '/api/members/summary', headers: auth(admin) })).json();

describe('the members screen', () => {
  it('finds a person by e-mail, in any case, and nobody for an unknown address', async () => {
    const reader = await createUser(t.app, 'reader');
    const found = await t.app.inject({
      url: `/api/users?email=${encodeURIComponent(reader.email.toUpperCase())}`,
      headers: auth(admin),
    });
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().users.map((u: { _id: string }) => u._id)).toEqual([reader._id]);
    const none = await t.app.inject({
      url: '/api/users?email=nobody%40example.invalid',
      headers: auth(admin),
    });
    expect(none.json()).toMatchObject({ users: [], totalUsers: 0 });
    const bad = await t.app.inject({
      url: '/api/users?email=not-an-address',
      headers: auth(admin),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('ends a complimentary membership now; only administrators, only a running one', async () => {
    const reader = await createUser(t.app, 'reader');
    const before = await summary();
    const given = await t.app.inject({
      method: 'POST',
      url: `/api/members/${reader._id}/complimentary`,
      headers: auth(admin),
      payload: {},
    });
    expect(given.statusCode).toBe(201);
    expect((await summary()).activeMembers).toBe(before.activeMembers + 1);
    const url = `/api/members/${reader._id}/complimentary`;
    const editor = await createUser(t.app, 'editor');
    for (const user of [reader, editor]) {
      const refused = await t.app.inject({ method: 'DELETE', url, headers: auth(user) });
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'member.forbidden']);
    }
    const ended = await t.app.inject({ method: 'DELETE', url, headers: auth(admin) });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ status: 'cancelled', provider: 'complimentary' });
    expect(await summary()).toMatchObject({
      activeMembers: before.activeMembers,
      complimentary: before.complimentary,
    });
    const mine = await t.app.inject({ url: '/api/me/membership', headers: auth(reader) });
    expect(mine.json().status).toBe('cancelled');
    const again = await t.app.inject({ method: 'DELETE', url, headers: auth(admin) });
    expect([again.statusCode, again.json().code]).toEqual([404, 'member.complimentary_none']);
  });

  it('records the end of a complimentary membership in the audit trail (issue 66 item 12)', async () => {
    const reader = await createUser(t.app, 'reader');
    const url = `/api/members/${reader._id}/complimentary`;
    expect(
      (await t.app.inject({ method: 'POST', url, headers: auth(admin), payload: {} })).statusCode,
    ).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url, headers: auth(admin) })).statusCode).toBe(
      200,
    );
    // Recorded after the answer went out.
    let entries: { actor: { _id: string } | null; subject: { id: string } }[] = [];
    for (const until = Date.now() + 5_000; entries.length === 0 && Date.now() < until;) {
      const res = await t.app.inject({
        url: '/api/audit?action=member.complimentary_ended&limit=200',
        headers: auth(admin),
      });
      expect(res.statusCode, res.body).toBe(200);
      entries = (res.json().entries as typeof entries).filter((e) => e.subject.id === reader._id);
      if (entries.length === 0) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(entries).toHaveLength(1);
    expect(entries[0]!.actor?._id).toBe(admin._id);
  });
});
