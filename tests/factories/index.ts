/*
 * Test data through the real API (STYLE.md §20): each test file owns its app and database, and
 * builds what it needs with these, overriding only what matters to the test.
 */
import { MEDIA_VARIANTS_JOB } from '../../server/modules/media/media-deps';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { ArticleStatus } from '../../common/articles';
import type { Role } from '../../common/roles';
import { users } from '../../db/schema/users';
import { eq } from 'drizzle-orm';

export interface TestUser {
  _id: string;
  name: string;
  email: string;
  role: Role;
  token: string;
  password: string;
}

const unique = () => randomBytes(4).toString('hex');

export const auth = (user: { token: string } | string) => ({
  authorization: `Bearer ${typeof user === 'string' ? user : user.token}`,
});

/**
 * A made-up reader's address (10.x.y.z): each person a test creates signs up from their own
 * address, as people do, so per-address limits (sign-ups per hour) see one sign-up each.
 */
export const someAddress = () => {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
};

/** Signs up through the API (the first account of a site becomes administrator). */
export async function signUp(
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<TestUser> {
  const body = {
    name: overrides.name ?? `User ${unique()}`,
    email: overrides.email ?? `user-${unique()}@example.com`,
    password: overrides.password ?? 'correct horse battery',
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/signup',
    payload: body,
    remoteAddress: someAddress(),
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  return { ...res.json(), password: body.password };
}

/**
 * A user with the given role. The role is set directly in the database (the administrator
 * API is tested on its own), and a fresh token is taken by signing in.
 */
export async function createUser(
  app: FastifyInstance,
  role: Role,
  overrides: Partial<{ name: string; email: string; password: string }> = {},
): Promise<TestUser> {
  const user = await signUp(app, overrides);
  if (user.role !== role) {
    await app.services.database.db.update(users).set({ role }).where(eq(users.id, user._id));
  }
  return { ...user, role };
}

/** Whoever signs up first on an empty site: the administrator. */
export async function createAdmin(app: FastifyInstance): Promise<TestUser> {
  const admin = await signUp(app, { name: 'Admin' });
  if (admin.role !== 'administrator') return createUser(app, 'administrator');
  return admin;
}

export async function createCategory(
  app: FastifyInstance,
  by: TestUser,
  overrides: Partial<{
    name: string;
    description: string;
    isHome: boolean;
    slug: string;
    parentId: string;
    nameHi: string;
    nameEn: string;
  }> = {},
) {
  const { name, description, isHome, ...rest } = overrides;
  const res = await app.inject({
    method: 'POST',
    url: '/api/categories/addCategory',
    headers: auth(by),
    payload: {
      name: name ?? `Category ${unique()}`,
      description: description ?? 'About things.',
      isHome: isHome ?? false,
      ...rest,
    },
  });
  if (res.statusCode !== 201) throw new Error(`category failed: ${res.statusCode} ${res.body}`);
  return res.json() as {
    _id: string;
    name: string;
    nameHi: string;
    nameEn: string;
    slug: string;
    description: string;
    isHome: boolean;
    parentId: string | null;
  };
}

export function articleBody(categoryId: string, overrides: Record<string, unknown> = {}) {
  const name = (overrides.name as string | undefined) ?? `An article ${unique()}`;
  return {
    name,
    category: categoryId,
    imageUrl: 'https://images.example.com/photo.jpg',
    description: '<h2>Heading</h2><p>First paragraph of the story.</p><p>Second paragraph.</p>',
    metaTitle: name,
    metaDescription: 'A test article.',
    metaKeywords: 'test, article',
    ...overrides,
  };
}

export async function createArticle(
  app: FastifyInstance,
  by: TestUser,
  categoryId: string,
  overrides: Record<string, unknown> = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/articles/article',
    headers: auth(by),
    payload: articleBody(categoryId, overrides),
  });
  if (res.statusCode !== 201) throw new Error(`article failed: ${res.statusCode} ${res.body}`);
  return res.json() as {
    _id: string;
    name: string;
    slug: string;
    status: ArticleStatus;
    publishedAt: string;
    reviewNote: string;
    updatedAt: string;
    category: { _id: string; slug: string; name: string };
    author: { _id: string; name: string } | null;
  } & Record<string, unknown>;
}

