/*
 * Issue 37 item 5: moving lists in and out. A CSV of 10,000 rows with 10 bad ones imports
 * 9,990 (confirmed, no confirmation mail) and reports the 10 by line (the header is line 1);
 * the export answers every confirmed address of a newsletter with its status.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers, newsletterSubscriptions } from '../../../db/schema/newsletters';
import { readerConsents } from '../../../db/schema/readers';
import { auth, createAdmin, createUser, multipart, type TestUser } from '../../factories';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: TestUser;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://patrika.test' });
  admin = await createAdmin(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function newsletter(name: string) {
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/newsletters',
    headers: auth(admin),
    payload: { name, language: 'en', schedule: { kind: 'manual', time: '07:00' }, maxArticles: 5 },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<{ _id: string; slug: string }>();
}

const importCsv = (csv: string, by: TestUser = admin) => {
  const body = multipart([
    { name: 'file', filename: 'list.csv', contentType: 'text/csv', data: csv },
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/newsletters/subscribers/import',
    headers: { ...body.headers, ...auth(by) },
    payload: body.payload,
  });
};

/** The bad rows, by index of the data row: line = index + 2 (the header is line 1). */
const BAD: Record<number, { row: string; reason: string }> = {
  7: { row: 'not-an-address,Bad,morning-digest,,true', reason: 'invalid_email' },
  450: { row: ',Nobody,morning-digest,,true', reason: 'invalid_email' },
  1201: { row: 'x1@example.com,X,no-such-list,,true', reason: 'unknown_newsletter' },
  2002: { row: 'x2@example.com,X,morning-digest;gone,,true', reason: 'unknown_newsletter' },
  3003: { row: 'x3@example.com,X,,,true', reason: 'unknown_newsletter' },
  4004: { row: 'x4@example.com,X,morning-digest,,false', reason: 'no_consent' },
  5005: { row: 'x5@example.com,X,morning-digest,,', reason: 'no_consent' },
  6006: { row: 'x6@example.com,X,evening-digest,,yes', reason: 'no_consent' },
  8008: { row: 'x7@@example.com,X,morning-digest,,true', reason: 'invalid_email' },
  9999: { row: 'x8@example.com,X,unknown,,TRUE', reason: 'unknown_newsletter' },
};

