/*
 * The writes the policy twoFactorRequired (issue 40 item 3) leaves to a person without a second
 * factor: setting one up and signing out; nothing else.
 */
import { describe, expect, it } from 'vitest';
import { mayReadWithoutSecondFactor, mayWriteWithoutSecondFactor } from '../../server/plugins/auth';

describe('the second-factor policy’s gate', () => {
  it('lets the set-up and sign-out through', () => {
    for (const url of [
      '/api/me/2fa',
      '/api/me/2fa/totp',
      '/api/me/2fa/totp/confirm',
      '/api/users/signout',
      '/api/users/signout-everywhere',
      '/logout',
      '/logout.data',
      '/logout?index',
    ])
      expect(mayWriteWithoutSecondFactor(url), url).toBe(true);
  });

  it('stops every other write', () => {
    for (const url of [
      '/api/users/me',
      '/api/articles/article',
      '/api/settings',
      '/api/me/2fax',
      '/api/me/sessions',
      '/logout/else',
      '/admin/logout',
    ])
      expect(mayWriteWithoutSecondFactor(url), url).toBe(false);
  });

  // Issue 66 item 7: reads are held too, but for the set-up, who they are, their sessions and
  // the pages (the back office's screens send them to the set-up themselves).
  it('lets the set-up, own account and sessions, and the pages be read', () => {
    for (const url of [
      '/api/me/2fa',
      '/api/me/passkeys',
      '/api/users/me',
      '/api/me',
      '/api/me/sessions',
      '/profile',
      '/admin/dashboard.data',
      '/',
    ])
      expect(mayReadWithoutSecondFactor(url), url).toBe(true);
  });

  it('stops every other read of the API', () => {
    for (const url of [
      '/api/articles/admin-article',
      '/api/articles/admin-article?status=draft',
      '/api/users',
      '/api/users/me/else',
      '/api/audit',
      '/api/events',
      '/api/me/export',
      '/api/me/sessionsx',
    ])
      expect(mayReadWithoutSecondFactor(url), url).toBe(false);
  });
});
