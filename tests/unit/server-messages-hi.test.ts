/*
 * The API's messages a reader meets on the public forms, said in Hindi for uiLanguage=hi
 * (app/copy/server-messages.hi.ts, docs/decisions/018). The messages are taken from where the
 * server and the shared schemas make them, so a reworded server message that the table no
 * longer knows fails here rather than showing the generic sentence on a Hindi page.
 */
import { describe, expect, it } from 'vitest';
import { interfaceFor } from '../../app/copy/language';
import { hiServerMessage, knowsServerMessage } from '../../app/copy/server-messages.hi';
import { ProfileFormSchema } from '../../app/features/session/profile-form';
import {
  LinkTokenParamsSchema,
  ProfileUpdateSchema,
  SignInSchema,
  SignUpSchema,
} from '../../common/schemas/users';
import { forbidden, unauthorized } from '../../server/lib/errors';
import { BAD_TEXT_MESSAGE } from '../../server/plugins/input-guard';
import { SIGN_IN_FAILED, SIGNED_OUT_EVERYWHERE } from '../../server/modules/users/users-service';
import {
  INVITATION_EXPIRED,
  INVITATION_UNKNOWN,
  INVITATION_USED,
  RESET_EXPIRED,
  RESET_REQUESTED,
  RESET_UNKNOWN,
  RESET_USED,
  RESET_WITHOUT_MAIL,
} from '../../server/modules/users/account-links';

const issues = (schema: { safeParse: (v: unknown) => unknown }, value: unknown): string[] => {
  const result = schema.safeParse(value) as {
    success: boolean;
    error?: { issues: { message: string }[] };
  };
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);
};

/** What a reader can be told on /login, /signup and /profile. */
const readerMessages = [
  // /invite/{token} and /reset (issue 26 item 8).
  INVITATION_UNKNOWN,
  INVITATION_USED,
  INVITATION_EXPIRED,
  RESET_UNKNOWN,
  RESET_USED,
  RESET_EXPIRED,
  RESET_REQUESTED,
  RESET_WITHOUT_MAIL,
  ...issues(LinkTokenParamsSchema, { token: 'short' }),
  SIGN_IN_FAILED,
  SIGNED_OUT_EVERYWHERE,
  'Signed out.',
  'An account with this email already exists. Sign in instead.',
  'Your current password is not correct.',
  'The slug needs Latin letters or digits.',
  'Another author already uses the slug "asha-rao". Choose another one.',
  'Too many requests. Please try again in 1 minute.',
  'Too many requests. Please try again in 12 minutes.',
  'Too many failed sign-in attempts. Try again in 1 minute.',
  'Too many failed sign-in attempts. Try again in 15 minutes.',
  'Something went wrong on our side. Please try again.',
  'Could not reach the server. Check your connection and try again.',
  'Request failed (502).',
  'Cross-site request refused.',
  unauthorized().message,
  forbidden().message,
  `Invalid request: body.name: ${BAD_TEXT_MESSAGE}`,
  'Invalid request: body.email: Enter a valid e-mail address',
  ...issues(SignUpSchema, { name: '', email: 'nope', password: 'short' }),
  ...issues(SignUpSchema, {
    name: 'x'.repeat(101),
    email: `${'a'.repeat(250)}@x.in`,
    password: 'p'.repeat(201),
  }),
  ...issues(SignInSchema, { email: 'nope', password: '' }),
  ...issues(ProfileUpdateSchema, {}),
  ...issues(ProfileUpdateSchema, { password: 'new-password-1' }),
  ...issues(ProfileUpdateSchema, {
    name: '',
    slug: '',
    bio: 'b'.repeat(2001),
    photoUrl: 'http://example.com/a.jpg',
  }),
  ...issues(ProfileFormSchema, { name: '', password: 'short', currentPassword: '' }),
];

describe('server messages in Hindi', () => {
  const hi = interfaceFor('hi');

  it('knows every message a reader can meet on the public forms', () => {
    expect(readerMessages.length).toBeGreaterThan(25);
    const unknown = readerMessages.filter((m) => !knowsServerMessage(m));
    expect(unknown).toEqual([]);
  });

  it('says each in Devanagari, with no English word but what the reader typed', () => {
    for (const message of readerMessages) {
      const said = hi.say(message);
      expect(said, message).toMatch(/[\u0900-\u097f]/);
      const latin = (said.replace(/“asha-rao”/, '').match(/[A-Za-z]+/g) ?? []).filter(
        (w) => w !== 'https',
      );
      expect(latin, `${message} → ${said}`).toEqual([]);
    }
    expect(hi.say(SIGN_IN_FAILED)).toBe('ईमेल या पासवर्ड सही नहीं है।');
    expect(hi.say('Too many requests. Please try again in 12 minutes.')).toContain('12 मिनट');
    expect(
      hi.say('Another author already uses the slug "asha-rao". Choose another one.'),
    ).toContain('“asha-rao”');
    expect(hi.say(`Invalid request: body.name: ${BAD_TEXT_MESSAGE}`)).toMatch(/^नाम में /);
  });

  it('passes Hindi through and says an unknown message as the generic failure', () => {
    expect(hi.say('दोनों पासवर्ड एक जैसे नहीं हैं')).toBe('दोनों पासवर्ड एक जैसे नहीं हैं');
    expect(hi.say('Some brand-new server message.')).toBe(hi.t.auth.genericFailure);
    expect(hiServerMessage('zzz is required', 'fallback')).toBe('fallback');
  });

  it('leaves the English interface’s messages exactly as the API sent them', () => {
    const en = interfaceFor('en');
    for (const message of [...readerMessages, 'Some brand-new server message.'])
      expect(en.say(message)).toBe(message);
  });
});
