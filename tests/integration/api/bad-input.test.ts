/*
 * Bad input of every kind, sent by an administrator (so the role is never the reason for a
 * refusal) to the write and read calls. Each must get a 4xx JSON answer with a message, never
 * a 5xx, never a stack trace, and must leave every table as it was (DECISIONS.md §1).
 */
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCode } from '../../../common/refusals/catalogue';
import { DEFAULT_SETTINGS } from '../../../common/settings';
import { articles, categories } from '../../../db/schema/content';
import { jobs } from '../../../db/schema/jobs';
import { articlePresence, articleRevisions } from '../../../db/schema/revisions';
import { media } from '../../../db/schema/media';
import { users } from '../../../db/schema/users';
import {
  articleBody,
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  multipart,
  someAddress,
  testImage,
  type TestUser,
} from '../../factories';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let reader: TestUser;
let categoryId: string;
let articleId: string;
/** The revision the article's creation recorded. */
let revisionId: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.app);
  reader = await createUser(t.app, 'reader');
  const category = await createCategory(t.app, admin);
  categoryId = category._id;
  articleId = (await createArticle(t.app, admin, categoryId))._id;
  const listed = await t.app.inject({
    url: `/api/articles/${articleId}/revisions`,
    headers: auth(admin),
  });
  revisionId = listed.json().revisions[0]._id;
});
afterAll(async () => t.close());

const BIG = 'x'.repeat(100 * 1024);
const SQL = ["' OR 1=1 --", '1; DROP TABLE articles'];
const TRAVERSAL = ['../../etc/passwd', '%2e%2e%2f'];
const enc = encodeURIComponent;

interface Case {
  name: string;
  request: () => InjectOptions;
  /** The exact status, and (for validation failures) where the first error points. */
  status: number;
  path?: string;
}

/** A raw body sent as JSON, broken or not. */
const raw = (method: 'POST' | 'PUT', url: string, body: string): InjectOptions => ({
  method,
  url,
  headers: { 'content-type': 'application/json' },
  payload: body,
});
const json = (method: 'POST' | 'PUT', url: string, body: unknown) =>
  raw(method, url, JSON.stringify(body));

const category = (overrides: Record<string, unknown> = {}) => ({
  name: 'Fine name',
  description: 'Fine description.',
  isHome: false,
  ...overrides,
});
const edit = (overrides: Record<string, unknown> = {}) => ({
  _id: categoryId,
  ...category(overrides),
});
const article = (overrides: Record<string, unknown> = {}) =>
  articleBody(categoryId, { ...overrides });

/** Every write call that takes a JSON body, with the URL it needs. */
const JSON_WRITES: [string, 'POST' | 'PUT', () => string][] = [
  ['addCategory', 'POST', () => '/api/categories/addCategory'],
  ['edit category', 'PUT', () => '/api/categories/edit'],
  ['create article', 'POST', () => '/api/articles/article'],
  ['update article', 'PUT', () => `/api/articles/${articleId}`],
  ['settings', 'PUT', () => '/api/settings'],
  ['role', 'PUT', () => `/api/users/${reader._id}/role`],
  ['set password', 'PUT', () => `/api/users/${reader._id}/password`],
  ['profile', 'PUT', () => '/api/users/me'],
  ['sign-up', 'POST', () => '/api/users/signup'],
  ['sign-in', 'POST', () => '/api/users/signin'],
];

