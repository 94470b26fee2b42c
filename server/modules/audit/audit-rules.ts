/*
 * The audit trail's rules (audit-calls.ts names them by call): what a call that answered says
 * of itself, as entries of the trail. Rules copy named fields only, never a body whole.
 */
import type { Actor } from '../../lib/actor';
import type { AuditAction } from '../../../common/schemas/audit';
import type { AuditRecord } from './audit-service';

export interface Call {
  status: number;
  params: Record<string, string>;
  body: Record<string, unknown>;
  answer: Record<string, unknown>;
  /** What the route noted for the trail (server/lib/audit-note.ts), when it did. */
  note: Record<string, unknown>;
  actor: Actor | null;
}
export type Entry = Omit<AuditRecord, 'ip' | 'userAgent'>;
/** What a call records: nothing, one entry, or several (a recovery code signs in, too). */
export type Rule = (call: Call) => Entry | Entry[] | undefined;

export const ok = (status: number) => status >= 200 && status < 300;
export const str = (v: unknown) => (typeof v === 'string' ? v : '');
export const who = (a: Actor | null) => (a ? { id: a.id, name: a.name } : null);
export const answered = (answer: Record<string, unknown>) =>
  typeof answer._id === 'string' ? { id: answer._id, name: str(answer.name) } : null;
export const user = (id: string, name = '') => ({ kind: 'user', id, name });
export const sessionsEnded =
  (scope: string): Rule =>
  (c) =>
    ok(c.status)
      ? {
          action: 'session.ended',
          actor: who(c.actor),
          subject: user(c.params.id && scope === 'all' ? c.params.id : (c.actor?.id ?? '')),
          details: { scope, ...(scope === 'one' ? { session: c.params.id } : {}) },
        }
      : undefined;
export const created: Rule = (c) =>
  ok(c.status)
    ? {
        action: 'user.created',
        actor: answered(c.answer),
        subject: user(str(c.answer._id), str(c.answer.name)),
      }
    : undefined;
export const deleted =
  (kind: string, action: 'category.deleted' | 'media.deleted' | 'edition.deleted'): Rule =>
  (c) =>
    ok(c.status)
      ? { action, actor: who(c.actor), subject: { kind, id: c.params.id ?? '' } }
      : undefined;

/**
 * A key or a webhook changed by an administrator (issues 40 and 41): named by its name or its
 * description, never by its secret or its address (a webhook's address may carry a token).
 */
export const platformChange =
  (kind: 'api_key' | 'webhook' | 'plan', action: AuditAction): Rule =>
  (c) =>
    ok(c.status)
      ? {
          action,
          actor: who(c.actor),
          subject: {
            kind,
            id: c.params.id ?? str(c.answer._id),
            name: str(c.body.name) || str(c.body.description) || str(c.answer.name),
          },
          ...(Array.isArray(c.body.events) ? { details: { events: c.body.events } } : {}),
        }
      : undefined;

/**
 * A sign-in's second step (issue 40 item 1): signed in (and, with a recovery code, that code
 * used), a wrong code, or paused. Which account a refused step was for is not in its body (a
 * token, never recorded); the entry says which factor was tried.
 */
export const factorOf = (body: Record<string, unknown>) =>
  body.recoveryCode !== undefined ? 'recovery' : body.response !== undefined ? 'passkey' : 'totp';
export const secondStep: Rule = (c) => {
  const factor = factorOf(c.body);
  if (ok(c.status)) {
    const a = answered(c.answer);
    const signedIn: Entry = {
      action: 'auth.signin',
      actor: a,
      subject: user(a?.id ?? '', str(c.answer.email)),
      details: { factor },
    };
    if (factor !== 'recovery') return signedIn;
    return [signedIn, { ...signedIn, action: 'auth.recovery_code_used', details: {} }];
  }
  if (c.status === 401)
    return { action: 'auth.signin_failed', subject: user(''), details: { factor } };
  if (c.status === 429)
    return { action: 'auth.signin_locked', subject: user(''), details: { factor } };
  return undefined;
};
export const secondFactorChange = (c: Call, action: AuditAction): Entry => ({
  action,
  actor: who(c.actor),
  subject: user(c.actor?.id ?? '', c.actor?.name ?? ''),
  details: { method: 'totp' },
});

/**
 * Single sign-on's way back (issue 40 item 4): a browser's navigation, whose route notes what
 * happened (server/lib/audit-note.ts). Signed in (and the account made, the first time), or
 * refused, with why and the address the organisation named.
 */
export const organisationSignIn: Rule = (c) => {
  if (c.answer.outcome === 'signed_in') {
    const a = answered(c.answer);
    const signedIn: Entry = {
      action: 'auth.signin',
      actor: a,
      subject: user(a?.id ?? '', str(c.answer.email)),
      details: { method: 'oidc' },
    };
    if (c.answer.created !== true) return signedIn;
    return [
      {
        action: 'user.created',
        actor: a,
        subject: user(a?.id ?? '', a?.name ?? ''),
        details: { method: 'oidc' },
      },
      signedIn,
    ];
  }
  if (c.answer.outcome === 'refused')
    return {
      action: 'auth.signin_failed',
      subject: user('', str(c.answer.email)),
      details: { method: 'oidc', reason: str(c.answer.reason), email: str(c.answer.email) },
    };
  return undefined;
};

/** A passkey added or removed (issue 40 item 2): named by its name and id, never its key. */
export const passkeyChange =
  (action: 'passkey.added' | 'passkey.removed'): Rule =>
  (c) =>
    ok(c.status)
      ? {
          action,
          actor: who(c.actor),
          subject: user(c.actor?.id ?? '', c.actor?.name ?? ''),
          details: {
            passkey: c.params.id ?? str(c.answer._id),
            ...(c.body.name === undefined ? {} : { name: str(c.body.name) }),
          },
        }
      : undefined;

/**
 * A leaked e-paper copy's trace looked up (issue 68 item 4): who asked, the trace, and the
 * reader it named (by id and name; never their e-mail), whether found or not.
 */
export const traceLookedUp: Rule = (c) => {
  if (!ok(c.status) && c.status !== 404) return undefined;
  const reader = (c.answer.reader ?? {}) as Record<string, unknown>;
  return {
    action: 'epaper.trace_looked_up',
    actor: who(c.actor),
    subject: user(str(reader._id), str(reader.name)),
    details: { trace: c.params.trace ?? '', found: ok(c.status) },
  };
};
