/*
 * Issue 37 item 4's proofs, in process: two senders (two apps on one database, as two processes
 * of a cluster are) send one issue to 100 subscribers through a real smtp-server: every
 * address gets it once, none twice; an address the server answers 550 is marked bounced and
 * the next issue leaves it out.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { newsletterSubscribers } from '../../../db/schema/newsletters';
import { buildApp } from '../../../server/app';
import { loadConfig } from '../../../server/env';
import { auth, createArticle, createCategory, createUser, type TestUser } from '../../factories';
import { createNewsletterWith } from '../../factories/newsletters';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestDatabase } from '../../setup/test-db';

/**
 * A message takes each sender tens of milliseconds here (up to 150 on this loaded 2-core
 * machine), so 100 keep the file short; the queue's leases do not care how many there are.
 */
const SUBSCRIBERS = 100;
const BOUNCED = 'gone-away@example.com';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: TestSmtpServer;
let one: FastifyInstance;
let two: FastifyInstance;
let editor: TestUser;
const dataDir = mkdtempSync(join(tmpdir(), 'patrika-sending-'));

beforeAll(async () => {
  smtp = await startSmtpServer({ refuse: { [BOUNCED]: 550 } });
  database = await createTestDatabase();
  const env = {
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    API_RATE_LIMIT: '1000000',
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://patrika.test',
    NEWSLETTER_RATE: '1000',
  };
  const build = () => buildApp(loadConfig(env), { database, web: false, pollJobs: false });
  [one, two] = [await build(), await build()];
  editor = await createUser(one, 'administrator');
}, 120_000);
afterAll(async () => {
  await one?.close();
  await two?.close();
  await database?.close();
  await smtp?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('two senders, 100 subscribers: each gets the issue once; a 550 is marked bounced', async () => {
  const category = await createCategory(one, editor, { name: 'Sending Desk' });
  const addresses = Array.from({ length: SUBSCRIBERS }, (_, i) => `reader${i}@example.com`);
  addresses[7] = BOUNCED;
  const newsletter = await createNewsletterWith(one, editor, {
    name: 'Results Night',
    categoryId: category._id,
    addresses,
  });

  await createArticle(one, editor, category._id, { name: 'Counting day' });
  const sent = await one.inject({
    method: 'POST',
    url: `/api/newsletters/${newsletter._id}/send`,
    headers: auth(editor),
  });
  expect(sent.statusCode, sent.body).toBe(202);
  const { issueId } = sent.json<{ issueId: string }>();

  // Both send the same issue at once, run after run, until neither has rows left.
  for (let run = 0; run < 100; run++) {
    await Promise.all([
      one.services.newsletters.runSend(issueId),
      two.services.newsletters.runSend(issueId),
    ]);
    const [report] = (
      await one.inject({
        url: `/api/newsletters/${newsletter._id}/issues`,
        headers: auth(editor),
      })
    ).json<{ _id: string; pending: number }[]>();
    if (report?.pending === 0) break;
  }
  await Promise.all([one.services.mailer.settled(), two.services.mailer.settled()]);

  const counts = new Map<string, number>();
  for (const mail of smtp.received)
    for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  const missing = addresses.filter((a) => a !== BOUNCED && !counts.has(a));
  const repeated = [...counts].filter(([, n]) => n > 1);
  expect(missing).toEqual([]);
  expect(repeated).toEqual([]);
  expect(counts.has(BOUNCED)).toBe(false);

  const [report] = (
    await one.inject({ url: `/api/newsletters/${newsletter._id}/issues`, headers: auth(editor) })
  ).json<{ recipients: number; sent: number; failed: number; pending: number }[]>();
  expect(report).toMatchObject({
    recipients: SUBSCRIBERS,
    sent: SUBSCRIBERS - 1,
    failed: 1,
    pending: 0,
  });
  const [bounced] = await database.db
    .select({ bouncedAt: newsletterSubscribers.bouncedAt })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.email, BOUNCED));
  expect(bounced?.bouncedAt).toBeInstanceOf(Date);

  // The next issue leaves the bounced address out from the start.
  await createArticle(one, editor, category._id, { name: 'The day after' });
  const next = await one.inject({
    method: 'POST',
    url: `/api/newsletters/${newsletter._id}/send`,
    headers: auth(editor),
  });
  expect(next.statusCode, next.body).toBe(202);
  const [latest] = (
    await one.inject({ url: `/api/newsletters/${newsletter._id}/issues`, headers: auth(editor) })
  ).json<{ recipients: number }[]>();
  expect(latest?.recipients).toBe(SUBSCRIBERS - 1);
});
