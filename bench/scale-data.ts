/*
 * The scale bench's site (issue 71 item 1): N published stories in a PostgreSQL database of
 * its own (`patrika_bench_scale_<N>`, dropped and made again; no other database is touched),
 * migrated as the server migrates, then filled by bulk statements (INSERT … SELECT over
 * generate_series), never through the API:
 *
 * - 60 editions (the national one, 4 states, 55 cities), 120 categories (20 sections of 5
 *   each), 20,000 tags, 3,000 authors, 1,000 readers who comment, one administrator;
 * - stories over fifteen years, newest first, half Hindi and half English, titles and bodies of
 *   300–800 words from bench/scale-texts.ts's pools, each indexed for search as a save indexes
 *   it; categories, authors and tags by a Zipf-like law (the first of 120 sections holds about
 *   a seventh of the stories, as a paper's busiest desk does); half the stories national, half
 *   in one to three local editions; one in twenty with a second byline; three tags each;
 * - 12 images stored through the media service (real files, their variants made), and a media
 *   library of N/10 uploads copied from one of them, each shown by about ten stories;
 * - 250 drafts and stories sent for review (none of them public);
 * - a comment for every fifth story (a tenth of them waiting for moderation), an audit entry
 *   per story, and views of the newest 3,000 stories over the last week ("Most read").
 *
 * Each step's time is printed; the build's time is the sum. The same statements fill an
 * embedded site (bench/scale-pglite.ts) through a BulkClient of its own.
 */
import { hash } from '@node-rs/argon2';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { NATIONAL_EDITION_ID } from '../common/editions';
import { openDatabase } from '../db/client';
import { ensureDemoImages } from '../db/seed/demo-images';
import { loadConfig } from '../server/env';
import { createServices } from '../server/services';
import { SEARCH_VERSION } from '../common/search/search-document';
import type { BulkClient } from './bulk-client';
import { dropTexts, loadTexts, TITLES } from './scale-texts';

export const SCALE_ADMIN = { email: 'scale-admin@bench.invalid', password: 'scale-bench-password' };
/** The local PostgreSQL server the scale sites are made on (the bench's own databases). */
export const LOCAL = 'postgres://postgres@127.0.0.1:5432';
const IMAGES = 12;
const SECONDS_IN_15_YEARS = 15 * 365.25 * 86_400;

/** A Zipf-like rank in 1..m (P(k) ∝ log((k+1)/k)), as SQL. */
const zipf = (m: number) => `least(${m}, floor(exp(random() * ln(${m + 1})))::int)`;

/** Drops and makes the bench's own database; answers its address. */
export async function freshDatabase(stories: number): Promise<string> {
  const name = `patrika_bench_scale_${stories}`;
  const admin = new pg.Client({ connectionString: `${LOCAL}/postgres` });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  return `${LOCAL}/${name}`;
}

/** Migrates, and stores the images through the media service (no URL: the embedded engine). */
export async function prepare(databaseUrl: string | undefined, dataDir: string) {
  const config = loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' });
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    const services = await createServices(config, database);
    for (const path of await ensureDemoImages(IMAGES))
      await services.media.storeImage(await readFile(path));
  } finally {
    await database.close();
  }
}

