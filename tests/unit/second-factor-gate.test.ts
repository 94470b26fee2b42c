/*
 * The writes the policy twoFactorRequired (issue 40 item 3) leaves to a person without a second
 * factor: setting one up and signing out; nothing else.
 */
import { describe, expect, it } from 'vitest';
import { mayWriteWithoutSecondFactor } from '../../server/plugins/auth';

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
});
