/*
 * Newsletters take proved addresses only (issue 66 item 8), through real SMTP (smtp-server on
 * loopback): a signed-in reader whose address no mailed link proved gets the double opt-in mail
 * like anyone else; confirmation mails and sign-in links are counted per mailbox (`+tag`s
 * folded, lower-cased) in the rate-limit table, whichever client asks.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSubscribers, newsletterSubscriptions } from '../../../db/schema/newsletters';
import { readerConsents } from '../../../db/schema/readers';
import { users } from '../../../db/schema/users';
import { CONFIRMATIONS_PER_MAILBOX_HOUR } from '../../../server/modules/newsletters/newsletter-subscriptions';
import { EMAIL_LINKS_PER_HOUR } from '../../../server/modules/users/email-links';
import { createAdmin, createCategory, signUp, someAddress } from '../../factories';
import { createNewsletterWith } from '../../factories/newsletters';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let smtp: TestSmtpServer;
let newsletterId: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://patrika.test' });
  const admin = await createAdmin(t.app);
  const category = await createCategory(t.app, admin, { name: 'Proved Desk' });
  newsletterId = (
    await createNewsletterWith(t.app, admin, {
      name: 'Proved Daily',
      categoryId: category._id,
      addresses: [],
    })
  )._id;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/** Subscribes `email`, from a client address of its own, as `token`'s holder or nobody. */
const subscribe = (email: string, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/newsletters/subscribe',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload: { email, newsletters: [newsletterId] },
    remoteAddress: someAddress(),
  });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Mails received so far whose recipient is one of `mailbox`'s spellings. */
const mailsTo = (local: string, domain = 'example.com') =>
  smtp.received.filter((m) =>
    m.to.some((to) => new RegExp(`^${local}(\\+[^@]*)?@${domain}$`, 'i').test(to)),
  );

async function statusOf(email: string) {
  const db = t.app.services.database.db;
  const rows = await db
    .select({ status: newsletterSubscriptions.status })
    .from(newsletterSubscriptions)
    .innerJoin(
      newsletterSubscribers,
      eq(newsletterSubscribers.id, newsletterSubscriptions.subscriberId),
    )
    .where(
      and(
        eq(newsletterSubscribers.email, email),
        eq(newsletterSubscriptions.newsletterId, newsletterId),
      ),
    );
  return rows.map((r) => r.status);
}

describe('newsletters take proved addresses only (issue 66 item 8)', () => {
  it('a signed-in reader whose address is not proved gets the confirmation mail', async () => {
    const reader = await signUp(t.app, { email: 'unproved-reader@example.com' });
    const asked = await subscribe(reader.email, reader.token);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ subscribed: false });
    const [mail] = await smtp.waitFor(reader.email);
    expect(mail!.subject).toMatch(/confirm/);
    expect(await statusOf(reader.email)).not.toContain('subscribed');
    // No consent to a newsletter is on record in the owner's name before the link is used.
    const consents = await t.app.services.database.db
      .select()
      .from(readerConsents)
      .where(and(eq(readerConsents.email, reader.email), eq(readerConsents.purpose, 'newsletter')));
    expect(consents).toEqual([]);
  });

  it('a reader whose address a mailed link proved subscribes at once, with no mail', async () => {
    const reader = await signUp(t.app, { email: 'proved-reader@example.com' });
    await t.app.services.database.db
      .update(users)
      .set({ emailConfirmedAt: new Date() })
      .where(eq(users.id, reader._id));
    const asked = await subscribe(reader.email, reader.token);
    expect(asked.json()).toMatchObject({ subscribed: true });
    expect(await statusOf(reader.email)).toEqual(['subscribed']);
    await pause(500);
    expect(smtp.to(reader.email)).toEqual([]);
  });

  it('confirmation mails to one mailbox are limited, whatever the client and the +tag', async () => {
    const spellings = [
      'flooded@example.com',
      'flooded+a@example.com',
      'Flooded+b@example.com',
      'flooded+c@example.com',
      'FLOODED@example.com',
      'flooded+d@example.com',
      'flooded+e@example.com',
    ];
    for (const email of spellings) {
      const asked = await subscribe(email);
      // The same answer past the limit: nobody learns of it.
      expect(asked.statusCode, asked.body).toBe(202);
      expect(asked.json()).toMatchObject({ subscribed: false });
    }
    await smtp.waitFor('flooded@example.com');
    await pause(1500);
    expect(mailsTo('flooded')).toHaveLength(CONFIRMATIONS_PER_MAILBOX_HOUR);
    // Another mailbox is not held by it.
    await subscribe('someone-else@example.com');
    await smtp.waitFor('someone-else@example.com');
  });

  it('sign-in links to one mailbox are limited across its +tags (429 after)', async () => {
    const answers: number[] = [];
    for (let i = 0; i < EMAIL_LINKS_PER_HOUR + 2; i++) {
      const asked = await t.app.inject({
        method: 'POST',
        url: '/api/auth/email-link',
        payload: { email: `linked+${i}@example.com` },
        remoteAddress: someAddress(),
      });
      answers.push(asked.statusCode);
    }
    expect(answers).toEqual([...Array<number>(EMAIL_LINKS_PER_HOUR).fill(202), 429, 429]);
    await pause(1500);
    expect(mailsTo('linked')).toHaveLength(EMAIL_LINKS_PER_HOUR);
  });
});