/** Editions, categories, tags and people. */
async function places(client: BulkClient) {
  const passwordHash = await hash(SCALE_ADMIN.password);
  await client.query(
    `INSERT INTO users (name, email, password_hash, role, slug, email_confirmed_at)
     VALUES ('Scale desk', $1, $2, 'administrator', 'scale-desk', now())`,
    [SCALE_ADMIN.email, passwordHash],
  );
  await client.query(`
    INSERT INTO editions (slug, kind, parent_id, names)
    SELECT 'scale-state-' || s, 'state', '${NATIONAL_EDITION_ID}',
      jsonb_build_object('hi', 'राज्य ' || s, 'en', 'State ' || s) FROM generate_series(1, 4) s;
    INSERT INTO editions (slug, kind, parent_id, names)
    SELECT 'scale-city-' || c, 'city', (SELECT id FROM editions WHERE slug = 'scale-state-' || (1 + c % 4)),
      jsonb_build_object('hi', 'शहर ' || c, 'en', 'City ' || c) FROM generate_series(1, 55) c;
    INSERT INTO categories (name, name_hi, name_en, slug)
    SELECT 'Section ' || s, 'खंड ' || s, 'Section ' || s, 'section-' || s FROM generate_series(1, 20) s;
    INSERT INTO categories (name, name_hi, name_en, slug, parent_id)
    SELECT 'Desk ' || d, 'डेस्क ' || d, 'Desk ' || d, 'desk-' || d,
      (SELECT id FROM categories WHERE slug = 'section-' || (1 + d % 20)) FROM generate_series(1, 100) d;
    INSERT INTO tags (name, slug)
    SELECT CASE WHEN t % 2 = 0 THEN 'विषय ' || t ELSE 'Topic ' || t END, 'topic-' || t
    FROM generate_series(1, 20000) t;
    INSERT INTO users (name, email, role, slug, bio)
    SELECT 'Writer ' || a, 'writer-' || a || '@scale.invalid', 'author', 'writer-' || a, 'Reporter.'
    FROM generate_series(1, 3000) a;
    INSERT INTO users (name, email, role, slug)
    SELECT 'Reader ' || r, 'reader-' || r || '@scale.invalid', 'reader', 'reader-' || r
    FROM generate_series(1, 1000) r;`);
}

/** Where the library's copies live: a month of their own, each in its own upload folder. */
const COPIES = '2020/01/';

/**
 * The media library: N/10 uploads (at least 12), copies of a stored image's row (its variants
 * are that image's files) each in a folder of its own, as an upload is; the stories show them
 * in turn, about ten stories each, as a newsroom's photos are used.
 */
async function library(client: BulkClient, total: number) {
  await client.query(`
    INSERT INTO media (id, storage_key, mime_type, width, height, bytes, variants, crops, avif,
      filename, alt, caption, created_at)
    SELECT x.id, '${COPIES}' || x.id || '/original.jpg', m.mime_type, m.width, m.height, m.bytes,
      m.variants, m.crops, m.avif, 'photo-' || x.g || '.jpg', 'Photo ' || x.g, '',
      m.created_at - make_interval(secs => x.g * 600)
    FROM (SELECT gen_random_uuid() AS id, g
          FROM generate_series(1, ${Math.max(IMAGES, Math.floor(total / 10) - IMAGES)}) g) x
    JOIN media m ON m.storage_key = (SELECT min(storage_key) FROM media)`);
}

/**
 * The stories of `from`..`to` (story 1 the newest), in one statement. The ranked lists are
 * arrays read once; the section order is by slug so `section-1` is the busiest.
 */
async function stories(client: BulkClient, range: { from: number; to: number; total: number }) {
  const { from, to, total } = range;
  const spacing = SECONDS_IN_15_YEARS / total;
  await client.query(
    `WITH lists AS (
       SELECT (SELECT array_agg(id ORDER BY (slug ~ '^section') DESC, length(slug), slug)
               FROM categories) AS cats,
              (SELECT array_agg(id ORDER BY length(slug), slug) FROM users WHERE role = 'author') AS writers,
              (SELECT array_agg(id ORDER BY slug) FROM editions WHERE kind <> 'national') AS places,
              (SELECT array_agg(id ORDER BY created_at DESC, id) FROM media
               WHERE storage_key LIKE '${COPIES}%') AS images)
     INSERT INTO articles (name, slug, author_id, category_id, image_url, image_media_id, image_alt,
       description, meta_title, meta_description, meta_keywords, status, published_at, language,
       legacy_id, primary_edition_id, created_at, updated_at)
     SELECT t.name, t.slug || '-' || g, l.writers[${zipf(3000)}], l.cats[${zipf(120)}],
       '/media/${COPIES}' || im.id || '/original.jpg', im.id, t.name,
       scale_body(t.language, g), t.name, left(t.name, 150), t.keywords, 'published',
       d.at, t.language, g,
       CASE WHEN g % 4 < 2 THEN '${NATIONAL_EDITION_ID}'::uuid ELSE l.places[1 + floor(random() * 59)::int] END,
       d.at, d.at
     FROM generate_series($1::int, $2::int) g
     CROSS JOIN lists l
     CROSS JOIN LATERAL (SELECT l.images[1 + g % cardinality(l.images)] AS id) im
     CROSS JOIN LATERAL (SELECT now() - make_interval(secs => (g - 1 + random()) * ${spacing}) AS at) d
     JOIN scale_titles t ON t.language = CASE WHEN g % 2 = 0 THEN 'hi' ELSE 'en' END
                        AND t.k = g % ${TITLES}`,
    [from, to],
  );
}

