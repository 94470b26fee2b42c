/*
 * `npm run export` / `npm run import` (issue 13 item 2): the whole site in one archive that
 * reads back into an empty site losslessly: every table's rows, a checksum of every article,
 * every media file, on one engine's site into another's media storage.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { asc, count, eq, getTableName, inArray, isNotNull, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles, categories } from '../../../db/schema/content';
import { auditEntries } from '../../../db/schema/audit';
import { comments } from '../../../db/schema/comments';
import { editions } from '../../../db/schema/editions';
import { events } from '../../../db/schema/events';
import { articleCorrections } from '../../../db/schema/corrections';
import { media } from '../../../db/schema/media';
import {
  newsletters,
  newsletterSubscribers,
  newsletterSubscriptions,
} from '../../../db/schema/newsletters';
import { articleNotes } from '../../../db/schema/notes';
import { memberSubscriptions, plans } from '../../../db/schema/payments';
import { readerConsents } from '../../../db/schema/readers';
import { users } from '../../../db/schema/users';
import { appSecrets } from '../../../db/schema/site';
import { LINK_KEY, manageToken } from '../../../server/modules/newsletters/newsletter-links';
import { ROOT } from '../../../scripts/build-state';
import { ArchiveError } from '../../../server/modules/archive/site-archive';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  someAddress,
  testImage,
  upload,
} from '../../factories';
import { oneClickUnsubscribe } from '../../factories/newsletters';
import { createTestApp, type TestApp } from '../../setup/test-app';
import { waitUntil } from '../../setup/wait-until';

const STATE_ID = 'ffffffff-0000-4000-8000-000000000000';
const COMMENT_ID = 'ffffffff-0000-4000-8000-0000000000c1';
const REPLY_ID = '00000000-0000-4000-8000-0000000000c2';
const CITY_ID = '00000000-0000-4000-8000-000000000001';
const STATE_EDITION_ID = 'ffffffff-0000-4000-8000-0000000000e0';
const CITY_EDITION_ID = '00000000-0000-4000-8000-0000000000e1';

let from: TestApp;
let to: TestApp;
let scratch: string;
let archive: string;

/** Every article, whole, in id order: what a round trip must keep byte for byte. */
async function articleChecksums(t: TestApp) {
  const rows = await t.database.db.select().from(articles).orderBy(asc(articles.id));
  return rows.map((row) => ({
    id: row.id,
    sha256: createHash('sha256').update(JSON.stringify(row)).digest('hex'),
  }));
}

/** How many settings changes a site's trail holds. */
async function settingsEntries(t: TestApp) {
  const [row] = await t.database.db
    .select({ n: count() })
    .from(auditEntries)
    .where(eq(auditEntries.action, 'settings.changed'));
  return Number(row?.n ?? 0);
}

