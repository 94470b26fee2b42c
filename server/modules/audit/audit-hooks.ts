/*
 * What the audit trail records of HTTP calls (issue 40 item 6): after a call answered, a rule
 * keyed by its route and method says which action it was, if any, from its status, its
 * parameters, its body and its answer. Recorded after the answer went out, so no call waits on
 * it; a failure to record is logged (audit-service.ts). Secrets never reach an entry: rules
 * copy named fields only (an e-mail, a role, the settings' keys), never a body whole.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Actor } from '../../lib/actor';
import { auditNoteOf } from '../../lib/audit-note';
import type { AuditAction } from '../../../common/schemas/audit';
import type { AuditRecord, AuditService } from './audit-service';

interface Call {
  status: number;
  params: Record<string, string>;
  body: Record<string, unknown>;
  answer: Record<string, unknown>;
  /** What the route noted for the trail (server/lib/audit-note.ts), when it did. */
  note: Record<string, unknown>;
  actor: Actor | null;
}
type Entry = Omit<AuditRecord, 'ip' | 'userAgent'>;
/** What a call records: nothing, one entry, or several (a recovery code signs in, too). */
type Rule = (call: Call) => Entry | Entry[] | undefined;

const ok = (status: number) => status >= 200 && status < 300;
const str = (v: unknown) => (typeof v === 'string' ? v : '');
const who = (a: Actor | null) => (a ? { id: a.id, name: a.name } : null);
const answered = (answer: Record<string, unknown>) =>
  typeof answer._id === 'string' ? { id: answer._id, name: str(answer.name) } : null;
const user = (id: string, name = '') => ({ kind: 'user', id, name });
const sessionsEnded =
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
const created: Rule = (c) =>
  ok(c.status)
    ? {
        action: 'user.created',
        actor: answered(c.answer),
        subject: user(str(c.answer._id), str(c.answer.name)),
      }
    : undefined;
const deleted =
  (kind: string, action: 'category.deleted' | 'media.deleted' | 'edition.deleted'): Rule =>
  (c) =>
    ok(c.status)
      ? { action, actor: who(c.actor), subject: { kind, id: c.params.id ?? '' } }
      : undefined;

/**
 * A key or a webhook changed by an administrator (issues 40 and 41): named by its name or its
 * description, never by its secret or its address (a webhook's address may carry a token).
 */
const platformChange =
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
const factorOf = (body: Record<string, unknown>) =>
  body.recoveryCode !== undefined ? 'recovery' : body.response !== undefined ? 'passkey' : 'totp';
const secondStep: Rule = (c) => {
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
const secondFactorChange = (c: Call, action: AuditAction): Entry => ({
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
const organisationSignIn: Rule = (c) => {
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
const passkeyChange =
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
const traceLookedUp: Rule = (c) => {
  if (!ok(c.status) && c.status !== 404) return undefined;
  const reader = (c.answer.reader ?? {}) as Record<string, unknown>;
  return {
    action: 'epaper.trace_looked_up',
    actor: who(c.actor),
    subject: user(str(reader._id), str(reader.name)),
    details: { trace: c.params.trace ?? '', found: ok(c.status) },
  };
};

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

const asRecord = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** The answer of an audited call, kept for its rule (JSON only). */
const ANSWER = Symbol('audit answer');
type WithAnswer = FastifyRequest & { [ANSWER]?: unknown };

const ruleOf = (request: FastifyRequest) =>
  AUDITED_CALLS[`${request.method} ${request.routeOptions.url ?? ''}`];

export function registerAuditHooks(app: FastifyInstance, audit: AuditService) {
  app.addHook('onSend', async (request, _reply, payload) => {
    if (ruleOf(request) && typeof payload === 'string') {
      try {
        (request as WithAnswer)[ANSWER] = JSON.parse(payload);
      } catch {
        // Not JSON: the rule reads nothing from it.
      }
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const rule = ruleOf(request);
    if (!rule) return;
    const actor = await request.actor().catch(() => null);
    const entries = rule({
      status: reply.statusCode,
      params: asRecord(request.params) as Record<string, string>,
      body: asRecord(request.body),
      answer: asRecord((request as WithAnswer)[ANSWER] ?? auditNoteOf(request)),
      note: asRecord(auditNoteOf(request)),
      actor,
    });
    if (!entries) return;
    const agent = request.headers['user-agent'];
    for (const entry of Array.isArray(entries) ? entries : [entries])
      await audit.record({
        ...entry,
        ip: request.ip,
        userAgent: typeof agent === 'string' ? agent : '',
      });
  });
}
