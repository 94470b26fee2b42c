/*
 * The audit trail (issue 40 item 6, docs/decisions/052a): each audited action appears once in
 * GET /api/audit with its actor, address (truncated) and browser; filters, pages and CSV; only
 * administrators read it; no SQL changes or deletes an entry but the retention job's trim.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createArticle,
  createCategory,
  createUser,
  signUp,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

let t: TestApp;
let app: FastifyInstance;
let admin: TestUser;
let editor: TestUser;

beforeAll(async () => {
  // Webhooks to this machine are allowed, so one can be added without a public receiver.
  t = await createTestApp({ WEBHOOKS_ALLOW_PRIVATE: '1' });
  app = t.app;
  admin = await signUp(app, { name: 'Asha Admin' });
  editor = await createUser(app, 'editor', { name: 'Esha Editor' });
});
afterAll(async () => t.close());

type Entry = {
  _id: string;
  at: string;
  actor: { _id: string; name: string } | null;
  action: string;
  subject: { kind: string; id: string; name: string };
  ip: string;
  userAgent: string;
  details: Record<string, unknown>;
};
const audit = async (query: string, by: TestUser = admin) => {
  const res = await app.inject({ method: 'GET', url: `/api/audit?${query}`, headers: auth(by) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { entries: Entry[]; currentPage: number; totalPages: number };
};
/**
 * The entries of one action about one subject (or by one actor). An entry of an HTTP call is
 * written once its answer is out (audit-hooks.ts), so an expected one is waited for, up to 5 s.
 */
const entriesOf = async (action: string, match: (e: Entry) => boolean) => {
  const read = async () => (await audit(`action=${action}&limit=200`)).entries.filter(match);
  const until = Date.now() + 5_000;
  let found = await read();
  while (found.length === 0 && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    found = await read();
  }
  return found;
};

describe('what is recorded', () => {
  it('sign-ins that succeed, fail and are paused, with the address truncated', async () => {
    const person = await createUser(app, 'author', { name: 'Anil Author' });
    const signIn = (password: string, remoteAddress: string) =>
      app.inject({
        method: 'POST',
        url: '/api/users/signin',
        payload: { email: person.email, password },
        headers: { 'user-agent': 'Audit Browser 1.0' },
        remoteAddress,
      });
    expect((await signIn(person.password, '10.20.30.40')).statusCode).toBe(200);
    expect((await signIn('not the password', '2001:db8:abcd:12::1')).statusCode).toBe(401);
    const ok = await entriesOf('auth.signin', (e) => e.subject.name === person.email);
    expect(ok).toHaveLength(1);
    expect(ok[0]).toMatchObject({
      actor: { _id: person._id, name: 'Anil Author' },
      ip: '10.20.30.0/24',
      userAgent: 'Audit Browser 1.0',
    });
    const failed = await entriesOf('auth.signin_failed', (e) => e.subject.name === person.email);
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ actor: null, ip: '2001:db8:abcd::/48' });
    // The password tried is never kept.
    expect(JSON.stringify(failed[0])).not.toContain('not the password');
    for (let i = 0; i < 10; i++) await signIn('wrong again', `10.99.0.${i + 1}`);
    const paused = await entriesOf('auth.signin_locked', (e) => e.subject.name === person.email);
    expect(paused.length).toBeGreaterThanOrEqual(1);
  });

  it('role changes, invitations, settings (keys, never values) and ended sessions', async () => {
    const person = await createUser(app, 'reader');
    const role = await app.inject({
      method: 'PUT',
      url: `/api/users/${person._id}/role`,
      headers: auth(admin),
      payload: { role: 'author' },
    });
    expect(role.statusCode).toBe(200);
    const roles = await entriesOf('user.role_changed', (e) => e.subject.id === person._id);
    expect(roles).toHaveLength(1);
    expect(roles[0]).toMatchObject({
      actor: { _id: admin._id, name: 'Asha Admin' },
      subject: { kind: 'user', name: person.name },
      details: { role: 'author' },
    });

    const invite = await app.inject({
      method: 'POST',
      url: '/api/users/invite',
      headers: auth(admin),
      payload: { name: 'Nila New', email: 'nila@example.com', role: 'editor' },
    });
    expect(invite.statusCode, invite.body).toBe(201);
    const invited = await entriesOf('user.invited', (e) => e.subject.name === 'nila@example.com');
    expect(invited).toHaveLength(1);
    expect(invited[0]!.details).toEqual({ role: 'editor' });

    const settings = await app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: auth(admin),
      payload: {
        contactPhone: '+91 98765 43210',
        feedFullText: true,
        siteName: 'Patrika — पत्रिका',
      },
    });
    expect(settings.statusCode, settings.body).toBe(200);
    // From the settings' event: only the keys whose values changed (the form sends them all).
    await waitUntil(async () => (await entriesOf('settings.changed', () => true)).length > 0, {
      timeoutMs: 20_000,
      message: 'the settings change never reached the audit trail',
    });
    const changed = (await entriesOf('settings.changed', () => true))[0]!;
    expect(changed.actor).toEqual({ _id: admin._id, name: 'Asha Admin' });
    expect(changed.details).toEqual({ keys: ['contactPhone', 'feedFullText'] });
    expect(JSON.stringify(changed)).not.toContain('98765');

    const ended = await app.inject({
      method: 'DELETE',
      url: `/api/users/${person._id}/sessions`,
      headers: auth(admin),
    });
    expect(ended.statusCode).toBe(200);
    const sessions = await entriesOf('session.ended', (e) => e.subject.id === person._id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ actor: { _id: admin._id }, details: { scope: 'all' } });
  });

  it('articles published and deleted (from events), categories deleted', async () => {
    const category = await createCategory(app, admin, { name: 'Audit Desk' });
    const article = await createArticle(app, editor, category._id, { name: 'Audited story' });
    const removed = await app.inject({
      method: 'DELETE',
      url: `/api/articles/delete/${article._id}`,
      headers: auth(editor),
    });
    expect(removed.statusCode).toBe(200);
    const about = (e: Entry) => e.subject.id === article._id;
    await waitUntil(async () => (await entriesOf('article.deleted', about)).length > 0, {
      timeoutMs: 20_000,
      message: 'the article’s deletion never reached the audit trail',
    });
    const published = await entriesOf('article.published', about);
    expect(published).toHaveLength(1);
    expect(published[0]).toMatchObject({
      actor: { _id: editor._id, name: 'Esha Editor' },
      subject: { kind: 'article', name: 'Audited story' },
    });
    expect(await entriesOf('article.deleted', about)).toHaveLength(1);

    const gone = await app.inject({
      method: 'DELETE',
      url: `/api/categories/delete/${category._id}`,
      headers: auth(admin),
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await entriesOf('category.deleted', (e) => e.subject.id === category._id)).toHaveLength(
      1,
    );
  });

  it('keys and webhooks made, changed and removed by administrators, never their secrets (issue 41)', async () => {
    const call = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
      const res = await app.inject({ method, url, headers: auth(admin), payload });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json() as { _id: string; key?: string };
    };
    const key = await call('POST', '/api/keys', { name: 'Android app', scopes: ['content:read'] });
    await call('DELETE', `/api/keys/${key._id}`);
    const hook = await call('POST', '/api/webhooks', {
      url: 'http://127.0.0.1:9/hook?token=hook-token-s3cret',
      events: ['breaking.set'],
      description: 'TV ticker',
    });
    await call('PUT', `/api/webhooks/${hook._id}`, {
      url: 'http://127.0.0.1:9/hook?token=hook-token-s3cret',
      events: ['breaking.set', 'breaking.cleared'],
      description: 'TV ticker',
    });
    await call('DELETE', `/api/webhooks/${hook._id}`);
    const expected = [
      ['api_key.created', key._id, 'Android app'],
      ['api_key.revoked', key._id, ''],
      ['webhook.created', hook._id, 'TV ticker'],
      ['webhook.changed', hook._id, 'TV ticker'],
      ['webhook.deleted', hook._id, ''],
    ] as const;
    for (const [action, id, name] of expected) {
      const about = (e: Entry) => e.subject.id === id;
      await waitUntil(async () => (await entriesOf(action, about)).length > 0, {
        timeoutMs: 10_000,
        message: `${action} never reached the audit trail`,
      });
      const entries = await entriesOf(action, about);
      expect(entries, action).toHaveLength(1);
      expect(entries[0]!.actor?._id).toBe(admin._id);
      if (name) expect(entries[0]!.subject.name).toBe(name);
    }
    const everything = JSON.stringify((await audit('limit=200')).entries);
    expect(everything).not.toContain(key.key!);
    expect(everything).not.toContain('hook-token-s3cret');
  });
});

