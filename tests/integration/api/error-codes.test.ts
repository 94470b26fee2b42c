/*
 * Every error answer of the API carries a stable code beside SPEC.md's English message
 * (issue 36 item 2, DECISIONS.md §22): a walk of refusals of every kind (bad bodies, unknown ids,
 * wrong roles, bad JSON, wrong methods, too large, rate limits) checks that each answer has a
 * code of the catalogue, that the code's status and English are the answer's, and that the
 * OpenAPI document lists the code under the answer's status for its route. The document names
 * every code of the catalogue somewhere.
 */
import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  englishOf,
  isCode,
  outsideApi,
  REFUSALS,
  statusOf,
  type Code,
} from '../../../common/refusals/catalogue';
import type { Entry } from '../../../common/refusals/define';
import { SIGN_IN_MAX_FAILURES } from '../../../server/modules/users/user-sessions';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  multipart,
  someAddress,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

const API_CEILING = 40;
let t: TestApp;
let admin: TestUser;
let author: TestUser;
let otherAuthor: TestUser;
let reader: TestUser;
let category: { _id: string; name: string };
let article: { _id: string; slug: string };

/** The route (Fastify's pattern) and method of each answer, in order. */
const routes: { url: string; method: string }[] = [];

beforeAll(async () => {
  t = await createTestApp(
    { API_RATE_LIMIT: String(API_CEILING) },
    {
      routes: (app) => {
        // On the way in: an answer's own onResponse work (the audit trail's) may still run when
        // inject resolves, and the route must be known by then.
        app.addHook('onRequest', async (request) => {
          routes.push({ url: request.routeOptions.url ?? '', method: request.method });
        });
      },
    },
  );
  admin = await createAdmin(t.app);
  author = await createUser(t.app, 'author');
  otherAuthor = await createUser(t.app, 'author');
  reader = await createUser(t.app, 'reader');
  category = await createCategory(t.app, admin);
  article = await createArticle(t.app, author, category._id);
});
afterAll(async () => t.close());

interface Body {
  message: string;
  code: string;
  params?: Record<string, unknown>;
  errors?: { path: string; message: string; code: string; params?: Record<string, unknown> }[];
}

type Doc = {
  paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  components: { responses: Record<string, { content: Record<string, { schema: unknown }> }> };
};

type CodeSchema = { properties?: { code?: { enum?: string[] } } };

/** The codes a response object of the document names (`code`'s enum). */
const codesIn = (response: unknown): string[] => {
  const schema = (response as { content?: Record<string, { schema?: unknown }> })?.content?.[
    'application/json'
  ]?.schema as (CodeSchema & { properties?: { errors?: { items?: CodeSchema } } }) | undefined;
  return [
    ...(schema?.properties?.code?.enum ?? []),
    ...(schema?.properties?.errors?.items?.properties?.code?.enum ?? []),
  ];
};

let doc: Doc;
const document = async () =>
  (doc ??= (await t.app.inject({ url: '/api/openapi.json' })).json() as Doc);

/** The codes the document declares for this route and status (the shared answers too). */
async function declared(route: { url: string; method: string }, status: number) {
  const d = await document();
  const path = route.url.replace(/:(\w+)/g, '{$1}');
  const operation = d.paths[path]?.[route.method.toLowerCase()];
  const own = operation ? codesIn(operation.responses[String(status)]) : [];
  const shared = Object.values(d.components.responses).flatMap(codesIn);
  return [...own, ...shared];
}

/** Sends one request and checks its refusal: code, status, English and declaration. */
async function refused(options: InjectOptions, status: number, code: Code) {
  const res: LightMyRequestResponse = await t.app.inject({
    remoteAddress: someAddress(),
    ...options,
  });
  const route = routes.at(-1) ?? { url: '', method: '' };
  expect(res.statusCode, res.body.slice(0, 300)).toBe(status);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<Body>();
  expect(body.code, res.body.slice(0, 300)).toBe(code);
  expect(isCode(body.code)).toBe(true);
  expect(statusOf(code)).toBe(status);
  const details = (body.errors ?? []).map((e) => ({ path: e.path, text: e.message }));
  expect(body.message).toBe(englishOf(code, body.params as never, details));
  for (const entry of body.errors ?? []) expect(isCode(entry.code), entry.code).toBe(true);
  expect(await declared(route, status), `${route.method} ${route.url}`).toContain(code);
  return body;
}

const json = (payload: string) => ({
  headers: { ...auth(admin), 'content-type': 'application/json' },
  payload,
});
const addCategory = '/api/categories/addCategory';