const CASES: Case[] = [
  // Broken JSON.
  ...JSON_WRITES.flatMap(([name, method, url]) =>
    ['{"name": ', '{name: "x"}', "{'name': 'x'}", '{"name": "x",}', 'undefined'].map(
      (body): Case => ({
        name: `${name}: broken JSON ${body}`,
        request: () => raw(method, url(), body),
        status: 400,
      }),
    ),
  ),
  // Null and empty bodies.
  ...JSON_WRITES.flatMap(([name, method, url]): Case[] => [
    {
      name: `${name}: null body`,
      request: () => raw(method, url(), 'null'),
      status: 400,
      path: 'body',
    },
    { name: `${name}: empty JSON body`, request: () => raw(method, url(), ''), status: 400 },
    {
      name: `${name}: a JSON string body`,
      request: () => raw(method, url(), '"just text"'),
      status: 400,
    },
    {
      name: `${name}: a JSON array body`,
      request: () => raw(method, url(), '[]'),
      status: 400,
    },
  ]),
  // Prototype pollution attempts.
  {
    name: 'addCategory: __proto__ in the body',
    request: () =>
      raw(
        'POST',
        '/api/categories/addCategory',
        '{"name":"Proto","description":"x","__proto__":{"isHome":true}}',
      ),
    status: 400,
  },
  {
    name: 'settings: constructor.prototype in the body',
    request: () =>
      raw('PUT', '/api/settings', '{"siteName":"x","constructor":{"prototype":{"admin":true}}}'),
    status: 400,
  },

  // Wrong types: numbers for strings, strings for booleans, and the like.
  ...(
    [
      ['name as a number', category({ name: 123 }), 'body.name'],
      ['description as a number', category({ description: 456 }), 'body.description'],
      ['isHome as the string "true"', category({ isHome: 'true' }), 'body.isHome'],
      ['isHome as 1', category({ isHome: 1 }), 'body.isHome'],
      ['slug as a number', category({ slug: 42 }), 'body.slug'],
      ['an array for the body', [category()], 'body'],
      ['an object for name', category({ name: { $gt: '' } }), 'body.name'],
      ['a 100 KB name', category({ name: BIG }), 'body.name'],
      ['a 100 KB slug', category({ slug: BIG }), 'body.slug'],
      ['a 100 KB description', category({ description: BIG }), 'body.description'],
    ] as const
  ).map(([what, body, path]): Case => ({
    name: `addCategory: ${what}`,
    request: () => json('POST', '/api/categories/addCategory', body),
    status: 400,
    path,
  })),
  ...(
    [
      ['_id as a number', () => edit({ _id: 12345 }), 'body._id'],
      ['isHome as the string "false"', () => edit({ isHome: 'false' }), 'body.isHome'],
      ['an object for _id', () => edit({ _id: { $ne: null } }), 'body._id'],
      ['an array for the body', () => [edit()], 'body'],
      ['a 100 KB name', () => edit({ name: BIG }), 'body.name'],
      ...SQL.map((s) => [`_id ${s}`, () => edit({ _id: s }), 'body._id'] as const),
      ...TRAVERSAL.map((s) => [`_id ${s}`, () => edit({ _id: s }), 'body._id'] as const),
    ] as const
  ).map(([what, body, path]): Case => ({
    name: `edit category: ${what}`,
    request: () => json('PUT', '/api/categories/edit', body()),
    status: 400,
    path,
  })),
  ...(
    [
      ['name as a number', () => article({ name: 42 }), 'body.name'],
      ['category as a number', () => article({ category: 7 }), 'body.category'],
      ['legacyId as a string', () => article({ legacyId: '12' }), 'body.legacyId'],
      ['legacyId as a fraction', () => article({ legacyId: 1.5 }), 'body.legacyId'],
      ['legacyId negative', () => article({ legacyId: -1 }), 'body.legacyId'],
      ['status as a boolean', () => article({ status: true }), 'body.status'],
      ['status unknown', () => article({ status: 'archived' }), 'body.status'],
      ['language unknown', () => article({ language: 'fr' }), 'body.language'],
      ['description as a number', () => article({ description: 99 }), 'body.description'],
      ['metaTitle as a boolean', () => article({ metaTitle: false }), 'body.metaTitle'],
      ['publishedAt as a number', () => article({ publishedAt: 12345 }), 'body.publishedAt'],
      ['publishedAt not a date', () => article({ publishedAt: 'tomorrow' }), 'body.publishedAt'],
      ['an object for name', () => article({ name: { toString: 'x' } }), 'body.name'],
      [
        'an object for imageUrl',
        () => article({ imageUrl: { url: 'https://x' } }),
        'body.imageUrl',
      ],
      [
        'a javascript: imageUrl',
        () => article({ imageUrl: 'javascript:alert(1)' }),
        'body.imageUrl',
      ],
      ['an array for the body', () => [article()], 'body'],
      ['a 100 KB name', () => article({ name: BIG }), 'body.name'],
      ['a 100 KB slug', () => article({ slug: BIG }), 'body.slug'],
      ['a 100 KB metaTitle', () => article({ metaTitle: BIG }), 'body.metaTitle'],
      [
        'a 100 KB imageUrl',
        () => article({ imageUrl: `https://x.example/${BIG}` }),
        'body.imageUrl',
      ],
      ...[...SQL, ...TRAVERSAL].flatMap((s) => [
        [`category ${s}`, () => article({ category: s }), 'body.category'] as const,
        [`author ${s}`, () => article({ author: s }), 'body.author'] as const,
      ]),
    ] as const
  ).flatMap(([what, body, path]): Case[] => [
    {
      name: `create article: ${what}`,
      request: () => json('POST', '/api/articles/article', body()),
      status: 400,
      path,
    },
    {
      name: `update article: ${what}`,
      request: () => json('PUT', `/api/articles/${articleId}`, body()),
      status: 400,
      path,
    },
  ]),
  ...(
    [
      ['siteName as a number', { siteName: 5 }, 'body.siteName'],
      ['an object for siteName', { siteName: { en: 'x' } }, 'body.siteName'],
      [
        'a string for homeSectionSlugs',
        { homeSectionSlugs: 'editors-choice' },
        'body.homeSectionSlugs',
      ],
      ['a SQL slug in homeSectionSlugs', { homeSectionSlugs: [SQL[1]] }, 'body.homeSectionSlugs.0'],
      ['a string for social', { social: 'https://x.com' }, 'body.social'],
      ['an array for social', { social: [] }, 'body.social'],
      ['contactEmail as a number', { contactEmail: 123 }, 'body.contactEmail'],
      ['a 100 KB siteName', { siteName: BIG }, 'body.siteName'],
      ['a 100 KB contactEmail', { contactEmail: `${BIG}@example.com` }, 'body.contactEmail'],
      ['an array for the body', [{ siteName: 'x' }], 'body'],
      ['an unknown time zone', { timeZone: 'Mars/Olympus' }, 'body.timeZone'],
      ['a number for timeZone', { timeZone: 530 }, 'body.timeZone'],
      ['text for authorsNeedReview', { authorsNeedReview: 'yes' }, 'body.authorsNeedReview'],
      ['text for feedFullText', { feedFullText: 'on' }, 'body.feedFullText'],
    ] as const
  ).map(([what, body, path]): Case => ({
    name: `settings: ${what}`,
    request: () => json('PUT', '/api/settings', body),
    status: 400,
    path,
  })),
  ...(
    [
      ['role as a number', { role: 1 }, 'body.role'],
      ['role as a boolean', { role: true }, 'body.role'],
      ['an unknown role', { role: 'superadmin' }, 'body.role'],
      ['an array for role', { role: ['administrator'] }, 'body.role'],
      ['an array for the body', ['editor'], 'body'],
    ] as const
  ).map(([what, body, path]): Case => ({
    name: `role: ${what}`,
    request: () => json('PUT', `/api/users/${reader._id}/role`, body),
    status: 400,
    path,
  })),
  ...(
    [
      ['a short password', { password: 'short' }, 'body.password'],
      ['a 100 KB password', { password: BIG }, 'body.password'],
      ['password as a number', { password: 12345678 }, 'body.password'],
      ['no password', {}, 'body.password'],
    ] as const
  ).map(([what, body, path]): Case => ({
    name: `set password: ${what}`,
    request: () => json('PUT', `/api/users/${reader._id}/password`, body),
    status: 400,
    path,
  })),
  ...[...SQL, ...TRAVERSAL].map((s): Case => ({
    name: `set password: user id ${s}`,
    request: () => json('PUT', `/api/users/${enc(s)}/password`, { password: 'long enough' }),
    status: 400,
    path: 'params.id',
  })),
  ...[...SQL, ...TRAVERSAL].map((s): Case => ({
    name: `role: user id ${s}`,
    request: () => json('PUT', `/api/users/${enc(s)}/role`, { role: 'editor' }),
    status: 400,
    path: 'params.id',
  })),
  ...(
    [
      ['numbers for every field', { name: 1, email: 2, password: 3 }, 'body.name'],
      [
        'an object for email',
        { name: 'N', email: { $ne: null }, password: 'long enough' },
        'body.email',
      ],
      [
        'a 100 KB email',
        { name: 'N', email: `${BIG}@example.com`, password: 'long enough' },
        'body.email',
      ],
      [
        'a 100 KB name',
        { name: BIG, email: 'big@example.com', password: 'long enough' },
        'body.name',
      ],
      ['a SQL email', { name: 'N', email: SQL[0], password: 'long enough' }, 'body.email'],
    ] as const
  ).map(([what, body, path]): Case => ({
    name: `sign-up: ${what}`,
    request: () => json('POST', '/api/users/signup', body),
    status: 400,
    path,
  })),
  ...(
    [
      [
        'objects for email and password',
        { email: { $ne: null }, password: { $ne: null } },
        'body.email',
      ],
      ['a boolean email', { email: true, password: 'x' }, 'body.email'],
      ['a 100 KB email', { email: `${BIG}@example.com`, password: 'x' }, 'body.email'],
      ['a 100 KB password', { email: 'a@example.com', password: BIG }, 'body.password'],
      ['a SQL email', { email: SQL[0], password: SQL[0] }, 'body.email'],
      ['an array for the body', [{ email: 'a@example.com', password: 'x' }], 'body'],
    ] as const
  ).map(([what, body, path]): Case => ({
    name: `sign-in: ${what}`,
    request: () => json('POST', '/api/users/signin', body),
    status: 400,
    path,
  })),
  {
    name: 'profile: a number for name',
    request: () => json('PUT', '/api/users/me', { name: 5, currentPassword: 'x' }),
    status: 400,
    path: 'body.name',
  },
  {
    name: 'profile: a 100 KB name',
    request: () => json('PUT', '/api/users/me', { name: BIG, currentPassword: 'x' }),
    status: 400,
    path: 'body.name',
  },

  // Moves between statuses (DECISIONS.md §11).
  ...(
    [
      ['no status', {}, 'body.status'],
      ['an unknown status', { status: 'live' }, 'body.status'],
      ['status as a number', { status: 1 }, 'body.status'],
      [
        'a publishedAt that is not a time',
        { status: 'published', publishedAt: 'tomorrow' },
        'body.publishedAt',
      ],
      [
        'a publishedAt with pending',
        { status: 'pending', publishedAt: new Date().toISOString() },
        'body.publishedAt',
      ],
      ['a note with published', { status: 'published', note: 'Looks good' }, 'body.note'],
      ['a 100 KB note', { status: 'draft', note: BIG }, 'body.note'],
      ['an object for note', { status: 'draft', note: { text: 'x' } }, 'body.note'],
      ['an array for the body', ['draft'], 'body'],
    ] as const
  ).map(([what, body, path]): Case => ({
    name: `article status: ${what}`,
    request: () => json('POST', `/api/articles/${articleId}/status`, body),
    status: 400,
    path,
  })),

  // Revisions, autosave and presence (docs/decisions/023).
  ...(
    [
      ['no updatedAt', {}, 'body.updatedAt'],
      ['an updatedAt that is not a time', { updatedAt: 'yesterday' }, 'body.updatedAt'],
      ['an array for the body', [1], 'body'],
    ] as const
  ).map(([what, body, path]): Case => ({
    name: `restore a revision: ${what}`,
    request: () => json('POST', `/api/articles/${articleId}/revisions/${revisionId}/restore`, body),
    status: 400,
    path,
  })),
  {
    name: 'restore a revision that does not exist',
    request: () =>
      json('POST', `/api/articles/${articleId}/revisions/${articleId}/restore`, {
        updatedAt: new Date().toISOString(),
      }),
    status: 404,
  },
  ...(
    [
      ['no basedOn', { name: 'x' }, 'body.basedOn'],
      ['a 100 KB title', { name: BIG, basedOn: new Date().toISOString() }, 'body.name'],
      [
        'a category that is not an id',
        { category: 'news', basedOn: new Date().toISOString() },
        'body.category',
      ],
      [
        'a number for the body text',
        { description: 5, basedOn: new Date().toISOString() },
        'body.description',
      ],
      [
        'an unknown language',
        { language: 'fr', basedOn: new Date().toISOString() },
        'body.language',
      ],
    ] as const
  ).map(([what, body, path]): Case => ({
    name: `autosave: ${what}`,
    request: () => json('PUT', `/api/articles/${articleId}/autosave`, body),
    status: 400,
    path,
  })),

  // House ads (issue 39 item 1): wrong types in a creative, unknown positions and settings.
  ...(
    [
      ['a creative: weight as a string', { weight: '3' }, 'body.weight'],
      ['a creative: positions as a string', { positions: 'header' }, 'body.positions'],
      ['a creative: a link without a scheme', { link: 'example.in/x' }, 'body.link'],
    ] as const
  ).map(([what, overrides, path]): Case => ({
    name: what,
    request: () =>
      json('POST', '/api/ads/creatives', {
        name: 'An ad',
        imageId: '00000000-0000-4000-8000-000000000000',
        link: 'https://example.in',
        alt: 'An ad',
        positions: ['header'],
        weight: 1,
        ...overrides,
      }),
    status: 400,
    path,
  })),
  {
    name: 'ads slots: an unknown position',
    request: () => ({ method: 'GET', url: '/api/ads/slots?positions=header,popup' }),
    status: 400,
  },
  {
    name: 'settings: an ad slot without sizes',
    request: () =>
      json('PUT', '/api/settings', {
        ads: {
          provider: 'house',
          networkCode: '',
          clientId: '',
          hideForMembers: false,
          slots: [{ position: 'header', sizes: [] }],
        },
      }),
    status: 400,
  },

  // Ids in the path: SQL and traversal strings are refused before any query.
  ...[...SQL, ...TRAVERSAL, '12345', BIG].flatMap((s): Case[] => [
    {
      name: `DELETE house ad ${s.slice(0, 30)}`,
      request: () => ({ method: 'DELETE', url: `/api/ads/creatives/${enc(s)}` }),
      status: s === BIG ? 404 : 400,
    },
    {
      name: `revisions of article ${s.slice(0, 30)}`,
      request: () => ({ method: 'GET', url: `/api/articles/${enc(s)}/revisions` }),
      status: s === BIG ? 404 : 400,
    },
    {
      name: `revision ${s.slice(0, 30)}`,
      request: () => ({ method: 'GET', url: `/api/articles/${articleId}/revisions/${enc(s)}` }),
      status: s === BIG ? 404 : 400,
    },
    {
      name: `restore revision ${s.slice(0, 30)}`,
      request: () =>
        json('POST', `/api/articles/${articleId}/revisions/${enc(s)}/restore`, {
          updatedAt: new Date().toISOString(),
        }),
      status: s === BIG ? 404 : 400,
    },
    {
      name: `autosave of article ${s.slice(0, 30)}`,
      request: () =>
        json('PUT', `/api/articles/${enc(s)}/autosave`, { basedOn: new Date().toISOString() }),
      status: s === BIG ? 404 : 400,
    },
    {
      name: `presence on article ${s.slice(0, 30)}`,
      request: () => ({ method: 'POST', url: `/api/articles/${enc(s)}/presence` }),
      status: s === BIG ? 404 : 400,
    },
    {
      name: `GET article by id ${s.slice(0, 30)}`,
      request: () => ({ method: 'GET', url: `/api/articles/article/${enc(s)}` }),
      status: s === BIG ? 404 : 400,
    },
    {
      name: `PUT article ${s.slice(0, 30)}`,
      request: () => json('PUT', `/api/articles/${enc(s)}`, article()),
      status: s === BIG ? 404 : 400,
    },
    {
      name: `status of article ${s.slice(0, 30)}`,
      request: () => json('POST', `/api/articles/${enc(s)}/status`, { status: 'draft' }),
      status: s === BIG ? 404 : 400,
    },
    {
      name: `preview link of article ${s.slice(0, 30)}`,
      request: () => ({ method: 'POST', url: `/api/articles/${enc(s)}/preview` }),
      status: s === BIG ? 404 : 400,
    },
    {
      name: `DELETE article ${s.slice(0, 30)}`,
      request: () => ({ method: 'DELETE', url: `/api/articles/delete/${enc(s)}` }),
      status: s === BIG ? 404 : 400,
    },
    {
      name: `DELETE category ${s.slice(0, 30)}`,
      request: () => ({ method: 'DELETE', url: `/api/categories/delete/${enc(s)}` }),
      status: s === BIG ? 404 : 400,
    },
    {
      name: `count a view of ${s.slice(0, 30)}`,
      request: () => ({ method: 'POST', url: `/api/articles/${enc(s)}/view` }),
      status: s === BIG ? 404 : 400,
    },
    {
      name: `old article number ${s.slice(0, 30)}`,
      request: () => ({ method: 'GET', url: `/api/articles/red/${enc(s)}` }),
      // "12345" is a well-formed old number that no article has.
      status: s === '12345' ? 404 : s === BIG ? 404 : 400,
    },
  ]),
  // Slugs in the path: not found, never an error.
  ...[...SQL, ...TRAVERSAL, '%252e%252e%252f', '..%2f..%2fetc%2fpasswd'].flatMap((s): Case[] => [
    {
      name: `category by slug ${s}`,
      request: () => ({ method: 'GET', url: `/api/categories/${enc(s)}` }),
      status: 404,
    },
    {
      name: `redirect for slug ${s}`,
      request: () => ({ method: 'GET', url: `/api/articles/redart/${enc(s)}` }),
      status: 404,
    },
    {
      name: `article at ${s}/${s}`,
      request: () => ({ method: 'GET', url: `/api/articles/${enc(s)}/${enc(s)}` }),
      status: 404,
    },
  ]),
  {
    name: 'category by a 100 KB slug',
    request: () => ({ method: 'GET', url: `/api/categories/${BIG}` }),
    status: 404,
  },
  // The same strings as they arrive when a client does not encode them.
  ...['%2e%2e%2fetc%2fpasswd', '..%2F..%2Fetc%2Fpasswd', '%2e%2e%5c%2e%2e%5cwindows'].flatMap(
    (s): Case[] => [
      {
        name: `category by raw slug ${s}`,
        request: () => ({ method: 'GET', url: `/api/categories/${s}` }),
        status: 404,
      },
      {
        name: `DELETE category raw id ${s}`,
        request: () => ({ method: 'DELETE', url: `/api/categories/delete/${s}` }),
        status: 400,
        path: 'params.id',
      },
    ],
  ),
  {
    name: 'unencoded traversal under /api',
    request: () => ({ method: 'GET', url: '/api/categories/../../etc/passwd' }),
    status: 404,
  },

  // Query values.
  ...[...SQL, ...TRAVERSAL, BIG].flatMap((s): Case[] => [
    {
      name: `category-detail categoryId ${s.slice(0, 30)}`,
      request: () => ({
        method: 'GET',
        url: `/api/articles/category-detail?categoryId=${enc(s)}&page=1&limit=9`,
      }),
      status: 400,
      path: 'querystring.categoryId',
    },
    {
      name: `articles by categoryId ${s.slice(0, 30)}`,
      request: () => ({ method: 'GET', url: `/api/articles?categoryId=${enc(s)}&limit=3` }),
      status: 400,
      path: 'querystring.categoryId',
    },
    {
      name: `random excluding ${s.slice(0, 30)}`,
      request: () => ({ method: 'GET', url: `/api/articles/random?limit=3&exclude=${enc(s)}` }),
      status: 400,
      path: 'querystring.exclude',
    },
    {
      name: `admin-categories page ${s.slice(0, 30)}`,
      request: () => ({
        method: 'GET',
        url: `/api/categories/admin-categories?page=${enc(s)}&limit=10`,
      }),
      status: 400,
      path: 'querystring.page',
    },
    {
      name: `admin-article limit ${s.slice(0, 30)}`,
      request: () => ({
        method: 'GET',
        url: `/api/articles/admin-article?page=1&limit=${enc(s)}`,
      }),
      status: 400,
      path: 'querystring.limit',
    },
  ]),
  {
    name: 'home categories with isHome=maybe',
    request: () => ({ method: 'GET', url: '/api/categories/home?isHome=maybe' }),
    status: 400,
    path: 'querystring.isHome',
  },

  // Page and limit out of range or not numbers.
  ...(
    [
      [
        '/api/categories/admin-categories',
        'page',
        ['0', '-1', 'abc', '1.5', '99999999999', '', 'NaN', '1e309'],
      ],
      ['/api/categories/admin-categories', 'limit', ['0', '-10', '101', 'abc', '2.5', 'Infinity']],
      ['/api/articles/admin-article', 'page', ['0', 'first', '-5']],
      ['/api/articles/admin-article', 'limit', ['0', '1001', 'all']],
      ['/api/users', 'page', ['0', 'two']],
      ['/api/users', 'limit', ['0', '101', 'lots']],
      ['/api/articles/latest', 'limit', ['0', '101', 'three', '-3']],
      ['/api/articles/random', 'limit', ['0', '101', 'x']],
      ['/api/articles', 'limit', ['0', '101', 'x']],
    ] as const
  ).flatMap(([url, key, values]) =>
    values.map((value): Case => ({
      name: `${url} ${key}=${value}`,
      request: () => ({ method: 'GET', url: `${url}?${key}=${enc(value)}` }),
      status: 400,
      path: `querystring.${key}`,
    })),
  ),
  // The admin list's filters and orders (issue 9 item 6): one wrong value, one clear error.
  ...(
    [
      ['status', ['published,draft', 'Draft', 'deleted', '']],
      ['categoryId', ['not-an-id', "' OR 1=1 --", '']],
      ['authorId', ['42', '../../etc/passwd']],
      ['language', ['fr', 'HI', '']],
      ['sort', ['oldest', '-views', 'views desc', '']],
    ] as const
  ).flatMap(([key, values]) =>
    values.map((value): Case => ({
      name: `/api/articles/admin-article ${key}=${value}`,
      request: () => ({
        method: 'GET',
        url: `/api/articles/admin-article?page=1&${key}=${enc(value)}`,
      }),
      status: 400,
      path: `querystring.${key}`,
    })),
  ),
  {
    name: 'admin-article with status given twice',
    request: () => ({
      method: 'GET',
      url: '/api/articles/admin-article?status=draft&status=pending',
    }),
    status: 400,
    path: 'querystring.status',
  },
  {
    name: 'admin-categories with page given twice',
    request: () => ({ method: 'GET', url: '/api/categories/admin-categories?page=1&page=2' }),
    status: 400,
    path: 'querystring.page',
  },
  ...['0', '-1', 'x', '101'].map((value): Case => ({
    name: `category-detail page and limit ${value}`,
    request: () => ({
      method: 'GET',
      url: `/api/articles/category-detail?categoryId=${categoryId}&page=${value}&limit=${value}`,
    }),
    status: 400,
  })),
  {
    name: 'category-detail without a categoryId',
    request: () => ({ method: 'GET', url: '/api/articles/category-detail?page=1&limit=9' }),
    status: 400,
    path: 'querystring.categoryId',
  },

  // Wrong content types and sizes.
  {
    name: 'addCategory as text/plain',
    request: () => ({
      method: 'POST',
      url: '/api/categories/addCategory',
      headers: { 'content-type': 'text/plain' },
      payload: 'name=x',
    }),
    // Fastify reads text/plain as a string, which is not the object the call needs.
    status: 400,
    path: 'body',
  },
  {
    name: 'create article as a form',
    request: () => ({
      method: 'POST',
      url: '/api/articles/article',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'name=x&category=y',
    }),
    status: 415,
  },
  {
    name: 'addCategory as multipart',
    request: () => {
      const body = multipart([{ name: 'name', data: 'x' }]);
      return { method: 'POST', url: '/api/categories/addCategory', ...body };
    },
    status: 400,
  },
  {
    name: 'a JSON body over 1 MB',
    request: () =>
      json('POST', '/api/articles/article', article({ description: 'y'.repeat(1_200_000) })),
    status: 413,
  },
  {
    name: 'media: a JSON body',
    request: () => json('POST', '/api/media', { file: 'https://example.com/a.jpg' }),
    status: 400,
  },
  {
    name: 'media: multipart without a boundary',
    request: () => ({
      method: 'POST',
      url: '/api/media',
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'whatever',
    }),
    status: 400,
  },
  {
    name: 'media: a multipart body cut short',
    request: () => ({
      method: 'POST',
      url: '/api/media',
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      payload:
        '--abc\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff',
    }),
    status: 400,
  },
  {
    name: 'media: garbage in a multipart body',
    request: () => ({
      method: 'POST',
      url: '/api/media',
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      payload: 'this is not multipart at all',
    }),
    status: 400,
  },
];

