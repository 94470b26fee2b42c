/*
 * The pages behind mailed links (issue 26 item 8): /invite/{token} and /reset/{token} show
 * their form while the link is open, and say clearly (with 410 or 404) when it was used,
 * has expired or is not ours; none is ever kept by a cache or indexed. Sign-in offers
 * "Forgot password?", and /profile the review-mail switch to staff.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copy } from '../../../app/copy/en';
import { auth, createAdmin, createUser, someAddress, type TestUser } from '../../factories';
import { AUTH_COOKIE } from '../../../server/plugins/auth';
import { shiftedClock } from '../../setup/clock';
import { createTestApp, type TestApp } from '../../setup/test-app';

const time = shiftedClock();
let t: TestApp;
let admin: TestUser;

beforeAll(async () => {
  // No SMTP_URL: the invitation's answer carries the link, as the admin screen shows it.
  t = await createTestApp({}, { web: 'build', clock: time.clock, pollJobs: false });
  admin = await createAdmin(t.app);
}, 300_000);
afterAll(async () => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ url, headers: cookie ? { cookie: `${AUTH_COOKIE}=${cookie}` } : {} });
/** Text as the page shows it (React escapes apostrophes and the like). */
const shown = (html: string) =>
  html
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');

async function invitationLink(name: string, role = 'author') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/users/invite',
    headers: auth(admin),
    payload: { email: `${name.toLowerCase()}-${Date.now()}@example.com`, name, role },
  });
  expect(res.statusCode, res.body).toBe(201);
  return new URL(res.json().url as string).pathname;
}

describe('/invite/{token}', () => {
  it('shows the invitation and its form, then says the link was used', async () => {
    const path = await invitationLink('Meera', 'editor');
    const open = await get(path);
    expect(open.statusCode).toBe(200);
    expect(open.headers['cache-control']).toBe('private, no-store');
    expect(open.headers['x-robots-tag']).toBe('noindex');
    expect(open.headers['x-page-cache']).toBeUndefined();
    expect(shown(open.body)).toContain(copy.invite.intro('Meera', copy.profile.roles.editor));
    expect(open.body).toContain(copy.invite.join);

    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/users${path}`,
      payload: { password: 'meera password 1' },
      remoteAddress: someAddress(),
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    // The cookie set from the link opens the back office with the role given.
    const desk = await get('/admin/articles', accepted.json().token as string);
    expect(desk.statusCode).toBe(200);

    const used = await get(path);
    expect(used.statusCode).toBe(410);
    expect(shown(used.body)).toContain(copy.invite.used);
    expect(used.body).not.toContain(copy.invite.join);
  });

  it('says so for an expired link and for one that is not ours', async () => {
    const path = await invitationLink('Kabir');
    time.shift(8 * 86_400_000);
    try {
      const expired = await get(path);
      expect(expired.statusCode).toBe(410);
      expect(shown(expired.body)).toContain(copy.invite.expired);
    } finally {
      time.shift(0);
    }
    const unknown = await get(`/invite/${'a'.repeat(64)}`);
    expect(unknown.statusCode).toBe(404);
    expect(shown(unknown.body)).toContain(copy.invite.unknown);
  });
});

describe('password reset pages', () => {
  it('/login links to /reset, which asks for the address', async () => {
    const login = await get('/login');
    expect(login.body).toContain('href="/reset"');
    expect(shown(login.body)).toContain(copy.auth.forgotPassword);
    const ask = await get('/reset');
    expect(ask.statusCode).toBe(200);
    expect(shown(ask.body)).toContain(copy.reset.askIntro);
  });

  it('/reset/{token} says clearly when a link is not ours', async () => {
    const page = await get(`/reset/${'b'.repeat(64)}`);
    expect(page.statusCode).toBe(404);
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(shown(page.body)).toContain(copy.reset.unknown);
    expect(page.body).toContain(copy.reset.askAgain);
  });
});

/** The review-mail checkbox's tag on a page. */
const switchOf = (html: string) => /<input[^>]*id="reviewMail"[^>]*>/.exec(html)?.[0] ?? '';

describe('/profile', () => {
  it('offers staff the review-mail switch, on by default, and readers not', async () => {
    const author = await createUser(t.app, 'author');
    const reader = await createUser(t.app, 'reader');
    const writer = await get('/profile', author.token);
    expect(shown(writer.body)).toContain(copy.profile.reviewMail);
    expect(switchOf(writer.body)).toMatch(/\schecked/);
    const off = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: auth(author),
      payload: { reviewMail: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    const after = await get('/profile', off.json().token as string);
    expect(switchOf(after.body)).not.toMatch(/\schecked/);
    expect(shown((await get('/profile', reader.token)).body)).not.toContain(
      copy.profile.reviewMail,
    );
  });
});
