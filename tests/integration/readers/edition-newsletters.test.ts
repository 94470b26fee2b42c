/*
 * Issue 65 item 6: a newsletter bound to an edition. "A Jaipur newsletter issue holds Jaipur's
 * and national stories and no Jodhpur story" (the issue's acceptance), read from the mail the
 * local SMTP server took.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { auth, createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: TestUser;

const unique = () => randomBytes(4).toString('hex');

async function addEdition(kind: string, parentId: string) {
  const slug = `${kind}-${unique()}`;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/editions',
    headers: auth(admin),
    payload: { slug, kind, parentId, names: { hi: slug, en: slug } },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { _id: string };
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://patrika.test',
    NEWSLETTER_RATE: '100',
  });
  admin = await createAdmin(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const newsletterBody = (extra: object) => ({
  name: `Jaipur daily ${unique()}`,
  description: 'Jaipur in one mail',
  language: 'en',
  schedule: { kind: 'daily', time: '07:00' },
  maxArticles: 20,
  ...extra,
});

describe('a newsletter bound to an edition (issue 65 item 6)', () => {
  it('A Jaipur newsletter issue holds Jaipur’s and national stories and no Jodhpur story', async () => {
    const rajasthan = await addEdition('state', NATIONAL_EDITION_ID);
    const jaipur = await addEdition('city', rajasthan._id);
    const jodhpur = await addEdition('city', rajasthan._id);
    const category = await createCategory(t.app, admin, { name: `City desk ${unique()}` });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/newsletters',
      headers: auth(admin),
      payload: newsletterBody({ categories: [category._id], edition: jaipur._id }),
    });
    expect(made.statusCode, made.body).toBe(201);
    const newsletter = made.json();
    expect(newsletter.edition).toBe(jaipur._id);

    const email = `jaipur-reader-${unique()}@example.com`;
    await t.app.inject({
      method: 'POST',
      url: '/api/newsletters/subscribe',
      payload: { email, newsletters: [newsletter._id] },
    });
    const [confirmation] = await smtp.waitFor(email);
    await t.app.inject({ url: linkIn(confirmation!, '/newsletters/confirm/') });

    const inJaipur = await createArticle(t.app, admin, category._id, {
      name: 'Jaipur water story',
      editions: [jaipur._id],
      primaryEdition: jaipur._id,
    });
    const national = await createArticle(t.app, admin, category._id, {
      name: 'National budget story',
    });
    const inState = await createArticle(t.app, admin, category._id, {
      name: 'Rajasthan assembly story',
      editions: [rajasthan._id],
    });
    const inJodhpur = await createArticle(t.app, admin, category._id, {
      name: 'Jodhpur fort story',
      editions: [jodhpur._id],
      primaryEdition: jodhpur._id,
    });

    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/newsletters/${newsletter._id}/send`,
      headers: auth(admin),
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().issueId).toBeTruthy();
    await t.app.services.jobs.runDue();
    const [, issue] = await smtp.waitFor(email, 2);
    const text = issue!.text.replace(/=\r?\n/g, '');
    expect(text).toContain(inJaipur.slug);
    expect(text).toContain(national.slug);
    expect(text).toContain(inState.slug);
    expect(text).not.toContain(inJodhpur.slug);
  });

  it('refuses an unknown edition with 400 edition.unknown and makes nothing', async () => {
    const before = (await t.app.inject({ url: '/api/newsletters' })).json().length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletters',
      headers: auth(admin),
      payload: newsletterBody({ edition: '00000000-0000-4000-8000-0000000000ff' }),
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ path: 'body.edition', code: 'edition.unknown' });
    expect((await t.app.inject({ url: '/api/newsletters' })).json()).toHaveLength(before);
  });
});
