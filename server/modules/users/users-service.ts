import { hash, verify } from '@node-rs/argon2';
import { ROLES, type Role } from '../../../common/roles';
import type {
  ProfileUpdate,
  SignInInput,
  SignUpInput,
  User,
  UserInfo,
} from '../../../common/schemas/users';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import { conflict, notFound, tooManyRequests, unauthorized, badRequest } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../lib/rate-limiter';
import type { Tokens } from '../../lib/tokens';
import {
  changeRoleKeepingAnAdmin,
  findPasswordHash,
  findUserById,
  findUserWithHashByEmail,
  insertUserFirstIsAdmin,
  listUsers,
  listUsersWithRoles,
  updateUser,
  type UserRow,
} from './users-repository';

/** argon2id at OWASP's recommended strength (19 MiB, 2 passes). */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;
/** A real hash to verify against when the e-mail is unknown, so both cases take as long. */
let dummyHash: Promise<string> | undefined;

export const SIGN_IN_FAILED = 'Invalid email or password.';
export const SIGNED_OUT_EVERYWHERE = 'Signed out on every device.';
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_MAX_FAILURES = 10;

const toUser = (row: UserRow): User => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  createdAt: row.createdAt.toISOString(),
});

export const toActor = (row: UserRow): Actor => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
});

export function createUsersService(deps: {
  db: Db;
  tokens: Tokens;
  limiter: RateLimiter;
  clock: Clock;
  contentChanged?: () => Promise<void>;
}) {
  const { db, tokens, limiter, clock } = deps;
  const changed = deps.contentChanged ?? (async () => {});

  const userInfo = async (row: UserRow): Promise<UserInfo> => ({
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    token: await tokens.sign({ sub: row.id, tv: row.tokenVersion }),
  });

  return {
    /** The user a token speaks for, if it is valid, unexpired and not revoked. */
    async authenticate(token: string): Promise<Actor | null> {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const row = await findUserById(db, claims.sub).catch(() => undefined);
      if (!row || row.tokenVersion !== claims.tv) return null;
      return toActor(row);
    },

    async signUp(input: SignUpInput): Promise<UserInfo> {
      const passwordHash = await hash(input.password, ARGON2);
      const row = await insertUserFirstIsAdmin(db, {
        name: input.name,
        email: input.email,
        passwordHash,
      });
      if (!row) throw conflict('An account with this email already exists. Sign in instead.');
      return userInfo(row);
    },

    /**
     * Same answer for an unknown e-mail and a wrong password. After 10 failures within 15
     * minutes from one address, or against one account, further attempts get 429.
     */
    async signIn(input: SignInInput, ip: string): Promise<UserInfo> {
      const keys = [`signin:ip:${ip}`, `signin:account:${input.email}`];
      const windows = await Promise.all(keys.map((k) => limiter.peek(k)));
      const blocked = windows.find((w) => w && w.count >= SIGN_IN_MAX_FAILURES);
      if (blocked) {
        const minutes = Math.max(
          1,
          Math.ceil((blocked.resetAt.getTime() - clock.now().getTime()) / 60_000),
        );
        throw tooManyRequests(
          `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
        );
      }
      const row = await findUserWithHashByEmail(db, input.email);
      dummyHash ??= hash('not-a-real-password', ARGON2);
      const ok = await verify(row?.passwordHash ?? (await dummyHash), input.password).catch(
        () => false,
      );
      if (!row || !ok) {
        await Promise.all(keys.map((k) => limiter.hit(k, SIGN_IN_WINDOW_MS)));
        throw unauthorized(SIGN_IN_FAILED);
      }
      await limiter.reset(keys[1] as string);
      return userInfo(row);
    },

    async me(actor: Actor | null): Promise<User> {
      const a = requireRole(actor, 'reader');
      const row = await findUserById(db, a.id);
      if (!row) throw unauthorized();
      return toUser(row);
    },

    /** Name and/or password, always confirmed with the current password. */
    async updateMe(actor: Actor | null, input: ProfileUpdate): Promise<UserInfo> {
      const a = requireRole(actor, 'reader');
      const stored = await findPasswordHash(db, a.id);
      if (!stored || !(await verify(stored, input.currentPassword).catch(() => false))) {
        throw badRequest('Your current password is not correct.', [
          { path: 'body.currentPassword', message: 'Your current password is not correct.' },
        ]);
      }
      const row = await updateUser(db, a.id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        // A new password ends every other session: their tokens carry the old version.
        ...(input.password !== undefined
          ? { passwordHash: await hash(input.password, ARGON2), bumpTokenVersion: true }
          : {}),
      });
      if (!row) throw unauthorized();
      // A new name shows on the bylines of published articles.
      if (input.name !== undefined) await changed();
      return userInfo(row);
    },

    /**
     * Ends every session of the user, this one included: tokens carry the version they were
     * signed with, and the version moves on (for a lost phone or a shared computer).
     */
    async signOutEverywhere(actor: Actor | null): Promise<{ message: string }> {
      const a = requireRole(actor, 'reader');
      const row = await updateUser(db, a.id, { bumpTokenVersion: true });
      if (!row) throw unauthorized();
      return { message: SIGNED_OUT_EVERYWHERE };
    },

    async list(actor: Actor | null, page: number, limit: number) {
      requireRole(actor, 'administrator');
      const { rows, total } = await listUsers(db, { limit, offset: (page - 1) * limit });
      return {
        users: rows.map(toUser),
        currentPage: page,
        totalPages: Math.ceil(total / limit),
        totalUsers: total,
      };
    },

    async changeRole(actor: Actor | null, id: string, role: Role): Promise<User> {
      requireRole(actor, 'administrator');
      const result = await changeRoleKeepingAnAdmin(db, id, role);
      if (result.lastAdmin) {
        throw conflict(
          'The site needs at least one administrator: make someone else administrator first.',
        );
      }
      if (!result.row) throw notFound('No such user.');
      return toUser(result.row);
    },

    /** Everyone who can write (SPEC.md §7 "list of authors"). */
    async authors(): Promise<{ _id: string; name: string }[]> {
      const rows = await listUsersWithRoles(
        db,
        ROLES.filter((r) => r !== 'reader'),
      );
      return rows.map((r) => ({ _id: r.id, name: r.name }));
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;
