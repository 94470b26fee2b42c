/*
 * Sessions: signing up, in and out (everywhere, too), and which user a token speaks for
 * (DECISIONS.md §2). Passwords are argon2id hashes. Every session is a row its token names
 * (docs/decisions/052): ending it is deleting the row.
 */
import { UUID_PATTERN } from '../../../common/schemas/common';
import { hash, verify } from '@node-rs/argon2';
import type { Session, SignInInput, SignUpInput, UserInfo } from '../../../common/schemas/users';
import { CONSENT_TEXT_VERSION } from '../../../common/consent';
import { requireRole, type Actor } from '../../lib/actor';
import { englishOf } from '../../../common/refusals/catalogue';
import { conflict, notFound, notice, unauthorized, type Notice } from '../../lib/errors';
import { TOKEN_LIFETIME_SECONDS } from '../../lib/tokens';
import type { SessionClient, UsersDeps } from './users-deps';
import { removeRecentFactors } from './factor-guards';
import {
  deleteSession,
  findSessionUser,
  insertSession,
  listSessions,
  touchSession,
} from './sessions-repository';
import {
  deleteSessionsOf,
  findUserById,
  findUserWithHashByEmail,
  insertUserFirstIsAdmin,
  updateUser,
  type UserRow,
} from './users-repository';

/** argon2id at OWASP's recommended strength (19 MiB, 2 passes). */
export const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;
/** A real hash to verify against when the e-mail is unknown, so both cases take as long. */
let dummyHash: Promise<string> | undefined;

export const SIGN_IN_FAILED = englishOf('auth.invalid_credentials');
export const SIGNED_OUT_EVERYWHERE = englishOf('session.signed_out_everywhere');
export const PASSWORD_SET = 'The password is set; any earlier sessions of this account have ended.';
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_MAX_FAILURES = 10;
/** Sign-ups one address may make in an hour (each costs a 19 MiB password hash). */
export const SIGN_UP_MAX_PER_HOUR = 20;

/** A session's last-seen time moves at most this often (one write per session per while). */
export const LAST_SEEN_STEP_MS = 5 * 60 * 1000;
/** The longest User-Agent kept with a session. */
export const USER_AGENT_MAX = 300;

export const toActor = (row: UserRow): Actor => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
});

type SessionDeps = Pick<UsersDeps, 'db' | 'tokens' | 'clock' | 'consents'>;

/**
 * What a signed-in client holds: the user's names and a session token. A new session row is
 * made for it, unless `sessionId` names the client's own session (a token signed again after
 * its password changed).
 */
export async function userInfo(
  { db, tokens, clock }: SessionDeps,
  row: UserRow,
  client: SessionClient = {},
  sessionId?: string,
): Promise<UserInfo> {
  const now = clock.now();
  const sid =
    sessionId ??
    (await insertSession(db, {
      userId: row.id,
      userAgent: (client.userAgent ?? '').slice(0, USER_AGENT_MAX),
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_SECONDS * 1000),
      now,
    }));
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    token: await tokens.sign({ sub: row.id, tv: row.tokenVersion, sid }),
  };
}