/**
 * Search's GIN indexes dropped while its rows are written and built again after, as
 * bench/data.ts does: one build is many times faster than growing a GIN index row by row.
 */
async function withoutSearchGin<T>(client: BulkClient, work: () => Promise<T>): Promise<T> {
  const { rows } = await client.query<{ indexname: string; indexdef: string }>(`
    SELECT indexname, indexdef FROM pg_indexes
    WHERE tablename = 'article_search' AND indexdef LIKE '% USING gin %'`);
  for (const r of rows) await client.query(`DROP INDEX "${r.indexname}"`);
  const answer = await work();
  for (const r of rows) await client.query(r.indexdef);
  return answer;
}

/** What hangs off the stories: search rows, tags, editions, bylines, comments, audit, views. */
async function around(client: BulkClient) {
  await withoutSearchGin(client, () =>
    client.query(`
    INSERT INTO article_search (article_id, status, published_at, language, search, search_words, search_version)
    SELECT a.id, a.status, a.published_at, a.language, scale_vector(a.language, a.legacy_id),
      t.search_words, ${SEARCH_VERSION}
    FROM articles a JOIN scale_titles t ON t.language = a.language AND t.k = a.legacy_id % ${TITLES}
    WHERE a.legacy_id IS NOT NULL;`),
  );
  await client.query(`
    WITH l AS (SELECT array_agg(id ORDER BY length(slug), slug) AS tags FROM tags)
    INSERT INTO article_tags (article_id, tag_id, position, status, published_at)
    SELECT a.id, l.tags[${zipf(20000)}], p, a.status, a.published_at
    FROM articles a CROSS JOIN l CROSS JOIN generate_series(0, 2) p
    ON CONFLICT DO NOTHING;
    WITH l AS (SELECT array_agg(id ORDER BY slug) AS places FROM editions WHERE kind <> 'national')
    INSERT INTO article_editions (article_id, edition_id, status, published_at)
    SELECT a.id, e, a.status, a.published_at FROM articles a CROSS JOIN l
    CROSS JOIN LATERAL (SELECT a.primary_edition_id AS e UNION
      SELECT l.places[1 + floor(random() * 59)::int] FROM generate_series(1, a.legacy_id % 3)) x
    WHERE a.primary_edition_id <> '${NATIONAL_EDITION_ID}' ON CONFLICT DO NOTHING;
    WITH l AS (SELECT array_agg(id ORDER BY slug) AS writers FROM users WHERE role = 'author')
    INSERT INTO article_authors (article_id, user_id, position)
    SELECT a.id, l.writers[1 + floor(random() * 3000)::int], 1 FROM articles a CROSS JOIN l
    WHERE a.legacy_id % 20 = 7 ON CONFLICT DO NOTHING;
    DELETE FROM article_authors x USING articles a WHERE a.id = x.article_id AND a.author_id = x.user_id;`);
  await client.query(
    `WITH l AS (SELECT array_agg(id) AS readers FROM users WHERE role = 'reader')
     INSERT INTO comments (article_id, author_id, body, status, reason, created_at)
     SELECT a.id, l.readers[1 + floor(random() * 1000)::int],
       'A reader''s comment on story ' || a.legacy_id || ': ' || left(a.name, 80),
       CASE WHEN a.legacy_id % 50 = 0 THEN 'pending' ELSE 'approved' END,
       CASE WHEN a.legacy_id % 50 = 0 THEN 'links' END, a.published_at + interval '1 hour'
     FROM articles a CROSS JOIN l WHERE a.legacy_id % 5 = 0;
     INSERT INTO articles (name, slug, author_id, category_id, status, published_at, language,
       created_at, updated_at)
     SELECT 'Draft ' || g, 'scale-draft-' || g, (SELECT id FROM users WHERE slug = 'writer-' || (1 + g % 3000)),
       (SELECT id FROM categories WHERE slug = 'desk-' || (1 + g % 100)),
       (CASE WHEN g % 5 = 0 THEN 'pending' ELSE 'draft' END)::article_status,
       now() + make_interval(days => 30), CASE WHEN g % 2 = 0 THEN 'hi' ELSE 'en' END,
       now() - make_interval(hours => g), now() - make_interval(hours => g)
     FROM generate_series(1, 250) g;
     INSERT INTO audit_entries (at, actor_id, actor_name, action, subject_kind, subject_id, subject_name)
     SELECT a.published_at, a.author_id, 'Writer', 'article.published', 'article', a.id::text, a.name
     FROM articles a;
     INSERT INTO article_daily_views (article_id, day, views)
     SELECT a.id, (now() - make_interval(days => d))::date, 1 + floor(random() * 5000)::int
     FROM (SELECT id FROM articles WHERE status = 'published' AND published_at <= now()
           ORDER BY published_at DESC LIMIT 3000) a
     CROSS JOIN generate_series(0, 6) d;
     INSERT INTO article_view_totals (article_id, views)
     SELECT article_id, sum(views) FROM article_daily_views GROUP BY article_id;`,
  );
}

