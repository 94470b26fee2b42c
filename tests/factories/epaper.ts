/*
 * The e-paper through its API (issue 67): editions to make issues of, issues, pages uploaded as
 * multipart PDFs, and the fixture pages of tests/fixtures/epaper (made by
 * scripts/epaper-fixtures.ts from the demo stories' Hindi text).
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EpaperIssue } from '../../common/schemas/epaper';
import { auth, multipart, type TestUser } from './index';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'epaper');

/** A fixture PDF's bytes: `one-page.pdf`, `three-pages.pdf`, `encrypted.pdf`. */
export const epaperFixture = (name: string) => readFileSync(join(FIXTURES, name));

/** The known text of each fixture's pages (pages.json beside them). */
export const epaperFixtureText = (name: string): { headline: string; body: string }[] =>
  (JSON.parse(readFileSync(join(FIXTURES, 'pages.json'), 'utf8')) as Record<string, never>)[name]!;

/** A state and a city under it (administrators make editions); answers the city. */
export async function createCityEdition(
  app: FastifyInstance,
  admin: TestUser,
  names = { hi: 'जयपुर', en: 'Jaipur' },
) {
  const tag = randomBytes(3).toString('hex');
  const post = (payload: object) =>
    app.inject({ method: 'POST', url: '/api/editions', headers: auth(admin), payload });
  const state = await post({
    slug: `state-${tag}`,
    kind: 'state',
    parentId: '00000000-0000-4000-8000-000000000065',
    names: { hi: `राज्य ${tag}`, en: `State ${tag}` },
  });
  if (state.statusCode !== 201) throw new Error(`edition: ${state.body}`);
  const city = await post({
    slug: `city-${tag}`,
    kind: 'city',
    parentId: state.json<{ _id: string }>()._id,
    names,
  });
  if (city.statusCode !== 201) throw new Error(`edition: ${city.body}`);
  return city.json<{ _id: string; slug: string }>();
}

export async function createEpaperIssue(
  app: FastifyInstance,
  by: TestUser,
  body: { edition: string; date: string; title?: string },
): Promise<EpaperIssue> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/epaper/issues',
    headers: auth(by),
    payload: body,
  });
  if (res.statusCode !== 201) throw new Error(`issue: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Sends PDFs to an issue's pages (POST), or one to replace a page (PUT with `pageId`). */
export function sendPages(
  app: FastifyInstance,
  by: TestUser | undefined,
  issueId: string,
  files: { filename: string; data: Buffer }[],
  pageId?: string,
): Promise<LightMyRequestResponse> {
  const body = multipart(
    files.map((f) => ({
      name: 'file',
      filename: f.filename,
      contentType: 'application/pdf',
      data: f.data,
    })),
  );
  return app.inject({
    method: pageId ? 'PUT' : 'POST',
    url: `/api/epaper/issues/${issueId}/pages${pageId ? `/${pageId}` : ''}`,
    headers: { ...body.headers, ...(by ? auth(by) : {}) },
    payload: body.payload,
  });
}
