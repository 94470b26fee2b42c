/*
 * Which HTTP calls the audit trail records (issue 40 item 6), by `METHOD route`, and the rule
 * that says what each was (audit-rules.ts); audit-hooks.ts applies them after the answer.
 */
import {
  type Rule,
  ok,
  str,
  who,
  answered,
  user,
  sessionsEnded,
  created,
  deleted,
  platformChange,
  secondStep,
  secondFactorChange,
  organisationSignIn,
  passkeyChange,
  traceLookedUp,
} from './audit-rules';

/** The audited calls, by `METHOD route`. */
export const AUDITED_CALLS: Record<string, Rule> = {
  'GET /api/epaper/traces/:trace': traceLookedUp,
  'POST /api/users/signin': (c) => {
    const email = str(c.body.email);
    // A right password that a second factor must follow: the second step records the sign-in.
    if (ok(c.status) && c.answer.twoFactor) return undefined;
    if (ok(c.status)) {
      const a = answered(c.answer);
      return { action: 'auth.signin', actor: a, subject: user(a?.id ?? '', email) };
    }
    if (c.status === 401)
      return { action: 'auth.signin_failed', subject: user('', email), details: { email } };
    if (c.status === 429)
      return { action: 'auth.signin_locked', subject: user('', email), details: { email } };
    return undefined;
  },
  'POST /api/users/signin/2fa': secondStep,
  'GET /auth/oidc/callback': organisationSignIn,

  // A passkey alone (issue 40 item 2): a refused one names no account.
  'POST /api/users/signin/passkey': (c) => {
    if (ok(c.status)) {
      const a = answered(c.answer);
      return {
        action: 'auth.signin',
        actor: a,
        subject: user(a?.id ?? '', str(c.answer.email)),
        details: { factor: 'passkey' },
      };
    }
    if (c.status === 401)
      return { action: 'auth.signin_failed', subject: user(''), details: { factor: 'passkey' } };
    return undefined;
  },
  'POST /api/me/passkeys': passkeyChange('passkey.added'),
  'DELETE /api/me/passkeys/:id': passkeyChange('passkey.removed'),
  'POST /api/me/2fa/totp/confirm': (c) =>
    ok(c.status) ? secondFactorChange(c, 'second_factor.added') : undefined,
  'DELETE /api/me/2fa/totp': (c) =>
    ok(c.status) ? secondFactorChange(c, 'second_factor.removed') : undefined,
  'POST /api/users/signup': created,
  'POST /api/users/invite/:token': created,
  'POST /api/users/invite': (c) =>
    ok(c.status)
      ? {
          action: 'user.invited',
          actor: who(c.actor),
          subject: { kind: 'invitation', id: '', name: str(c.body.email) },
          details: { role: str(c.body.role) },
        }
      : undefined,
  'PUT /api/users/:id/role': (c) =>
    ok(c.status)
      ? {
          action: 'user.role_changed',
          actor: who(c.actor),
          subject: user(c.params.id ?? '', str(c.answer.name)),
          details: { role: str(c.body.role) },
        }
      : undefined,
  // A person deletes their own account (issue 37 item 6): its id, name and role, no e-mail.
  'DELETE /api/me': (c) =>
    ok(c.status) && c.actor
      ? {
          action: 'user.deleted',
          actor: who(c.actor),
          subject: user(c.actor.id, c.actor.name),
          details: { role: c.actor.role },
        }
      : undefined,
  // A desk limited to editions, or set free (issue 65 item 5): the editions it may place in.
  'PUT /api/users/:id': (c) =>
    ok(c.status)
      ? {
          action: 'user.editions_changed',
          actor: who(c.actor),
          subject: user(c.params.id ?? ''),
          details: { editions: c.answer.editions },
        }
      : undefined,
  // Passwords (issue 66 item 3): whose, never the password. A reset's answer may be a second
  // step's token only, so the route notes whose link it was.
  'POST /api/users/password-reset/:token': (c) =>
    ok(c.status) && typeof c.note._id === 'string'
      ? {
          action: 'user.password_reset',
          actor: answered(c.note),
          subject: user(c.note._id, str(c.note.name)),
          details: { secondStep: c.answer.twoFactor !== undefined },
        }
      : undefined,
  'PUT /api/users/me': (c) =>
    ok(c.status) && c.actor && c.body.password !== undefined
      ? {
          action: 'user.password_changed',
          actor: who(c.actor),
          subject: user(c.actor.id, c.actor.name),
        }
      : undefined,
  'PUT /api/users/:id/password': (c) =>
    ok(c.status)
      ? { action: 'user.password_set', actor: who(c.actor), subject: user(c.params.id ?? '') }
      : undefined,
  'DELETE /api/me/sessions/:id': sessionsEnded('one'),
  'DELETE /api/me/sessions': sessionsEnded('others'),
  'DELETE /api/users/:id/sessions': sessionsEnded('all'),
  'POST /api/users/signout-everywhere': sessionsEnded('every'),
  'DELETE /api/categories/delete/:id': deleted('category', 'category.deleted'),
  'DELETE /api/media/:id': deleted('media', 'media.deleted'),
  'DELETE /api/editions/:id': deleted('edition', 'edition.deleted'),
  'POST /api/keys': platformChange('api_key', 'api_key.created'),
  'DELETE /api/keys/:id': platformChange('api_key', 'api_key.revoked'),
  'POST /api/webhooks': platformChange('webhook', 'webhook.created'),
  'PUT /api/webhooks/:id': platformChange('webhook', 'webhook.changed'),
  'DELETE /api/webhooks/:id': platformChange('webhook', 'webhook.deleted'),
  'POST /api/plans': platformChange('plan', 'plan.created'),
  'PUT /api/plans/:id': platformChange('plan', 'plan.changed'),
  'POST /api/members/:userId/complimentary': (c) =>
    ok(c.status)
      ? {
          action: 'member.complimentary',
          actor: who(c.actor),
          subject: user(c.params.userId ?? ''),
          details: { planId: str(c.body.planId), until: str(c.body.until) },
        }
      : undefined,
  'DELETE /api/members/:userId/complimentary': (c) =>
    ok(c.status)
      ? {
          action: 'member.complimentary_ended',
          actor: who(c.actor),
          subject: user(c.params.userId ?? ''),
          details: { planId: str((c.answer.plan as { _id?: unknown } | null)?._id) },
        }
      : undefined,
  // An import names no address: counts only (issue 37 item 5).
  'POST /api/newsletters/subscribers/import': (c) =>
    ok(c.status)
      ? {
          action: 'subscribers.imported',
          actor: who(c.actor),
          subject: { kind: 'newsletter_subscribers', id: '', name: '' },
          details: {
            imported: typeof c.answer.imported === 'number' ? c.answer.imported : 0,
            refused: Array.isArray(c.answer.refused) ? c.answer.refused.length : 0,
          },
        }
      : undefined,
};