/*
 * Characters no text field may hold (issue 13 item 7): PostgreSQL cannot store NUL or a lone
 * surrogate (both answered 500), and XML (feeds, sitemaps) cannot carry the other C0 controls.
 * Each is sent in every text field of every write, inside an otherwise good body.
 */
const BAD_TEXT: [string, string][] = [
  ['a NUL byte', 'a\u0000b'],
  ['a lone high surrogate', 'a\ud800b'],
  ['a lone low surrogate', 'a\udc00b'],
  ['a control character', 'a\u0001b'],
  ['an escape character', 'a\u001bb'],
  ['a vertical tab', 'a\u000bb'],
];
const textFields: [
  string,
  'POST' | 'PUT',
  () => string,
  () => Record<string, unknown>,
  string[],
][] = [
  [
    'addCategory',
    'POST',
    () => '/api/categories/addCategory',
    () => category({ slug: 'fine-slug' }),
    ['name', 'description', 'slug'],
  ],
  ['edit category', 'PUT', () => '/api/categories/edit', () => edit(), ['name', 'description']],
  ...(['create article', 'update article'] as const).map(
    (name): [string, 'POST' | 'PUT', () => string, () => Record<string, unknown>, string[]] => [
      name,
      name === 'create article' ? 'POST' : 'PUT',
      () => (name === 'create article' ? '/api/articles/article' : `/api/articles/${articleId}`),
      () => article(),
      ['name', 'description', 'metaTitle', 'metaDescription', 'metaKeywords', 'imageUrl'],
    ],
  ),
  [
    'settings',
    'PUT',
    () => '/api/settings',
    () => ({ ...DEFAULT_SETTINGS }),
    ['siteName', 'shortName', 'contactPhone', 'contactAddress', 'mapLocation', 'contactEmail'],
  ],
  ['set password', 'PUT', () => `/api/users/${reader._id}/password`, () => ({}), ['password']],
  ['profile', 'PUT', () => '/api/users/me', () => ({}), ['name']],
  [
    'sign-up',
    'POST',
    () => '/api/users/signup',
    () => ({ name: 'Fine', email: 'fine@example.com', password: 'long enough pass' }),
    ['name', 'email', 'password'],
  ],
  [
    'sign-in',
    'POST',
    () => '/api/users/signin',
    () => ({ email: admin.email, password: 'long enough pass' }),
    ['email', 'password'],
  ],
];
CASES.push(
  ...textFields.flatMap(([name, method, url, body, fields]) =>
    fields.flatMap((field) =>
      BAD_TEXT.map(([what, value]): Case => ({
        name: `${name}: ${what} in ${field}`,
        // Its own address each: sign-ups are limited per address.
        request: () => ({
          ...json(method, url(), { ...body(), [field]: `long enough ${value}` }),
          remoteAddress: someAddress(),
        }),
        status: 400,
        path: `body.${field}`,
      })),
    ),
  ),
  ...BAD_TEXT.map(([what, value]): Case => ({
    name: `settings: ${what} in a home-section slug`,
    request: () => json('PUT', '/api/settings', { ...DEFAULT_SETTINGS, homeSectionSlugs: [value] }),
    status: 400,
    path: 'body.homeSectionSlugs.0',
  })),
  // The same characters in addresses: slugs, ids and query values.
  ...['%00', '%01', '%1B', '%ED%A0%80', '%C0%80'].flatMap((bad): Case[] => [
    {
      name: `category by slug a${bad}b`,
      request: () => ({ method: 'GET', url: `/api/categories/a${bad}b` }),
      status: 400,
    },
    {
      name: `redirect for slug a${bad}b`,
      request: () => ({ method: 'GET', url: `/api/articles/redart/a${bad}b` }),
      status: 400,
    },
    {
      name: `article at a${bad}b/c`,
      request: () => ({ method: 'GET', url: `/api/articles/a${bad}b/c` }),
      status: 400,
    },
    {
      name: `article at c/a${bad}b`,
      request: () => ({ method: 'GET', url: `/api/articles/c/a${bad}b` }),
      status: 400,
    },
    {
      name: `old article number 1${bad}`,
      request: () => ({ method: 'GET', url: `/api/articles/red/1${bad}` }),
      status: 400,
    },
    {
      name: `DELETE category a${bad}b`,
      request: () => ({ method: 'DELETE', url: `/api/categories/delete/a${bad}b` }),
      status: 400,
    },
    {
      name: `categoryId query a${bad}b`,
      request: () => ({ method: 'GET', url: `/api/articles?categoryId=a${bad}b&limit=3` }),
      status: 400,
    },
    {
      name: `unknown API call /api/x${bad}`,
      request: () => ({ method: 'GET', url: `/api/x${bad}` }),
      status: 400,
    },
  ]),
  // Headers.
  ...['bad host', 'a\u00e9b.example', '[::1', 'x:notaport', 'a/b', 'a@b'].map((host): Case => ({
    name: `a malformed Host header ${JSON.stringify(host)}`,
    request: () => ({ method: 'GET', url: '/api/categories', headers: { host } }),
    status: 400,
  })),
);