async function tableCounts(t: TestApp) {
  const counts: Record<string, number> = {};
  for (const table of t.app.services.archive.tables) {
    const [row] = await t.database.db.select({ n: count() }).from(table);
    counts[getTableName(table)] = Number(row?.n ?? 0);
  }
  return counts;
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'patrika-archive-'));
  archive = join(scratch, 'site.jsonl.gz');
  from = await createTestApp();
  // The other site keeps its media in the database: an archive does not care.
  to = await createTestApp({ MEDIA_STORAGE: 'db' });

  const admin = await createAdmin(from.app);
  const news = await createCategory(from.app, admin, { name: 'News', isHome: true });
  const res = await upload(from.app, admin, await testImage(900, 500));
  const image = res.json() as { secure_url: string; variants: { url: string }[] };
  await createArticle(from.app, admin, news._id, {
    name: 'ज़िंदगी की क़लम: क्\u200dष',
    description: '<p>हिंदी का पाठ, ज़रूरी।</p>',
    imageUrl: image.secure_url,
    legacyId: 77,
  });
  const moved = await createArticle(from.app, admin, news._id, {
    name: 'A story that moves',
    description: `<p>Text</p><p><img src="${image.variants[0]?.url}" alt=""></p>`,
  });
  await createArticle(from.app, admin, news._id, { status: 'draft', name: 'A draft' });
  // A former address, a category's former slug, a view, settings, and an imported site.
  const edit = await from.app.inject({
    method: 'PUT',
    url: `/api/articles/${moved._id}`,
    headers: auth(admin),
    payload: { ...moved, category: news._id, author: admin._id, slug: 'moved-story' },
  });
  expect(edit.statusCode, edit.body).toBe(200);
  const rename = await from.app.inject({
    method: 'PUT',
    url: '/api/categories/edit',
    headers: auth(admin),
    payload: { _id: news._id, name: 'News', description: 'd', isHome: true, slug: 'khabar' },
  });
  expect(rename.statusCode, rename.body).toBe(200);
  await from.app.inject({
    method: 'POST',
    url: `/api/articles/${moved._id}/view`,
    remoteAddress: someAddress(),
  });
  // Counted views are written within 5 seconds; the archive has what was written.
  await from.app.services.views.flush();
  const settings = await from.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: auth(admin),
    payload: {
      siteName: 'पत्रिका Archive Test',
      headerImageUrl: image.secure_url,
      homeLayout: 'news',
    },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  await from.app.services.imports.wordpress(
    join(ROOT, 'tests', 'fixtures', 'wordpress', 'wxr-1.1.xml'),
  );
  // A section inside another (issue 26 item 6) whose id sorts before its parent's, with its
  // names per interface language: the archive writes the parent first all the same.
  await from.database.db.insert(categories).values([
    { id: STATE_ID, name: 'Rajasthan', nameHi: 'राजस्थान', slug: 'rajasthan' },
    {
      id: CITY_ID,
      name: 'Jaipur',
      nameHi: 'जयपुर',
      nameEn: 'Pink City',
      slug: 'jaipur',
      parentId: STATE_ID,
    },
  ]);
  // Editions the same way: a city whose id sorts before its state's and the national edition's.
  const [national] = await from.database.db
    .select({ id: editions.id })
    .from(editions)
    .where(eq(editions.kind, 'national'));
  await from.database.db.insert(editions).values([
    {
      id: STATE_EDITION_ID,
      slug: 'rajasthan',
      kind: 'state',
      parentId: national!.id,
      names: { hi: 'राजस्थान', en: 'Rajasthan' },
    },
    {
      id: CITY_EDITION_ID,
      slug: 'jaipur',
      kind: 'city',
      parentId: STATE_EDITION_ID,
      names: { hi: 'जयपुर', en: 'Jaipur' },
    },
  ]);
  await readersAndBusiness(moved._id, admin._id);
  // The trail is written from the events after the answers (audit-events.ts): the archive is
  // made once the settings change, the last event the trail records here, is on it.
  await waitUntil(async () => (await settingsEntries(from)) === 1, {
    timeoutMs: 20_000,
    message: "the settings change never reached the old site's trail",
  });
  await from.app.services.archive.exportToFile(archive);
});

/**
 * What readers and the business made (carried since stop 64; an archive lost them before): a
 * comment and its reply whose id sorts before it, a correction, a note in the margin and its
 * reply, a newsletter with a subscriber and their consent, a plan with a member.
 */
async function readersAndBusiness(articleId: string, adminId: string) {
  const db = from.database.db;
  const earlier = new Date(Date.now() - 60_000);
  await db.insert(comments).values([
    { id: COMMENT_ID, articleId, authorId: adminId, body: 'First!', status: 'approved' },
    {
      id: REPLY_ID,
      articleId,
      authorId: adminId,
      parentId: COMMENT_ID,
      body: 'A reply',
      status: 'approved',
    },
  ]);
  await db
    .insert(articleCorrections)
    .values({ articleId, userId: adminId, note: 'The date was wrong.', createdAt: new Date() });
  await db.insert(articleNotes).values([
    {
      id: COMMENT_ID,
      articleId,
      authorId: adminId,
      quote: 'Text',
      body: 'Check this',
    },
    // Its reply's time from a process whose clock runs behind: before the note's.
    {
      id: REPLY_ID,
      articleId,
      authorId: adminId,
      parentId: COMMENT_ID,
      body: 'Checked',
      createdAt: earlier,
    },
  ]);
  const [letter] = await db
    .insert(newsletters)
    .values({
      slug: 'morning',
      name: 'Morning',
      language: 'en',
      schedule: { kind: 'daily', time: '07:00' },
      maxArticles: 5,
    })
    .returning();
  const [subscriber] = await db
    .insert(newsletterSubscribers)
    .values({ email: 'reader@example.com', name: 'A reader' })
    .returning();
  await db.insert(newsletterSubscriptions).values({
    subscriberId: subscriber!.id,
    newsletterId: letter!.id,
    status: 'subscribed',
    confirmedAt: new Date(),
  });
  await db.insert(readerConsents).values({
    email: 'reader@example.com',
    purpose: 'newsletter',
    form: 'subscribe',
    textVersion: '2026-11',
  });
  const [plan] = await db
    .insert(plans)
    .values({
      name: 'Monthly',
      interval: 'month',
      amount: 9900,
      currency: 'INR',
      access: 'members',
    })
    .returning();
  await db.insert(memberSubscriptions).values({
    userId: adminId,
    planId: plan!.id,
    source: 'complimentary',
    status: 'active',
  });
}