/** A step's seconds, printed as it ends and kept in `steps`. */
export function stepTimer(steps: Record<string, number>, log: (s: string) => void) {
  return async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const answer = await work();
    steps[name] = Number(((performance.now() - started) / 1000).toFixed(1));
    log(`scale: ${name} in ${steps[name]} s`);
    return answer;
  };
}

/** The seconds of all the steps. */
export const totalSeconds = (steps: Record<string, number>): number =>
  Number(
    Object.values(steps)
      .reduce((a, b) => a + b, 0)
      .toFixed(1),
  );

/** Fills a migrated site with N stories and what hangs off them, whichever the engine. */
export async function fillSite(
  client: BulkClient,
  stories_: number,
  timed: ReturnType<typeof stepTimer>,
) {
  await timed('text pools and their search lexemes', () => loadTexts(client));
  await timed('editions, sections, tags, people', () => places(client));
  await timed('media library', () => library(client, stories_));
  const chunk = 50_000;
  for (let from = 1; from <= stories_; from += chunk)
    await timed(`stories ${from}–${Math.min(stories_, from + chunk - 1)}`, () =>
      stories(client, { from, to: Math.min(stories_, from + chunk - 1), total: stories_ }),
    );
  await timed('search rows, tags, editions, bylines, comments, audit, views', () => around(client));
  await dropTexts(client);
  await timed('VACUUM ANALYZE', () => client.query('VACUUM ANALYZE'));
}

/** Builds the site; answers its database's address and each step's seconds. */
export async function buildScaleSite(stories_: number, dataDir: string, log: (s: string) => void) {
  const steps: Record<string, number> = {};
  const timed = stepTimer(steps, log);
  const databaseUrl = await timed('database made and migrated, images stored', async () => {
    const url = await freshDatabase(stories_);
    await prepare(url, dataDir);
    return url;
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // The build's own session: the search GIN indexes are made once, after the rows (withoutSearchGin),
  // and at a million rows a GIN build in PostgreSQL's default 64 MB spills and merges for many
  // minutes. A gigabyte is this build's alone (24 GiB here), never the server's setting.
  await client.query(`SET maintenance_work_mem = '1GB'`);
  try {
    await fillSite(client, stories_, timed);
  } finally {
    await client.end();
  }
  return { databaseUrl, steps, buildSeconds: totalSeconds(steps) };
}

/**
 * The site to measure: built (buildScaleSite), or with `reuse` (`--scale-reuse`) the one an
 * earlier run built, as it stands: nothing built or dropped; the server migrates it on start,
 * as it would a live site.
 */
export async function scaleSite(
  stories: number,
  dataDir: string,
  log: (s: string) => void,
  reuse: boolean,
): Promise<Awaited<ReturnType<typeof buildScaleSite>>> {
  if (!reuse) return buildScaleSite(stories, dataDir, log);
  return { databaseUrl: `${LOCAL}/patrika_bench_scale_${stories}`, steps: {}, buildSeconds: 0 };
}
