/*
 * Issue 38 item 4's newsletter half: an issue records the stories it carried and names itself
 * in its links' utm_campaign; `GET /api/newsletters/{id}/issues` answers the views its stories
 * then had from newsletter readers (utm_source=newsletter), each story's up to the next issue
 * that carried it again. Views from elsewhere are not the issue's. The app's clock moves two
 * hours between the issues, so the hour rollups tell them apart.
 */
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { articlePath } from '../../../common/paths';
import { newsletterIssueArticles } from '../../../db/schema/newsletters';
import { auth, createAdmin, createArticle, createCategory, type TestUser } from '../../factories';
import { createNewsletterWith } from '../../factories/newsletters';
import { shiftedClock } from '../../setup/clock';
import { startSmtpServer, type TestSmtpServer } from '../../setup/smtp-server';
import { createTestApp, type TestApp } from '../../setup/test-app';

const READER = 'morning-reader@example.com';
/** A reader's browser: the beacon counts no bot. */
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36';
const HOUR = 3600_000;

let t: TestApp;
let smtp: TestSmtpServer;
let admin: TestUser;
const time = shiftedClock();

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, PUBLIC_URL: 'https://patrika.test', NEWSLETTER_RATE: '100' },
    { clock: time.clock, pollJobs: false },
  );
  admin = await createAdmin(t.app);
}, 120_000);
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Story = Awaited<ReturnType<typeof createArticle>>;

/** A view of `story` from its own address, with the page's utm fields or a search referrer. */
async function view(story: Story, ip: string, utm?: { source: string; campaign?: string }) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/analytics/event',
    remoteAddress: ip,
    headers: { 'content-type': 'text/plain', 'user-agent': BROWSER },
    payload: JSON.stringify({
      type: 'view',
      path: articlePath(story),
      articleId: story._id,
      referrer: utm ? '' : 'https://www.google.com/',
      ...(utm ? { utm } : {}),
    }),
  });
  expect(res.statusCode, res.body).toBe(204);
}

async function issueViews(newsletterId: string) {
  await t.app.services.analytics.flush();
  await t.app.services.analytics.rollUp();
  const res = await t.app.inject({
    url: `/api/newsletters/${newsletterId}/issues`,
    headers: auth(admin),
  });
  expect(res.statusCode, res.body).toBe(200);
  return new Map(res.json<{ _id: string; views: number }[]>().map((i) => [i._id, i.views]));
}

it('an issue names itself in its links and counts the views its stories then had', async () => {
  const category = await createCategory(t.app, admin, { name: 'Morning Desk' });
  const newsletter = await createNewsletterWith(t.app, admin, {
    name: 'Morning Brief',
    categoryId: category._id,
    addresses: [READER],
  });

  const dam = await createArticle(t.app, admin, category._id, { name: 'The dam holds' });
  const rain = await createArticle(t.app, admin, category._id, { name: 'More rain tonight' });
  const sent = await t.app.inject({
    method: 'POST',
    url: `/api/newsletters/${newsletter._id}/send`,
    headers: auth(admin),
  });
  expect(sent.statusCode, sent.body).toBe(202);
  const { issueId: first } = sent.json<{ issueId: string }>();

  // The issue keeps its stories, in order (newest first), and its mail's links name it.
  const carried = await t.database.db
    .select({ articleId: newsletterIssueArticles.articleId })
    .from(newsletterIssueArticles)
    .where(eq(newsletterIssueArticles.issueId, first))
    .orderBy(asc(newsletterIssueArticles.position));
  expect(carried.map((c) => c.articleId).sort()).toEqual([dam._id, rain._id].sort());
  await t.app.services.newsletters.runSend(first);
  const [mail] = await smtp.waitFor(READER);
  // A multipart message, read raw: quoted-printable's soft breaks and `=3D` undone.
  const raw = mail!.text.replace(/=\r?\n/g, '').replaceAll('=3D', '=');
  const link = new URL(
    /https:\/\/patrika\.test\/[^\s"<>]*utm_source=newsletter[^\s"<>]*/
      .exec(raw)![0]
      .replaceAll('&amp;', '&'),
  );
  expect(link.searchParams.get('utm_campaign')).toBe(first);
  expect(link.searchParams.get('utm_medium')).toBe('email');
  expect((await issueViews(newsletter._id)).get(first)).toBe(0);

  // Two newsletter readers of the dam, one of the rain, one searcher of the dam: 3 are its.
  const campaign = { source: 'newsletter', campaign: first };
  await view(dam, '10.38.0.1', campaign);
  await view(dam, '10.38.0.2', campaign);
  await view(rain, '10.38.0.3', campaign);
  await view(dam, '10.38.0.4');
  expect((await issueViews(newsletter._id)).get(first)).toBe(3);

  // Two hours on, the dam story goes again on its own: its newsletter views from then on are
  // the second issue's, and the first keeps what it brought.
  time.shift(2 * HOUR);
  const again = await t.app.inject({
    method: 'POST',
    url: `/api/articles/${dam._id}/newsletter`,
    headers: auth(admin),
    payload: { newsletterId: newsletter._id },
  });
  expect(again.statusCode, again.body).toBe(202);
  const { issueId: second } = again.json<{ issueId: string }>();
  await view(dam, '10.38.0.5', { source: 'newsletter', campaign: second });
  await view(dam, '10.38.0.6', { source: 'newsletter', campaign: second });
  await view(rain, '10.38.0.7', campaign);
  const views = await issueViews(newsletter._id);
  expect(views.get(second)).toBe(2);
  expect(views.get(first), 'its own three and a late reader of the rain').toBe(4);
});