async function rowCounts() {
  const db = t.app.services.database.db;
  const n = async (table: typeof articles | typeof categories | typeof users | typeof media) =>
    Number((await db.select({ n: count() }).from(table))[0]?.n);
  return {
    articles: await n(articles),
    categories: await n(categories),
    users: await n(users),
    media: await n(media),
    jobs: Number((await db.select({ n: count() }).from(jobs))[0]?.n),
    revisions: Number((await db.select({ n: count() }).from(articleRevisions))[0]?.n),
    presence: Number((await db.select({ n: count() }).from(articlePresence))[0]?.n),
    // A refused move between statuses leaves the article as it was.
    article: await db
      .select({ status: articles.status, at: articles.publishedAt, note: articles.reviewNote })
      .from(articles)
      .where(eq(articles.id, articleId)),
    settings: await t.app.services.settings.get(),
  };
}

/** The keys of an error answer (DECISIONS.md §1, §22). */
const ANSWER_KEYS = ['message', 'code', 'params', 'errors'];

const STACK = /\n\s+at |node_modules|\.(?:ts|js|mjs):\d+|\bError:/;

describe('bad input gets a 4xx JSON answer and changes nothing', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, c) => {
    const before = await rowCounts();
    const request = c.request();
    const res = await t.app.inject({
      ...request,
      headers: { ...auth(admin), ...(request.headers as Record<string, string> | undefined) },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(c.status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const body = res.json();
    expect(body.message).toEqual(expect.any(String));
    expect(body.message.length).toBeGreaterThan(0);
    // Our shape everywhere, also for what Fastify refuses before any route runs: SPEC.md's
    // message and a code of the catalogue (issue 36 item 2).
    expect(Object.keys(body).filter((key) => !ANSWER_KEYS.includes(key))).toEqual([]);
    expect(isCode(body.code), `code ${body.code}`).toBe(true);
    expect(res.body).not.toMatch(STACK);
    if (c.path) expect(body.errors?.[0]?.path).toBe(c.path);
    expect(await rowCounts()).toEqual(before);
  });
});

