/*
 * Refusals of staff second factors (issue 40 items 1 and 3, docs/decisions/052b): setting up
 * and turning off authenticator codes, the sign-in's second step, and the policy that requires
 * one. The back office's own: English and Hindi (app/copy/refusals.hi.ts).
 */
import type { Entry } from './define';

export const SECOND_FACTORS = {
  'auth.second_factor_required': {
    status: 403,
    en: 'This site asks your role to use two-step sign-in: set it up on your profile first.',
  },
  'auth.invalid_code': {
    status: 401,
    en: 'That code is not right. Type the code your authenticator app shows now, or a recovery code.',
  },
  'auth.second_step_expired': {
    status: 401,
    en: 'This sign-in waited too long for its code. Sign in with your password again.',
  },
  'totp.unavailable': {
    status: 503,
    en: 'Authenticator codes cannot be turned on: the server has no SECRETS_KEY. Ask the site’s operator.',
  },
  'totp.not_started': {
    status: 409,
    en: 'Start setting up authenticator codes first: no set-up is waiting for a code.',
  },
  'totp.already_on': {
    status: 409,
    en: 'Authenticator codes are already on. Turn them off first to set them up again.',
  },
  'totp.not_on': { status: 409, en: 'Authenticator codes are not on for your account.' },
  'totp.wrong_code': {
    status: 403,
    en: 'That code is not right. Type the code your authenticator app shows now.',
  },
  'totp.turned_off': { status: 200, en: 'Two-step sign-in is off.' },
  // Adding a factor needs a factor (issue 66 item 4, docs/decisions/052e).
  'auth.reauth_required': {
    status: 403,
    en: 'To add a passkey or turn on authenticator codes, give your current password (or a code from your authenticator app).',
  },
  'auth.reauth_failed': {
    status: 403,
    en: 'That password or code is not right, so nothing was added.',
  },
  // Passkeys (issue 40 item 2, docs/decisions/052c).
  'passkey.refused': {
    status: 400,
    en: 'This passkey could not be added: the request waited too long or came from another site. Try again.',
  },
  'passkey.already_added': { status: 409, en: 'This passkey is already on an account here.' },
  'passkey.not_found': { status: 404, en: 'You have no such passkey.' },
  'passkey.removed': { status: 200, en: 'The passkey is removed.' },
  'auth.passkey_refused': {
    status: 401,
    en: 'That passkey did not sign you in: it is not on an account here, or the sign-in waited too long. Try again.',
  },
  'settings.second_factor_first': {
    status: 400,
    en: 'Turn on two-step sign-in for yourself (on your profile) before you require it of your own role.',
  },
} as const satisfies Record<string, Entry>;