/** Signing up, in and out, and which user a token speaks for. */
export function userSessions(deps: SessionDeps) {
  const { db, tokens, clock } = deps;
  return {
    /** The user a token speaks for, if it is valid, unexpired and its session goes on. */
    async authenticate(token: string): Promise<Actor | null> {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const now = clock.now();
      // A malformed id in a validly signed token (none we made) is no session; a database
      // that is away is an error (503), never "signed out".
      if (!UUID_PATTERN.test(claims.sid) || !UUID_PATTERN.test(claims.sub)) return null;
      const found = await findSessionUser(db, claims.sid, claims.sub, now);
      if (!found || found.user.tokenVersion !== claims.tv) return null;
      if (now.getTime() - found.lastSeenAt.getTime() >= LAST_SEEN_STEP_MS)
        await touchSession(db, claims.sid, now);
      return {
        ...toActor(found.user),
        sessionId: claims.sid,
        secondFactor: found.secondFactor === true,
        emailConfirmed: found.emailConfirmed === true,
      };
    },

    /**
     * Ends this one session on the server (the user's other sessions go on): its token is
     * refused from now on. An invalid or expired token needs nothing.
     */
    async signOut(token: string): Promise<void> {
      const claims = await tokens.verify(token);
      if (claims && UUID_PATTERN.test(claims.sid) && UUID_PATTERN.test(claims.sub))
        await deleteSession(db, claims.sub, claims.sid);
    },

    async signUp(input: SignUpInput, client?: SessionClient): Promise<UserInfo> {
      const passwordHash = await hash(input.password, ARGON2);
      const row = await insertUserFirstIsAdmin(db, {
        name: input.name,
        email: input.email,
        passwordHash,
      });
      if (!row) throw conflict('user.email_taken');
      // The sign-up form's consent (its words' version: common/consent.ts), kept with the account.
      await deps.consents?.record([
        {
          userId: row.id,
          email: row.email,
          purpose: 'account',
          form: 'signup',
          textVersion: CONSENT_TEXT_VERSION,
        },
      ]);
      return userInfo(deps, row, client);
    },

    /**
     * Same answer, taking as long, for an unknown e-mail, a wrong password and an account that
     * has no password yet (an imported author: `passwordHash` null, checked against the dummy).
     * How many attempts may be made is the route's business (users-routes.ts).
     */
    async checkPassword(input: SignInInput): Promise<UserRow> {
      const row = await findUserWithHashByEmail(db, input.email);
      dummyHash ??= hash('not-a-real-password', ARGON2);
      const ok = await verify(row?.passwordHash ?? (await dummyHash), input.password).catch(
        () => false,
      );
      if (!row || !ok) throw unauthorized('auth.invalid_credentials');
      const { passwordHash: _hash, ...user } = row;
      return user;
    },

    /**
     * Ends every session of the user, this one included: tokens carry the version they were
     * signed with, and the version moves on (for a lost phone or a shared computer).
     */
    async signOutEverywhere(
      actor: Actor | null,
      opts: { removeRecentFactors?: boolean } = {},
    ): Promise<Notice<'session.signed_out_everywhere'>> {
      const a = requireRole(actor, 'reader');
      const row = await updateUser(db, a.id, { bumpTokenVersion: true });
      if (!row) throw unauthorized();
      // The owner undoing what a stolen session added (issue 66 item 4).
      if (opts.removeRecentFactors) await removeRecentFactors(db, clock, a.id);
      return notice('session.signed_out_everywhere');
    },
    ...sessionList(deps),
  };
}

/** A person's own sessions, seen and ended; an administrator ending all of someone's. */
function sessionList({ db, clock }: SessionDeps) {
  return {
    async sessions(actor: Actor | null): Promise<Session[]> {
      const a = requireRole(actor, 'reader');
      const rows = await listSessions(db, a.id, clock.now());
      return rows.map((row) => ({
        _id: row.id,
        createdAt: row.createdAt.toISOString(),
        lastSeenAt: row.lastSeenAt.toISOString(),
        userAgent: row.userAgent,
        current: row.id === a.sessionId,
      }));
    },

    /** Ends one of the person's sessions (this one too, if named): its token answers 401. */
    async endSession(actor: Actor | null, id: string): Promise<Notice<'session.ended'>> {
      const a = requireRole(actor, 'reader');
      if (!(await deleteSession(db, a.id, id))) throw notFound('session.not_found');
      return notice('session.ended');
    },

    /** Ends every session of the person but the one asking. */
    async endOtherSessions(actor: Actor | null): Promise<Notice<'session.others_ended'>> {
      const a = requireRole(actor, 'reader');
      await deleteSessionsOf(db, a.id, a.sessionId);
      return notice('session.others_ended');
    },

    /** An administrator ends every session of a person (a lost laptop, someone leaving). */
    async endSessionsOf(actor: Actor | null, userId: string): Promise<Notice<'session.ended'>> {
      requireRole(actor, 'administrator');
      if (!(await findUserById(db, userId))) throw notFound('user.not_found');
      await deleteSessionsOf(db, userId);
      return notice('session.ended');
    },
  };
}