describe('every 4xx of the API carries a code of the catalogue, declared by its route', () => {
  it('what the framework refuses: broken, empty, foreign and oversized bodies', async () => {
    await refused({ method: 'POST', url: addCategory, ...json('{"name": ') }, 400, 'http.bad_json');
    await refused({ method: 'POST', url: addCategory, ...json('') }, 400, 'http.empty_json');
    await refused(
      {
        method: 'POST',
        url: addCategory,
        headers: { ...auth(admin), 'content-type': 'application/xml' },
        payload: '<category/>',
      },
      415,
      'http.unsupported_media_type',
    );
    await refused(
      {
        method: 'POST',
        url: addCategory,
        ...json(JSON.stringify({ name: 'x', description: 'd'.repeat(1_100_000) })),
      },
      413,
      'http.body_too_large',
    );
  });

  it('invalid input: one code for the answer, and each problem its own', async () => {
    const body = await refused(
      {
        method: 'PUT',
        url: '/api/categories/edit',
        headers: auth(admin),
        payload: { _id: category._id, name: '', description: 'd'.repeat(2001), isHome: 'no' },
      },
      400,
      'validation.invalid',
    );
    expect(body.errors?.map((e) => [e.path, e.code, e.params])).toEqual(
      expect.arrayContaining([
        ['body.name', 'validation.required', { field: 'name' }],
        ['body.description', 'validation.too_long', { field: 'description', maximum: 2000 }],
        ['body.isHome', 'validation.not_boolean', { field: 'isHome' }],
      ]),
    );
    const id = await refused({ url: '/api/articles/article/not-an-id' }, 400, 'validation.invalid');
    expect(id.errors?.[0]).toMatchObject({ path: 'params.id', code: 'validation.not_id' });
    const text = await refused({ url: '/api/search?q=%00' }, 400, 'validation.invalid');
    expect(text.errors?.[0]).toMatchObject({
      path: 'querystring.q',
      code: 'validation.bad_text',
      params: { field: 'q' },
    });
    await refused(
      { url: '/api/categories', headers: { host: 'bad host!' } },
      400,
      'request.bad_host',
    );
  });

  it('unknown ids, addresses and methods', async () => {
    await refused({ url: `/api/articles/article/${randomUUID()}` }, 404, 'article.not_found');
    await refused({ url: '/api/categories/no-such-category' }, 404, 'category.not_found');
    await refused({ url: '/api/articles/red/987654' }, 404, 'article.legacy_unknown');
    await refused(
      {
        method: 'PUT',
        url: `/api/users/${randomUUID()}/role`,
        headers: auth(admin),
        payload: { role: 'author' },
      },
      404,
      'user.not_found',
    );
    const call = await refused({ url: '/api/no-such-call' }, 404, 'http.not_found');
    expect(call.params).toEqual({ method: 'GET', path: '/api/no-such-call' });
    const method = await refused(
      { method: 'PATCH', url: '/api/categories' },
      405,
      'http.method_not_allowed',
    );
    expect(method.params).toMatchObject({ path: '/api/categories', method: 'PATCH' });
  });

  it('who is asking: nobody, a weaker role, someone else’s piece, another site', async () => {
    await refused({ url: '/api/users/me' }, 401, 'auth.signed_out');
    const role = await refused(
      { url: '/api/stats', headers: auth(author) },
      403,
      'auth.role_required',
    );
    expect(role.params).toEqual({ role: 'editor' });
    await refused(
      {
        method: 'POST',
        url: '/api/articles/article',
        headers: auth(reader),
        payload: { name: 'x', category: category._id },
      },
      403,
      'article.write_forbidden',
    );
    await refused(
      { method: 'DELETE', url: `/api/articles/delete/${article._id}`, headers: auth(otherAuthor) },
      403,
      'article.not_own',
    );
    await refused(
      {
        method: 'POST',
        url: '/api/users/signout-everywhere',
        headers: { cookie: `patrika_token=${reader.token}`, origin: 'https://elsewhere.example' },
      },
      403,
      'auth.cross_site',
    );
    await refused(
      {
        method: 'POST',
        url: '/api/users/signin',
        payload: { email: reader.email, password: 'not the password' },
      },
      401,
      'auth.invalid_credentials',
    );
  });

  it('conflicts, with the parts a translation needs as params', async () => {
    const taken = await refused(
      {
        method: 'POST',
        url: '/api/articles/article',
        headers: auth(author),
        payload: {
          name: 'Another one',
          category: category._id,
          slug: article.slug,
          imageUrl: 'https://images.example.com/a.jpg',
          description: '<p>Text.</p>',
        },
      },
      409,
      'article.slug_taken',
    );
    expect(taken.params).toEqual({ slug: article.slug });
    expect(taken.errors?.[0]).toMatchObject({
      path: 'body.slug',
      code: 'article.slug_in_use',
      params: { slug: article.slug, free: `${article.slug}-2` },
    });
    const full = await refused(
      { method: 'DELETE', url: `/api/categories/delete/${category._id}`, headers: auth(admin) },
      409,
      'category.has_articles',
    );
    expect(full.params).toEqual({ name: category.name, count: 1 });
    await refused(
      {
        method: 'POST',
        url: '/api/users/signup',
        payload: { name: 'Again', email: reader.email, password: 'long enough pass' },
      },
      409,
      'user.email_taken',
    );
    await refused(
      {
        method: 'PUT',
        url: `/api/users/${admin._id}/role`,
        headers: auth(admin),
        payload: { role: 'author' },
      },
      409,
      'user.last_admin',
    );
    await refused(
      {
        method: 'POST',
        url: `/api/users/invite/${'a'.repeat(64)}`,
        payload: { password: 'long enough pass' },
      },
      404,
      'invitation.unknown',
    );
  });

  it('uploads: not multipart, not an image', async () => {
    await refused(
      { method: 'POST', url: '/api/media', headers: auth(author), payload: { file: 'x' } },
      400,
      'media.not_multipart',
    );
    const text = multipart([
      { name: 'file', filename: 'notes.txt', contentType: 'text/plain', data: 'just words' },
    ]);
    await refused(
      {
        method: 'POST',
        url: '/api/media',
        headers: { ...text.headers, ...auth(author) },
        payload: text.payload,
      },
      415,
      'media.unsupported_type',
    );
  });

  it('rate limits: the API ceiling per address and failed sign-ins per account', async () => {
    const address = someAddress();
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i <= API_CEILING; i++)
      last = await t.app.inject({ url: '/api/categories', remoteAddress: address });
    expect(last?.statusCode).toBe(429);
    const limited = await refused(
      { url: '/api/categories', remoteAddress: address },
      429,
      'rate_limit.exceeded',
    );
    expect(limited.params).toEqual({ minutes: 1 });
    const email = otherAuthor.email;
    for (let i = 0; i < SIGN_IN_MAX_FAILURES; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api/users/signin',
        remoteAddress: someAddress(),
        payload: { email, password: 'wrong guess' },
      });
    const paused = await refused(
      { method: 'POST', url: '/api/users/signin', payload: { email, password: 'wrong guess' } },
      429,
      'auth.too_many_failures',
    );
    expect(paused.params).toEqual({ minutes: expect.any(Number) });
  });
});

