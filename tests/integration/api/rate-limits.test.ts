/*
 * Rate limits (issue "Structure" §5): sign-ups and uploads per address, the API ceiling per
 * address, with the RateLimit-* headers and our error JSON; counted in the database, so the
 * counts hold for every process on it (the two-process run is in server/process.test.ts).
 */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema/users';
import { UPLOADS_PER_ADDRESS } from '../../../server/modules/media/media-routes';
import { SIGN_UP_MAX_PER_HOUR } from '../../../server/modules/users/users-service';
import {
  auth,
  createUser,
  multipart,
  someAddress,
  testImage,
  type TestUser,
} from '../../factories';
import { shiftedClock } from '../../setup/clock';
import { createTestApp, type TestApp } from '../../setup/test-app';

const API_CEILING = 30;
const time = shiftedClock();
let t: TestApp;
let author: TestUser;

beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: String(API_CEILING) }, { clock: time.clock });
  author = await createUser(t.app, 'author');
});
afterAll(async () => t.close());

const signUpFrom = (remoteAddress: string, n: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/signup',
    remoteAddress,
    payload: {
      name: `Person ${n}`,
      email: `limit-${n}-${remoteAddress}@example.com`,
      password: 'long enough pass',
    },
  });

async function userCount() {
  const [row] = await t.database.db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

describe('sign-ups per address', () => {
  it(`lets ${SIGN_UP_MAX_PER_HOUR} through in an hour, then answers 429 with the headers and stores nothing`, async () => {
    const address = someAddress();
    for (let i = 0; i < SIGN_UP_MAX_PER_HOUR; i++) {
      const res = await signUpFrom(address, i);
      expect(res.statusCode, `sign-up ${i + 1}`).toBe(201);
      expect(res.headers['ratelimit-remaining']).toBe(String(SIGN_UP_MAX_PER_HOUR - i - 1));
    }
    const before = await userCount();
    const refused = await signUpFrom(address, 999);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      message: 'Too many requests. Please try again in 60 minutes.',
      code: 'rate_limit.exceeded',
      params: { minutes: 60 },
    });
    expect(refused.headers['ratelimit-limit']).toBe(String(SIGN_UP_MAX_PER_HOUR));
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await userCount()).toBe(before);
    const stored = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, `limit-999-${address}@example.com`));
    expect(stored).toEqual([]);

    // Another address is not held back; after the hour, this one may sign up again.
    expect((await signUpFrom(someAddress(), 1000)).statusCode).toBe(201);
    time.shift(3600_000 + 1000);
    try {
      expect((await signUpFrom(address, 1001)).statusCode).toBe(201);
    } finally {
      time.shift(0);
    }
  });
});

describe('uploads per address', () => {
  it(`takes ${UPLOADS_PER_ADDRESS} in 10 minutes, then 429 before the image is read`, async () => {
    const address = someAddress();
    const image = await testImage(16, 16, 'png');
    const send = () => {
      const body = multipart([
        { name: 'file', filename: 'dot.png', contentType: 'image/png', data: image },
      ]);
      return t.app.inject({
        method: 'POST',
        url: '/api/media',
        remoteAddress: address,
        headers: { ...body.headers, ...auth(author) },
        payload: body.payload,
      });
    };
    for (let i = 0; i < UPLOADS_PER_ADDRESS; i++) {
      expect((await send()).statusCode, `upload ${i + 1}`).toBe(201);
    }
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(
      /^Too many requests\. Please try again in \d+ minutes?\.$/,
    );
    expect(refused.headers['ratelimit-limit']).toBe(String(UPLOADS_PER_ADDRESS));
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('the API ceiling per address', () => {
  it('counts every /api/ call without a limit of its own, but not health checks or pages', async () => {
    const address = someAddress();
    const get = (url: string) => t.app.inject({ method: 'GET', url, remoteAddress: address });
    for (let i = 0; i < API_CEILING; i++) {
      expect((await get('/api/categories')).statusCode).toBe(200);
    }
    const refused = await get('/api/articles/latest');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/^Too many requests\./);
    expect(refused.headers['ratelimit-limit']).toBe(String(API_CEILING));
    // Health checks and non-API addresses are outside the ceiling.
    expect((await get('/api/health')).statusCode).toBe(200);
    expect((await get('/robots.txt')).statusCode).toBe(200);
    // Another reader is unaffected.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/categories', remoteAddress: someAddress() }))
        .statusCode,
    ).toBe(200);
  });
});