afterAll(async () => {
  await from?.close();
  await to?.close();
  rmSync(scratch, { recursive: true, force: true });
});

describe('export and import of the whole site', () => {
  it('refuses a truncated archive and leaves the empty site empty', async () => {
    const lines = gunzipSync(readFileSync(archive)).toString('utf8').trimEnd().split('\n');
    const cut = join(scratch, 'cut.jsonl.gz');
    writeFileSync(cut, gzipSync(lines.slice(0, -3).join('\n')));
    // An empty site holds its one national edition (migration 0058, issue 65), nothing else.
    const empty = await tableCounts(to);
    expect(Object.entries(empty).filter(([, n]) => n !== 0)).toEqual([['editions', 1]]);
    await expect(to.app.services.archive.importFrom(cut)).rejects.toThrow(/cut short/);
    expect(await tableCounts(to)).toEqual(empty);
  });

  it('reads back into an empty site: every table, every article byte for byte, every file', async () => {
    const counts = await to.app.services.archive.importFrom(archive);
    // The import replaces the settings: its event reaches the trail after the import's answer.
    await waitUntil(async () => (await settingsEntries(to)) === 2, {
      timeoutMs: 20_000,
      message: "the import never reached the new site's trail",
    });
    const expected = await tableCounts(from);
    // The trail on the new site goes on: it has every entry of the old one, then the import's.
    const { audit_entries: trail, ...received } = await tableCounts(to);
    const { audit_entries: oldTrail, ...rest } = expected;
    expect(received).toEqual(rest);
    const trailIds = async (t: TestApp) =>
      (await t.database.db.select({ id: auditEntries.id }).from(auditEntries)).map((r) => r.id);
    expect(await trailIds(to)).toEqual(expect.arrayContaining(await trailIds(from)));
    expect(oldTrail).toBeGreaterThan(0);
    expect(trail).toBeGreaterThan(oldTrail!);
    expect(expected.articles).toBe(4);
    expect(expected.article_redirects).toBeGreaterThan(0);
    expect(expected.category_redirects).toBe(1);
    expect(expected.article_former_paths).toBeGreaterThan(0);
    expect(expected.article_daily_views).toBe(1);
    expect(expected.article_view_totals).toBe(1);
    expect(expected.static_pages).toBe(1);
    // What readers and the business made, each row as it was.
    for (const [table, n] of Object.entries({
      comments: 2,
      article_corrections: 1,
      article_notes: 2,
      newsletters: 1,
      newsletter_subscribers: 1,
      newsletter_subscriptions: 1,
      reader_consents: 1,
      plans: 1,
      member_subscriptions: 1,
    }))
      expect(expected[table], table).toBeGreaterThanOrEqual(n);
    const everyComment = (t: TestApp) =>
      t.database.db.select().from(comments).orderBy(asc(comments.id));
    expect(await everyComment(to)).toEqual(await everyComment(from));
    const everyConsent = (t: TestApp) =>
      t.database.db.select().from(readerConsents).orderBy(asc(readerConsents.id));
    expect(await everyConsent(to)).toEqual(await everyConsent(from));
    // The original, its WebP and (ADR 026) AVIF variants and (issue 12 item 4) its crops.
    const [upload] = await from.database.db.select().from(media);
    expect(upload?.avif).toHaveLength(upload?.variants.length ?? -1);
    expect(counts.files).toBe(
      1 +
        (upload?.variants.length ?? 0) +
        (upload?.avif?.length ?? 0) +
        (upload?.crops?.length ?? 0),
    );
    expect(upload?.crops).toHaveLength(3);
    expect(await articleChecksums(to)).toEqual(await articleChecksums(from));
    const everyCategory = (t: TestApp) =>
      t.database.db.select().from(categories).orderBy(asc(categories.id));
    expect(await everyCategory(to)).toEqual(await everyCategory(from));
    const [city] = await to.database.db.select().from(categories).where(eq(categories.id, CITY_ID));
    expect(city).toMatchObject({ parentId: STATE_ID, nameHi: 'जयपुर', nameEn: 'Pink City' });

    // The pages answer as before: the article, its old addresses, its image from db storage.
    for (const url of ['/api/articles/red/77', '/api/articles/redart/a-story-that-moves']) {
      const [a, b] = await Promise.all([from.app.inject({ url }), to.app.inject({ url })]);
      expect(b.statusCode, url).toBe(200);
      expect(b.body).toBe(a.body);
    }
    const [stored] = await from.database.db.select().from(media);
    for (const key of [stored!.storageKey, ...stored!.variants.map((v) => v.key)]) {
      const [a, b] = await Promise.all([
        from.app.inject({ url: `/media/${key}` }),
        to.app.inject({ url: `/media/${key}` }),
      ]);
      expect(b.statusCode).toBe(200);
      expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    }
    expect(await to.app.services.settings.get()).toMatchObject({
      siteName: 'पत्रिका Archive Test',
      homeLayout: 'news',
    });
  });

  it('carries the newsletter links’ key alone: a link mailed by the old site still lets a reader leave', async () => {
    const secrets = await from.database.db.select().from(appSecrets);
    const key = secrets.find((s) => s.name === LINK_KEY)!.value;
    const text = gunzipSync(readFileSync(archive)).toString('utf8');
    expect(text).toContain(`{"newsletterLinkKeys":[${JSON.stringify(key)}]}`);
    // No other secret of the old site travels (its sessions', gift links', VAPID keys).
    const others = secrets.filter((s) => s.name !== LINK_KEY);
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(text, other.name).not.toContain(other.value);

    const [subscriber] = await to.database.db
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, 'reader@example.com'));
    // The new site signs with a key of its own; the old site's link still opens.
    const mailed = `/newsletters/manage/${manageToken(key, subscriber!.id)}`;
    const [own] = await to.database.db
      .select()
      .from(appSecrets)
      .where(eq(appSecrets.name, LINK_KEY));
    expect(own!.value).not.toBe(key);
    const page = await to.app.inject({ url: mailed });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('reader@example.com');
    const forged = manageToken('a key neither site ever had, long enough', subscriber!.id);
    expect((await to.app.inject({ url: `/newsletters/manage/${forged}` })).statusCode).toBe(404);
    const left = await oneClickUnsubscribe(to.app, mailed);
    expect(left.statusCode).toBe(200);
    const [subscription] = await to.database.db
      .select({ status: newsletterSubscriptions.status })
      .from(newsletterSubscriptions)
      .where(eq(newsletterSubscriptions.subscriberId, subscriber!.id));
    expect(subscription!.status).toBe('unsubscribed');
  });

  it('keeps the trail going: the new site’s events, numbered from 1 again, each make their entry', async () => {
    // The old site's entries name its events, which stay behind.
    const named = await from.database.db
      .select({ id: auditEntries.id, eventId: auditEntries.eventId })
      .from(auditEntries)
      .where(isNotNull(auditEntries.eventId));
    expect(named.length).toBeGreaterThan(0);
    const highest = Math.max(...named.map((e) => e.eventId!));
    const db = to.database.db;
    const carried = await db
      .select({ eventId: auditEntries.eventId })
      .from(auditEntries)
      .where(
        inArray(
          auditEntries.id,
          named.map((e) => e.id),
        ),
      );
    expect(carried).toEqual(named.map(() => ({ eventId: null })));
    // The new site's own events: until they pass the old ones' numbers, each one the trail
    // records makes its entry (an old number kept would have dropped one without a word).
    const lastEvent = async () =>
      (await db.select({ id: max(events.id) }).from(events))[0]?.id ?? 0;
    expect(await lastEvent()).toBeLessThan(highest);
    await to.app.services.events.settled();
    const trail = async () => (await db.select({ n: count() }).from(auditEntries))[0]!.n;
    const before = await trail();
    let made = 0;
    while ((await lastEvent()) <= highest) {
      await to.app.services.outbox.record({
        type: 'settings.updated',
        subject: { kind: 'settings', id: 'site' },
        data: { keys: ['siteName'], by: null },
      });
      made++;
    }
    await to.app.services.events.settled();
    expect(await trail()).toBe(before + made);
  });

  it("writes a category's parent before it, whatever their ids", () => {
    const ids = gunzipSync(readFileSync(archive))
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((text) => JSON.parse(text) as { table?: string; row?: { id?: string } })
      .filter((line) => line.table === 'categories')
      .map((line) => line.row?.id);
    expect(ids.indexOf(STATE_ID)).toBeGreaterThan(-1);
    expect(ids.indexOf(STATE_ID)).toBeLessThan(ids.indexOf(CITY_ID));
  });

  it("writes an edition's parent before it, whatever their ids", () => {
    const ids = gunzipSync(readFileSync(archive))
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((text) => JSON.parse(text) as { table?: string; row?: { id?: string; kind?: string } })
      .filter((line) => line.table === 'editions')
      .map((line) => line.row);
    expect(ids.map((row) => row?.kind)).toEqual(['national', 'state', 'city']);
    expect(ids.map((row) => row?.id).slice(1)).toEqual([STATE_EDITION_ID, CITY_EDITION_ID]);
  });

  it('writes a comment and a note before their replies, whatever their ids and times', () => {
    const lines = gunzipSync(readFileSync(archive))
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((text) => JSON.parse(text) as { table?: string; row?: { id?: string } });
    // One batch reads back in one statement, which checks its references at its end: the order
    // of the lines is what matters once a table fills more than one batch.
    for (const table of ['comments', 'article_notes']) {
      const ids = lines.filter((line) => line.table === table).map((line) => line.row?.id);
      expect(ids.indexOf(COMMENT_ID), table).toBeGreaterThan(-1);
      expect(ids.indexOf(COMMENT_ID), table).toBeLessThan(ids.indexOf(REPLY_ID));
    }
  });

  type ArchiveLine = {
    format?: string;
    table?: string;
    row?: Record<string, unknown>;
    end?: boolean;
    counts?: Record<string, number>;
  };
  it("reads an archive from before the views' own totals (each on its article row)", async () => {
    const older = await createTestApp();
    try {
      const totals = new Map<string, number>();
      const lines = gunzipSync(readFileSync(archive))
        .toString('utf8')
        .trimEnd()
        .split('\n')
        .map((text) => JSON.parse(text) as ArchiveLine);
      for (const line of lines)
        if (line.table === 'article_view_totals' && line.row)
          totals.set(String(line.row.articleId), Number(line.row.views));
      expect(totals.size).toBe(1);
      // As migration 0015's code wrote it: totals on the rows, no table of them.
      const rewritten = lines
        .filter((line) => line.table !== 'article_view_totals')
        .map((line) => {
          if (line.format) return { ...line, schema: '0015_search_index' };
          if (line.table === 'articles' && line.row)
            return {
              ...line,
              row: { ...line.row, viewCount: totals.get(String(line.row.id)) ?? 0 },
            };
          if (line.end && line.counts) {
            const { article_view_totals: _left, ...counts } = line.counts;
            return { ...line, counts };
          }
          return line;
        });
      const file = join(scratch, 'older.jsonl.gz');
      writeFileSync(file, gzipSync(rewritten.map((l) => JSON.stringify(l)).join('\n')));
      await older.app.services.archive.importFrom(file);
      const [id, views] = [...totals][0]!;
      const read = await older.app.inject({ url: `/api/articles/article/${id}` });
      expect(read.json().views).toBe(views);
      expect((await tableCounts(older)).article_view_totals).toBe(1);
    } finally {
      await older.close();
    }
  });

  it('carries no password hashes, and refuses a site that is not empty', async () => {
    const text = gunzipSync(readFileSync(archive)).toString('utf8');
    expect(text).not.toMatch(/passwordHash|\$argon2/);
    expect(text).toMatch(/"revisions":\[\]/);
    const hashes = await to.database.db.select({ hash: users.passwordHash }).from(users);
    expect(hashes.every((h) => h.hash === null)).toBe(true);
    // The operator gives the administrator a password again (npm run user:password).
    const [admin] = await to.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.role, 'administrator'));
    const signIn = (password: string) =>
      to.app.inject({
        method: 'POST',
        url: '/api/users/signin',
        payload: { email: admin!.email, password },
        remoteAddress: someAddress(),
      });
    expect((await signIn('a brand new password')).statusCode).toBe(401);
    expect(
      await to.app.services.users.setPasswordByEmail(admin!.email, 'a brand new password'),
    ).toBe(true);
    expect((await signIn('a brand new password')).statusCode).toBe(200);
    await expect(to.app.services.archive.importFrom(archive)).rejects.toThrow(ArchiveError);
    await expect(to.app.services.archive.importFrom(archive)).rejects.toThrow(/empty site/);
  });
});