describe('the OpenAPI document lists the codes', () => {
  it('names every code of the catalogue that an API call can answer, under some response', async () => {
    const d = await document();
    const named = new Set([
      ...Object.values(d.paths).flatMap((operations) =>
        Object.values(operations).flatMap((op) => Object.values(op.responses).flatMap(codesIn)),
      ),
      ...Object.values(d.components.responses).flatMap(codesIn),
    ]);
    const answerable = (Object.keys(REFUSALS) as Code[]).filter(
      (code) => (REFUSALS[code] as Entry).status !== undefined && !outsideApi(code),
    );
    expect(answerable.length).toBeGreaterThan(150);
    expect(answerable.filter((code) => !named.has(code))).toEqual([]);
  });

  it('shows a route’s codes in its error answers', async () => {
    const d = await document();
    const remove = d.paths['/api/categories/delete/{id}']?.delete;
    expect(codesIn(remove?.responses['409']).sort()).toEqual([
      'category.feeds_home',
      'category.has_articles',
      'category.has_articles_now',
      'category.has_sections',
    ]);
    // Any call answers an unknown or revoked X-Api-Key with 401 (issue 41 item 1).
    expect(codesIn(remove?.responses['401']).sort()).toEqual([
      'api_key.invalid',
      'auth.signed_out',
    ]);
    expect(codesIn(d.components.responses.NoSuchCall)).toEqual(['http.not_found']);
    // Each problem of invalid input, under the shared answer every 400 refers to.
    expect(codesIn(d.components.responses.InvalidInput)).toEqual(
      expect.arrayContaining([
        'validation.invalid',
        'validation.required',
        'user.photo_url_invalid',
      ]),
    );
  });
});
