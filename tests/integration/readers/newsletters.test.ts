/*
 * Issue 37 item 3: a newsletter through real SMTP (smtp-server on loopback). Subscribing mails a
 * confirmation (double opt-in); confirming and sending an issue delivers it with List-Unsubscribe,
 * List-Unsubscribe-Post (RFC 8058) and List-Id; a one-click POST unsubscribes, and the next
 * issue skips the address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: TestUser;

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

describe('newsletters (issue 37 item 3)', () => {
  it('double opt-in, an issue with the list headers, one-click unsubscribe', async () => {
    const category = await createCategory(t.app, admin, { name: 'Morning News' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/newsletters',
      headers: auth(admin),
      payload: {
        name: 'Subah ki khabrein',
        description: 'The morning digest',
        language: 'hi',
        schedule: { kind: 'daily', time: '07:00' },
        categories: [category._id],
        maxArticles: 5,
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const newsletter = made.json();
    expect(newsletter.slug).toBe('subah-ki-khabrein');
    const listed = await t.app.inject({ url: '/api/newsletters' });
    expect(listed.json().map((n: { _id: string }) => n._id)).toContain(newsletter._id);

    const email = 'reader-news@example.com';
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/newsletters/subscribe',
      payload: { email, newsletters: [newsletter._id] },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const [confirmation] = await smtp.waitFor(email);
    const link = linkIn(confirmation!, '/newsletters/confirm/');
    expect((await t.app.inject({ url: link })).statusCode).toBe(200);
    expect((await t.app.inject({ url: link })).statusCode).toBe(404);

    const story = await createArticle(t.app, admin, category._id, { name: 'Morning story' });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/newsletters/${newsletter._id}/send`,
      headers: auth(admin),
    });
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json().issueId).toBeTruthy();
    await t.app.services.jobs.runDue();
    const [, issue] = await smtp.waitFor(email, 2);
    expect(issue!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(issue!.headers['list-unsubscribe']).toMatch(
      /^<https:\/\/patrika\.test\/newsletters\/manage\/[^>]+>, <mailto:/,
    );
    expect(issue!.headers['list-id']).toContain('subah-ki-khabrein.patrika.test');
    // A multipart message, read raw here: quoted-printable writes `=` as `=3D`.
    expect(issue!.text).toMatch(/utm_source=(3D)?newsletter/);
    expect(issue!.text).toMatch(/multipart\/alternative|text\/html/);
    expect(issue!.text.replace(/=\r?\n/g, '')).toContain(story.slug);
    const issues = await t.app.inject({
      url: `/api/newsletters/${newsletter._id}/issues`,
      headers: auth(admin),
    });
    expect(issues.json()[0]).toMatchObject({ recipients: 1, sent: 1, failed: 0, pending: 0 });

    const manage = /<(https:\/\/patrika\.test(\/newsletters\/manage\/[^>]+))>/.exec(
      issue!.headers['list-unsubscribe']!,
    )![2]!;
    const page = await t.app.inject({ url: manage });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('subscribed');
    const oneClick = await t.app.inject({
      method: 'POST',
      url: manage,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);

    await createArticle(t.app, admin, category._id, { name: 'Second story' });
    const next = await t.app.inject({
      method: 'POST',
      url: `/api/newsletters/${newsletter._id}/send`,
      headers: auth(admin),
    });
    expect(next.json().issueId).toBeTruthy();
    await t.app.services.jobs.runDue();
    const after = await t.app.inject({
      url: `/api/newsletters/${newsletter._id}/issues`,
      headers: auth(admin),
    });
    expect(after.json()[0]).toMatchObject({ recipients: 0, sent: 0 });
    expect(smtp.to(email)).toHaveLength(2);
  });
});