describe('subscribers in and out (issue 37 item 5)', () => {
  it('imports 10,000 rows with 10 bad ones: 9,990 in, the 10 reported by line', async () => {
    const morning = await newsletter('Morning Digest');
    const evening = await newsletter('Evening Digest');
    expect([morning.slug, evening.slug]).toEqual(['morning-digest', 'evening-digest']);
    const lines = ['email,name,newsletters,subscribed_at,consent'];
    for (let i = 0; i < 10_000; i++) {
      const lists = i % 3 === 0 ? 'morning-digest;evening-digest' : 'morning-digest';
      lines.push(
        BAD[i]?.row ??
          `Reader${i}@Example.com,"Reader, ${i}",${lists},2024-03-0${1 + (i % 9)}T06:00:00Z,true`,
      );
    }
    const started = Date.now();
    const res = await importCsv(lines.join('\r\n') + '\r\n');
    const took = Date.now() - started;
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<{ imported: number; refused: { line: number; reason: string }[] }>();
    expect(answer.imported).toBe(9990);
    expect(answer.refused).toEqual(
      Object.entries(BAD).map(([i, bad]) => ({ line: Number(i) + 2, reason: bad.reason })),
    );
    // Batched writes: well within a minute even on PGlite on a busy machine.
    expect(took).toBeLessThan(60_000);

    const db = t.app.services.database.db;
    const one = await db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'reader3@example.com'));
    expect(one[0]).toMatchObject({ name: 'Reader, 3' });
    const subs = await db
      .select()
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.subscriberId, one[0]!.id));
    expect(subs.map((s) => s.status)).toEqual(['subscribed', 'subscribed']);
    expect(subs[0]!.confirmedAt?.toISOString()).toBe('2024-03-04T06:00:00.000Z');
    const consents = await db
      .select()
      .from(readerConsents)
      .where(eq(readerConsents.email, 'reader3@example.com'));
    expect(consents).toHaveLength(1);
    expect(consents[0]).toMatchObject({ purpose: 'newsletter', form: 'import' });
    // Confirmed subscribers: no confirmation mail went to anyone.
    await t.app.services.mailer.settled();
    expect(smtp.received).toHaveLength(0);

    // The import is in the audit trail, by counts.
    await waitUntil(
      async () => {
        const trail = await t.app.inject({
          url: '/api/audit?action=subscribers.imported',
          headers: auth(admin),
        });
        return trail.json<{ entries: unknown[] }>().entries.length === 1;
      },
      { timeoutMs: 5000, message: 'no audit entry of the import' },
    );
    const trail = await t.app.inject({
      url: '/api/audit?action=subscribers.imported',
      headers: auth(admin),
    });
    expect(trail.json().entries[0].details).toEqual({ imported: 9990, refused: 10 });
  }, 180_000);

  it('exports a newsletter’s subscribers with their status, and only to administrators', async () => {
    const list = await newsletter('Election Night');
    const csv = [
      'Email,Name,Newsletters,Subscribed_At,Consent',
      'stays@example.com,Stays,election-night,2025-01-01T00:00:00Z,true',
      'leaves@example.com,Leaves,election-night,2025-01-02T00:00:00Z,true',
      'bounces@example.com,=Bounces,election-night,2025-01-03T00:00:00Z,true',
    ].join('\n');
    expect((await importCsv(csv)).json()).toEqual({ imported: 3, refused: [] });
    const db = t.app.services.database.db;
    const [leaves] = await db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'leaves@example.com'));
    await db
      .update(newsletterSubscriptions)
      .set({ status: 'unsubscribed', unsubscribedAt: new Date() })
      .where(eq(newsletterSubscriptions.subscriberId, leaves!.id));
    await db
      .update(newsletterSubscribers)
      .set({ bouncedAt: new Date() })
      .where(eq(newsletterSubscribers.email, 'bounces@example.com'));
    // Importing the list again keeps the reader's own choice: unsubscribed stays unsubscribed.
    expect((await importCsv(csv)).json()).toEqual({ imported: 3, refused: [] });

    const res = await t.app.inject({
      url: `/api/newsletters/subscribers?newsletter=${list._id}&format=csv`,
      headers: auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toContain('subscribers-election-night.csv');
    expect(res.body.split('\r\n')).toEqual([
      'email,name,newsletters,subscribed_at,consent,status',
      `bounces@example.com,"'=Bounces",election-night,2025-01-03T00:00:00.000Z,true,bounced`,
      'leaves@example.com,Leaves,election-night,2025-01-02T00:00:00.000Z,true,unsubscribed',
      'stays@example.com,Stays,election-night,2025-01-01T00:00:00.000Z,true,subscribed',
      '',
    ]);
    const json = await t.app.inject({
      url: `/api/newsletters/subscribers?newsletter=${list._id}&format=json`,
      headers: auth(admin),
    });
    expect(json.json().map((r: { status: string }) => r.status)).toEqual([
      'bounced',
      'unsubscribed',
      'subscribed',
    ]);

    const editor = await createUser(t.app, 'editor');
    const refused = await t.app.inject({
      url: `/api/newsletters/subscribers?newsletter=${list._id}&format=csv`,
      headers: auth(editor),
    });
    expect(refused.statusCode).toBe(403);
    const importRefused = await importCsv(csv, editor);
    expect(importRefused.statusCode).toBe(403);
  });

  it('refuses a file without an email column, a broken CSV, and a body without a file', async () => {
    const noEmail = await importCsv('name,newsletters\nA,b\n');
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().code).toBe('subscribers.csv_no_email');
    const broken = await importCsv('email,name\n"open@example.com,A\n');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      code: 'subscribers.csv_unreadable',
      params: { line: 2 },
    });
    // A NUL byte in a name (PostgreSQL keeps none in text): refused at its line, not a 500
    // (issue 66 item 12), and nobody of the file imported.
    const list = await newsletter('Nul Digest');
    const nul = await importCsv(
      `email,name,newsletters,subscribed_at,consent\nnul1@example.com,Fine,${list.slug},,true\nnul2@example.com,A\u0000B,${list.slug},,true\n`,
    );
    expect(nul.statusCode, nul.body).toBe(400);
    expect(nul.json()).toMatchObject({ code: 'subscribers.csv_unreadable', params: { line: 3 } });
    expect(
      await t.database.db
        .select()
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, 'nul1@example.com')),
    ).toEqual([]);
    const body = multipart([{ name: 'other', data: 'x' }]);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/newsletters/subscribers/import',
      headers: { ...body.headers, ...auth(admin) },
      payload: body.payload,
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().code).toBe('subscribers.no_file');
  });
});
