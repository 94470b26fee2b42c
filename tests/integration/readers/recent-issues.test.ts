/*
 * The dashboard's newsletter issues (issue 37 item 3, "shown on the dashboard as it goes"):
 * `GET /api/newsletters/issues` answers the newest issues of every newsletter, newest first,
 * each naming its newsletter, with counts that move from pending to sent as the queue goes
 * (sent here by the queue's own runs through a real smtp-server); editors only.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { issuePagePath, RECENT_ISSUES } from '../../../common/schemas/newsletters';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  multipart,
  type TestUser,
} from '../../factories';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: TestUser;

type Recent = {
  _id: string;
  subject: string;
  sentAt: string | null;
  recipients: number;
  sent: number;
  failed: number;
  pending: number;
  newsletter: { _id: string; name: string; slug: string };
};

beforeAll(async () => {
  smtp = await startSmtpServer();
  // No job polling: the queue goes only when this file runs it, so "going out" can be seen.
  t = await createTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL: 'https://patrika.test', NEWSLETTER_RATE: '1000' },
    { pollJobs: false },
  );
  admin = await createAdmin(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function newsletterWith(name: string, categoryId: string, addresses: string[]) {
  const made = await t.app.inject({
    method: 'POST',
    url: '/api/newsletters',
    headers: auth(admin),
    payload: {
      name,
      language: 'en',
      schedule: { kind: 'manual', time: '07:00' },
      categories: [categoryId],
      maxArticles: 5,
    },
  });
  expect(made.statusCode, made.body).toBe(201);
  const newsletter = made.json<{ _id: string; slug: string }>();
  const csv = ['email,name,newsletters,subscribed_at,consent']
    .concat(addresses.map((a) => `${a},,${newsletter.slug},,true`))
    .join('\n');
  const body = multipart([
    { name: 'file', filename: 'list.csv', contentType: 'text/csv', data: csv },
  ]);
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/newsletters/subscribers/import',
    headers: { ...body.headers, ...auth(admin) },
    payload: body.payload,
  });
  expect(imported.json()).toMatchObject({ imported: addresses.length, refused: [] });
  return newsletter;
}

const send = async (id: string) => {
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/newsletters/${id}/send`,
    headers: auth(admin),
  });
  expect(sent.statusCode, sent.body).toBe(202);
  return sent.json<{ issueId: string }>().issueId;
};

const recent = async (user: TestUser = admin) => {
  const answer = await t.app.inject({ url: '/api/newsletters/issues', headers: auth(user) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<Recent[]>();
};

it('lists the newest issues of every newsletter as they go out, for editors only', async () => {
  expect(await recent()).toEqual([]);
  const category = await createCategory(t.app, admin, { name: 'Dashboard Desk' });
  const morning = await newsletterWith('Morning Sheet', category._id, [
    'one@example.com',
    'two@example.com',
    'three@example.com',
  ]);
  const evening = await newsletterWith('Evening Sheet', category._id, ['four@example.com']);
  // A digest takes what was published since the newsletter was made.
  await createArticle(t.app, admin, category._id, { name: 'Polls close at six' });

  const first = await send(morning._id);
  const second = await send(evening._id);
  // Newest first, each naming its newsletter; nothing has gone yet.
  const going = await recent();
  expect(going.map((i) => i._id)).toEqual([second, first]);
  expect(going[1]).toMatchObject({
    subject: 'Morning Sheet: Polls close at six',
    sentAt: null,
    recipients: 3,
    sent: 0,
    failed: 0,
    pending: 3,
    newsletter: { _id: morning._id, name: 'Morning Sheet', slug: morning.slug },
  });

  // The queue goes: the counts follow, and the issue is marked sent.
  await t.app.services.newsletters.runSend(first);
  await t.app.services.mailer.settled();
  const after = (await recent()).find((i) => i._id === first);
  expect(after).toMatchObject({ recipients: 3, sent: 3, failed: 0, pending: 0 });
  expect(after!.sentAt).not.toBeNull();
  expect(smtp.to('three@example.com')).toHaveLength(1);
  // Its web page is where the dashboard links it.
  const web = await t.app.inject({ url: issuePagePath(morning.slug, first) });
  expect(web.statusCode).toBe(200);
  expect(web.body).toContain('Polls close at six');

  // Only the newest few.
  for (let i = 0; i < RECENT_ISSUES; i++) {
    await createArticle(t.app, admin, category._id, { name: `Round ${i + 1} counted` });
    await send(evening._id);
  }
  const newest = await recent();
  expect(newest).toHaveLength(RECENT_ISSUES);
  expect(newest.map((i) => i._id)).not.toContain(first);

  // Editors see it; authors and readers are refused, and nobody signed out gets it.
  const editor = await createUser(t.app, 'editor');
  expect(await recent(editor)).toHaveLength(RECENT_ISSUES);
  for (const role of ['author', 'reader'] as const) {
    const user = await createUser(t.app, role);
    const refused = await t.app.inject({ url: '/api/newsletters/issues', headers: auth(user) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('auth.role_required');
  }
  expect((await t.app.inject({ url: '/api/newsletters/issues' })).statusCode).toBe(401);
});
