/*
 * A site on PostgreSQL for the comments' journeys (issue 42): a private database on
 * TEST_DATABASE_URL's server (dropped at the end), served by one or more server processes each
 * with a page cache of its own, kept in step by the database's NOTIFY as a cluster's workers
 * are (server/cluster.ts). Each process has its own port, so a test can ask each one for the
 * cached page. Readers prove their address as an e-mail link would (the column it sets), as
 * tests/setup/comment-calls.ts does for the integration tests.
 */
import { request as requests, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import { withDatabase } from '../setup/database-url';
import { freePort, startServer, tempDataDir, type RunningServer } from '../setup/spawn-server';
import {
  ADMIN,
  Api,
  makeImage,
  newAccount,
  readJson,
  signInThroughApi,
  test,
  type Account,
  type Article,
} from './fixtures';

/** PostgreSQL's server for the journeys: `npm test` and CI set it (.ci/run, scripts/test.ts). */
export const POSTGRES_URL = process.env.E2E_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/**
 * Outside CI, a run without PostgreSQL skips these journeys with the reason; under CI=true
 * they run and fail on the missing server, as `npm test` fails its other stages there.
 */
export const skipWithoutPostgres = () =>
  test.skip(
    !POSTGRES_URL && process.env.CI !== 'true' && process.env.CI !== '1',
    'needs TEST_DATABASE_URL (PostgreSQL); CI sets it',
  );

export interface PostgresSite {
  /** Each process's address; the first is the site's PUBLIC_URL. */
  urls: string[];
  /** The processes themselves, in the same order (a journey may kill one). */
  processes: RunningServer[];
  /** The administrator's API client on the first process. */
  admin: Api;
  /**
   * A new reader signed up on the first process, with a proved address unless `confirmed` is
   * false; `name` as given.
   */
  reader(
    label?: string,
    opts?: { name?: string; confirmed?: boolean },
  ): Promise<Account & { _id: string }>;
  /** A published English story with a picture. */
  story(name: string): Promise<Article>;
  close(): Promise<void>;
}

/** Starts `processes` servers on a new database; `label` names it; `env` is added to theirs. */
export async function startPostgresSite(
  label: string,
  processes: number,
  env: Record<string, string> = {},
): Promise<PostgresSite> {
  if (!POSTGRES_URL) throw new Error('TEST_DATABASE_URL is not set');
  const name = `patrika_e2e_${label}_${Date.now().toString(36)}_${process.pid}`;
  const server = new pg.Client({ connectionString: POSTGRES_URL });
  await server.connect();
  await server.query(`CREATE DATABASE "${name}"`);
  const databaseUrl = withDatabase(POSTGRES_URL, name);
  const db = new pg.Client({ connectionString: databaseUrl });
  const running: RunningServer[] = [];
  const contexts: APIRequestContext[] = [];
  const close = async () => {
    for (const context of contexts) await context.dispose();
    for (const one of running) await one.stop();
    await db.end().catch(() => undefined);
    await server.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await server.end();
  };
  try {
    const ports = await Promise.all(Array.from({ length: processes }, () => freePort()));
    const publicUrl = `http://127.0.0.1:${ports[0]}`;
    // One after the other: the first applies the migrations to the empty database.
    for (const port of ports)
      running.push(
        await startServer({
          DATABASE_URL: databaseUrl,
          DATA_DIR: tempDataDir(),
          SEED_DEMO: '0',
          WEB_CONCURRENCY: '1',
          PORT: String(port),
          PUBLIC_URL: publicUrl,
          TRUST_PROXY: 'loopback',
          API_RATE_LIMIT: '1000000',
          ...env,
        }),
      );
    await db.connect();
    const context = await requests.newContext({ baseURL: publicUrl });
    contexts.push(context);
    await readJson(await context.post('/api/users/signup', { data: ADMIN }), 201);
    const admin = await Api.signIn(context, ADMIN);
    return {
      urls: running.map((one) => one.url),
      processes: running,
      admin,
      close,
      async reader(label = 'Reader', { name, confirmed = true } = {}) {
        const account = { ...newAccount(label), ...(name ? { name } : {}) };
        const made = await readJson<{ _id: string }>(await admin.signUp(account), 201);
        if (confirmed)
          await db.query('UPDATE users SET email_confirmed_at = now() WHERE email = $1', [
            account.email,
          ]);
        return { ...account, _id: made._id };
      },
      story: (title) => publishedStory(admin, title),
    };
  } catch (error) {
    await close();
    throw error;
  }
}

async function publishedStory(admin: Api, title: string): Promise<Article> {
  const category = await readJson<{ _id: string }>(
    await admin.createCategory({ name: `Aa ${title}`, description: 'Comments.' }),
    201,
  );
  const image = await readJson<{ secure_url: string }>(
    await admin.upload({
      name: 'cover.jpg',
      mimeType: 'image/jpeg',
      buffer: await makeImage('jpeg'),
    }),
    201,
  );
  return readJson<Article>(
    await admin.createArticle({
      name: title,
      category: category._id,
      imageUrl: image.secure_url,
      description: '<p>The monsoon reached Kerala on time this year, the weather office said.</p>',
      language: 'en',
      status: 'published',
    }),
    201,
  );
}

/** The page at `path` as process `url` keeps it for everyone, and its NewsArticle JSON-LD. */
export async function sharedPage(url: string, path: string) {
  const res = await fetch(`${url}${path}`);
  const html = await res.text();
  const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)]
    .map((m) => JSON.parse(m[1] ?? '{}') as Record<string, unknown>)
    .flatMap((thing) => (Array.isArray(thing['@graph']) ? thing['@graph'] : [thing]))
    .find((thing) => (thing as Record<string, unknown>)['@type'] === 'NewsArticle') as
    { commentCount?: number; comment?: { text: string }[] } | undefined;
  return { status: res.status, cache: res.headers.get('x-page-cache'), html, ld };
}

/** Opens `url` + `path` signed in as `account` on the journeys' own site (`signInThroughApi`). */
export async function openAs(page: Page, url: string, account: Account, path: string) {
  await signInThroughApi(page, account, url);
  await page.goto(`${url}${path}`);
}