/**
 * PUT /api/articles/{id} with what `article` (as answered) says, changed by `overrides`: an
 * edit that names only what it changes.
 */
export function updateArticle(
  app: FastifyInstance,
  by: TestUser,
  article: { _id: string; name: string; category: { _id: string } | null } & Record<
    string,
    unknown
  >,
  overrides: Record<string, unknown> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PUT',
    url: `/api/articles/${article._id}`,
    headers: auth(by),
    payload: {
      name: article.name,
      category: article.category?._id,
      imageUrl: article.imageUrl,
      description: article.description,
      ...overrides,
    },
  });
}

export async function testImage(
  width = 1000,
  height = 600,
  format: 'jpeg' | 'png' | 'webp' | 'gif' | 'avif' = 'jpeg',
): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .toFormat(format)
    .toBuffer();
}

/** A multipart body with one file part (and any extra fields), for app.inject. */
export function multipart(
  parts: { name: string; filename?: string; contentType?: string; data: Buffer | string }[],
) {
  const boundary = `----patrika${unique()}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename
      ? `form-data; name="${part.name}"; filename="${part.filename}"`
      : `form-data; name="${part.name}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n`));
    if (part.contentType) chunks.push(Buffer.from(`Content-Type: ${part.contentType}\r\n`));
    chunks.push(
      Buffer.from('\r\n'),
      Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * POST /api/media, and for a stored image its AVIF variants made at once as the
 * `media-variants` job would (docs/decisions/035), so a test sees a complete upload without
 * running other jobs. `sendUpload` only sends.
 */
export async function upload(
  app: FastifyInstance,
  by: TestUser | undefined,
  data: Buffer,
  filename = 'photo.jpg',
): Promise<LightMyRequestResponse> {
  const res = await sendUpload(app, by, data, filename);
  if (res.statusCode === 201) {
    const id = res.json<{ _id: string }>()._id;
    // Its background job is called off and its work done here, so no job changes the upload
    // later, in the middle of another test's "nothing changed" check.
    await app.services.jobs.cancel(`${MEDIA_VARIANTS_JOB}:${id}`);
    await app.services.media.makeVariantsOf(id);
  }
  return res;
}

/** POST /api/media, answered before the upload's AVIF variants are made. */
export async function sendUpload(
  app: FastifyInstance,
  by: TestUser | undefined,
  data: Buffer,
  filename = 'photo.jpg',
): Promise<LightMyRequestResponse> {
  const body = multipart([
    { name: 'file', filename, contentType: 'image/jpeg', data },
    { name: 'upload_preset', data: 'ignored' },
  ]);
  return app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...body.headers, ...(by ? auth(by) : {}) },
    payload: body.payload,
  });
}

/**
 * A reader given a complimentary membership of a new plan whose access is `access` (issue 39),
 * by the administrator `admin`.
 */
export async function complimentaryMember(
  app: FastifyInstance,
  admin: TestUser,
  access: 'members' | 'paid',
  /** More of the plan: what it includes (`['epaper']`), its e-paper reach (issue 68). */
  more: { includes?: string[]; epaperDays?: number | null } = {},
): Promise<TestUser> {
  const plan = await app.inject({
    method: 'POST',
    url: '/api/plans',
    headers: auth(admin),
    payload: {
      name: `Plan ${access}`,
      interval: 'month',
      amount: 9900,
      currency: 'INR',
      access,
      active: true,
      ...more,
    },
  });
  if (plan.statusCode !== 201) throw new Error(`plan: ${plan.statusCode} ${plan.body}`);
  const reader = await signUp(app);
  const given = await app.inject({
    method: 'POST',
    url: `/api/members/${reader._id}/complimentary`,
    headers: auth(admin),
    payload: { planId: (plan.json() as { _id: string })._id },
  });
  if (given.statusCode !== 201) throw new Error(`complimentary: ${given.statusCode} ${given.body}`);
  return reader;
}