describe('the same calls accept good input', () => {
  // So the refusals above are about the input, not a broken call.
  it('creates, edits and deletes with well-formed bodies', async () => {
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/categories/addCategory',
      headers: auth(admin),
      payload: category({ name: 'Good input' }),
    });
    expect(add.statusCode).toBe(201);
    const id = add.json()._id;
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/categories/edit',
      headers: auth(admin),
      payload: edit({ _id: id, name: 'Good input 2' }),
    });
    expect(put.statusCode).toBe(200);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/categories/delete/${id}`,
      headers: auth(admin),
    });
    expect(del.statusCode).toBe(200);
    const art = await t.app.inject({
      method: 'PUT',
      url: `/api/articles/${articleId}`,
      headers: auth(admin),
      payload: article({ name: 'Still fine' }),
    });
    expect(art.statusCode).toBe(200);
    const up = multipart([
      { name: 'file', filename: 'a.jpg', contentType: 'image/jpeg', data: await testImage(50, 50) },
    ]);
    const media = await t.app.inject({
      method: 'POST',
      url: '/api/media',
      headers: { ...auth(admin), ...up.headers },
      payload: up.payload,
    });
    expect(media.statusCode).toBe(201);
  });

  it('answers the read calls with the limits at their edges', async () => {
    for (const url of [
      '/api/categories/admin-categories?page=1&limit=100',
      '/api/categories/admin-categories?page=1000000&limit=1',
      '/api/articles/admin-article?page=1&limit=1000',
      `/api/articles/admin-article?page=1&limit=10&q=x&status=scheduled&categoryId=${categoryId}&authorId=${admin._id}&language=hi&sort=views`,
      '/api/stats/dashboard',
      '/api/users?page=1&limit=100',
      '/api/articles/latest?limit=100',
      `/api/articles/category-detail?categoryId=${categoryId}&page=1&limit=100`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: auth(admin) });
      expect(res.statusCode, url).toBe(200);
    }
  });
});