describe('reading the trail', () => {
  it('is for administrators only', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/audit', headers: auth(editor) });
    expect(res.statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/audit' })).statusCode).toBe(401);
  });

  it('filters by actor, action and time, and pages', async () => {
    const byAdmin = await audit(`actor=${admin._id}&limit=200`);
    expect(byAdmin.entries.length).toBeGreaterThan(0);
    expect(byAdmin.entries.every((e) => e.actor?._id === admin._id)).toBe(true);
    const future = await audit(`from=${encodeURIComponent('2999-01-01T00:00:00Z')}`);
    expect(future.entries).toEqual([]);
    const past = await audit(`to=${encodeURIComponent('2000-01-01T00:00:00Z')}`);
    expect(past.entries).toEqual([]);
    const paged = await audit('limit=1&page=2');
    expect(paged.entries).toHaveLength(1);
    expect(paged.currentPage).toBe(2);
    expect(paged.totalPages).toBeGreaterThan(2);
    const bad = await app.inject({
      method: 'GET',
      url: '/api/audit?action=nothing.real',
      headers: auth(admin),
    });
    expect(bad.statusCode).toBe(400);
  });

  it('answers CSV with format=csv, formulas defused', async () => {
    // A name a spreadsheet would run as a formula.
    await app.services.audit.record({
      action: 'auth.signin_failed',
      subject: { kind: 'user', id: '', name: '=cmd@example.com' },
    });
    const res = await app.inject({
      method: 'GET',
      url: '/api/audit?format=csv&action=auth.signin_failed',
      headers: auth(admin),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'at,actor_id,actor_name,action,subject_kind,subject_id,subject_name,ip,user_agent,details',
    );
    expect(lines.length).toBeGreaterThan(1);
    expect(res.body).toContain(`"'=cmd@example.com"`);
  });
});

describe('append-only', () => {
  it('refuses every UPDATE and DELETE, and lets only the retention job trim', async () => {
    const db = app.services.database.db;
    await expect(
      db.execute(sql`UPDATE audit_entries SET actor_name = 'someone else'`),
    ).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM audit_entries`)).rejects.toThrow();
    await expect(db.execute(sql`TRUNCATE audit_entries`)).rejects.toThrow();
    const old = new Date(Date.now() - 400 * 24 * 60 * 60_000);
    await app.services.audit.record({
      action: 'settings.changed',
      subject: { kind: 'settings', id: 'old-one' },
      at: old,
    });
    const before = (await audit('action=settings.changed&limit=200')).entries.length;
    expect(await app.services.audit.trim()).toBe(1);
    const after = await audit('action=settings.changed&limit=200');
    expect(after.entries).toHaveLength(before - 1);
    expect(after.entries.some((e) => e.subject.id === 'old-one')).toBe(false);
  });
});
