import { CacheTags, type CacheChange } from '../../../common/cache-tags';
import { hash, verify } from '@node-rs/argon2';
import { createHash } from 'node:crypto';
import { hasRole, ROLES, type Role } from '../../../common/roles';
import { STAFF_LANGUAGES, type StaffLanguage } from '../../../common/languages';
import type {
  Author,
  AuthorProfileInput,
  Me,
  ProfileUpdate,
  SignInInput,
  SignUpInput,
  User,
  UserInfo,
} from '../../../common/schemas/users';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import { slugify } from '../../../common/slug';
import { englishOf } from '../../../common/refusals/catalogue';
import {
  conflict,
  fieldError,
  notFound,
  notice,
  unauthorized,
  type Notice,
} from '../../lib/errors';
import type { Tokens } from '../../lib/tokens';
import { invitations, passwordResets, type AccountMail } from './account-links';
import type { UsersDeps } from './users-deps';

export type { UsersDeps } from './users-deps';
import {
  changeRoleKeepingAnAdmin,
  findMailContact,
  listReviewMailEditors,
  countUsers,
  findPasswordHash,
  findUserById,
  findUserBySlug,
  freeSlugFor,
  listUsersWithoutSlug,
  slugTaken,
  findUserWithHashByEmail,
  insertUserFirstIsAdmin,
  isTokenRevoked,
  listUsers,
  listUsersWithRoles,
  revokeToken,
  updateUser,
  type UserRow,
} from './users-repository';

/** argon2id at OWASP's recommended strength (19 MiB, 2 passes). */
const ARGON2 = { memoryCost: 19_456, timeCost: 2, parallelism: 1, algorithm: 2 } as const;
/** A real hash to verify against when the e-mail is unknown, so both cases take as long. */
let dummyHash: Promise<string> | undefined;

export const SIGN_IN_FAILED = englishOf('auth.invalid_credentials');
export const SIGNED_OUT_EVERYWHERE = englishOf('session.signed_out_everywhere');
export const PASSWORD_SET = 'The password is set; any earlier sessions of this account have ended.';
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_MAX_FAILURES = 10;
/** Sign-ups one address may make in an hour (each costs a 19 MiB password hash). */
export const SIGN_UP_MAX_PER_HOUR = 20;

const toUser = (row: UserRow): User => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
  slug: row.slug,
  bio: row.bio,
  photoUrl: row.photoUrl,
  createdAt: row.createdAt.toISOString(),
});

const toAuthor = (row: Pick<UserRow, 'id' | 'name' | 'slug' | 'bio' | 'photoUrl'>): Author => ({
  _id: row.id,
  name: row.name,
  slug: row.slug,
  bio: row.bio,
  photoUrl: row.photoUrl,
});

/** Roles that write, and so have an author page (SPEC.md §7 "list of authors"). */
const WRITING_ROLES = ROLES.filter((r) => r !== 'reader');
/** Revoked tokens are stored as this digest: a leaked table holds no usable token. */
const digest = (token: string) => createHash('sha256').update(token).digest('base64url');

export const toActor = (row: UserRow): Actor => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
});

/**
 * What a profile change touches: bylines and the author's page refresh; a new slug moves the
 * author's page, so everything showing them is dropped rather than served with the old link.
 */
function authorChanged(id: string, profile: { slug?: unknown }): CacheChange {
  const tag = CacheTags.author(id);
  return profile.slug === undefined ? { stale: [tag] } : { stale: [], drop: [tag] };
}

/** No mail: nothing is sent, and links are answered relative to the site. */
const NO_MAIL: AccountMail = {
  mailer: { enabled: false, sendLater: () => {}, later: () => {}, send: async () => false },
  site: async () => ({ name: 'Patrika', language: 'en', publicUrl: '', timeZone: 'Asia/Kolkata' }),
};

export function createUsersService(deps: UsersDeps) {
  const links = {
    db: deps.db,
    clock: deps.clock,
    mail: deps.mail ?? NO_MAIL,
    hashPassword: (password: string) => hash(password, ARGON2),
    signedIn: (row: UserRow) => userInfo(deps.tokens, row),
  };
  return {
    ...userSessions(deps),
    ...userProfiles(deps),
    ...userAdministration(deps),
    ...invitations(links),
    ...passwordResets(links),
    ...reviewContacts(deps),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

/** What a signed-in client holds: the user's names and a session token. */
async function userInfo(tokens: Tokens, row: UserRow): Promise<UserInfo> {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    token: await tokens.sign({ sub: row.id, tv: row.tokenVersion }),
  };
}

/**
 * The columns a profile change writes. A given slug is normalised like an article's and must
 * be free; the fields left out stay as they are.
 */
async function profileValues(db: Db, id: string, input: AuthorProfileInput) {
  let slug: string | undefined;
  if (input.slug !== undefined) {
    slug = slugify(input.slug);
    if (!slug) {
      throw fieldError('body.slug', 'slug.needs_latin');
    }
    if (await slugTaken(db, slug, id)) {
      throw conflict('user.slug_taken', { slug });
    }
  }
  return {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(slug !== undefined ? { slug } : {}),
    ...(input.bio !== undefined ? { bio: input.bio } : {}),
    ...(input.photoUrl !== undefined ? { photoUrl: input.photoUrl } : {}),
  };
}

/** Signing up, in and out, and which user a token speaks for. */
function userSessions({ db, tokens, clock }: Pick<UsersDeps, 'db' | 'tokens' | 'clock'>) {
  return {
    /** The user a token speaks for, if it is valid, unexpired and not revoked. */
    async authenticate(token: string): Promise<Actor | null> {
      const claims = await tokens.verify(token);
      if (!claims) return null;
      const [row, revoked] = await Promise.all([
        findUserById(db, claims.sub).catch(() => undefined),
        isTokenRevoked(db, digest(token), clock.now()),
      ]);
      if (!row || revoked || row.tokenVersion !== claims.tv) return null;
      return toActor(row);
    },

    /**
     * Ends this one token on the server (the user's other sessions go on): it is refused from
     * now until it would have expired. An invalid or expired token needs nothing.
     */
    async signOut(token: string): Promise<void> {
      const claims = await tokens.verify(token);
      if (claims) await revokeToken(db, digest(token), claims.expiresAt, clock.now());
    },

    async signUp(input: SignUpInput): Promise<UserInfo> {
      const passwordHash = await hash(input.password, ARGON2);
      const row = await insertUserFirstIsAdmin(db, {
        name: input.name,
        email: input.email,
        passwordHash,
      });
      if (!row) throw conflict('user.email_taken');
      return userInfo(tokens, row);
    },

    /**
     * Same answer, taking as long, for an unknown e-mail, a wrong password and an account that
     * has no password yet (an imported author: `passwordHash` null, checked against the dummy).
     * How many attempts may be made is the route's business (users-routes.ts).
     */
    async signIn(input: SignInInput): Promise<UserInfo> {
      const row = await findUserWithHashByEmail(db, input.email);
      dummyHash ??= hash('not-a-real-password', ARGON2);
      const ok = await verify(row?.passwordHash ?? (await dummyHash), input.password).catch(
        () => false,
      );
      if (!row || !ok) throw unauthorized('auth.invalid_credentials');
      return userInfo(tokens, row);
    },

    /**
     * Ends every session of the user, this one included: tokens carry the version they were
     * signed with, and the version moves on (for a lost phone or a shared computer).
     */
    async signOutEverywhere(actor: Actor | null): Promise<Notice<'session.signed_out_everywhere'>> {
      const a = requireRole(actor, 'reader');
      const row = await updateUser(db, a.id, { bumpTokenVersion: true });
      if (!row) throw unauthorized();
      return notice('session.signed_out_everywhere');
    },
  };
}

/** A stored choice of the back office's language, if it is still one of its languages. */
const ownUiLanguage = (row: { uiLanguage: string | null }): StaffLanguage | null =>
  (STAFF_LANGUAGES as readonly (string | null)[]).includes(row.uiLanguage)
    ? (row.uiLanguage as StaffLanguage)
    : null;

/** Users' public profiles and their own account: reading and changing them. */
function userProfiles(deps: Pick<UsersDeps, 'db' | 'tokens' | 'authorChanged'>) {
  const { db, tokens } = deps;
  const changed = deps.authorChanged ?? (async () => {});
  return {
    async me(actor: Actor | null): Promise<Me> {
      const a = requireRole(actor, 'reader');
      const row = await findUserById(db, a.id);
      if (!row) throw unauthorized();
      return { ...toUser(row), reviewMail: row.reviewMail, uiLanguage: ownUiLanguage(row) };
    },

    /** A new name, and/or a new password confirmed with the current one. */
    async updateMe(actor: Actor | null, input: ProfileUpdate): Promise<UserInfo> {
      const a = requireRole(actor, 'reader');
      // Only a new password is confirmed with the current one (ProfileUpdateSchema's rule).
      if (input.password !== undefined) {
        const stored = await findPasswordHash(db, a.id);
        const current = input.currentPassword ?? '';
        if (!stored || !(await verify(stored, current).catch(() => false))) {
          throw fieldError('body.currentPassword', 'user.wrong_password');
        }
      }
      const profile = await profileValues(db, a.id, input);
      const row = await updateUser(db, a.id, {
        ...profile,
        ...(input.reviewMail !== undefined ? { reviewMail: input.reviewMail } : {}),
        ...(input.uiLanguage !== undefined ? { uiLanguage: input.uiLanguage } : {}),
        // A new password ends every other session: their tokens carry the old version.
        ...(input.password !== undefined
          ? { passwordHash: await hash(input.password, ARGON2), bumpTokenVersion: true }
          : {}),
      });
      if (!row) throw unauthorized();
      // A new name, slug, bio or photo shows on bylines and the author page; a reader has
      // neither, so their profile touches no kept page (issue 44 item 11).
      if (Object.keys(profile).length > 0 && hasRole(row.role, 'author'))
        await changed(a.id, authorChanged(a.id, profile));
      return userInfo(tokens, row);
    },

    /** An administrator edits someone's public profile (name, slug, bio, photo). */
    async updateProfile(actor: Actor | null, id: string, input: AuthorProfileInput): Promise<User> {
      requireRole(actor, 'administrator');
      if (!(await findUserById(db, id))) throw notFound('user.not_found');
      const row = await updateUser(db, id, await profileValues(db, id, input));
      if (!row) throw notFound('user.not_found');
      await changed(id, authorChanged(id, input));
      return toUser(row);
    },

    /** A writer's public profile by the slug of their page, or undefined. */
    async authorBySlug(slug: string): Promise<Author | undefined> {
      const row = await findUserBySlug(db, slug);
      return row && hasRole(row.role, 'author') ? toAuthor(row) : undefined;
    },

    async profileOf(id: string): Promise<Author | undefined> {
      const row = await findUserById(db, id);
      return row && toAuthor(row);
    },

    /** The back office's language the user chose on /profile; null: the site's. */
    async uiLanguageOf(id: string): Promise<StaffLanguage | null> {
      const row = await findUserById(db, id);
      return row ? ownUiLanguage(row) : null;
    },

    /**
     * Gives every user still on a placeholder slug (existing users when slugs arrived, rows of
     * an older archive) one made from their name. Run at start-up, before pages are served.
     */
    async assignMissingSlugs(): Promise<number> {
      const pending = await listUsersWithoutSlug(db);
      for (const user of pending) {
        await updateUser(db, user.id, { slug: await freeSlugFor(db, user.name, user.id) });
      }
      return pending.length;
    },

    /** Everyone who can write (SPEC.md §7 "list of authors"), with their page's fields. */
    async authors(): Promise<Author[]> {
      return (await listUsersWithRoles(db, WRITING_ROLES)).map(toAuthor);
    },
  };
}

/** An administrator's (and the operator's) work on accounts: passwords, roles, the list. */
function userAdministration(deps: Pick<UsersDeps, 'db' | 'authorChanged'>) {
  const { db } = deps;
  const changed = deps.authorChanged ?? (async () => {});
  return {
    /**
     * An administrator sets a user's password (imported authors have none); every session the
     * user had ends, as with a password they change themselves.
     */
    async setPassword(
      actor: Actor | null,
      id: string,
      password: string,
    ): Promise<{ message: string }> {
      requireRole(actor, 'administrator');
      const row = await updateUser(db, id, {
        passwordHash: await hash(password, ARGON2),
        bumpTokenVersion: true,
      });
      if (!row) throw notFound('user.not_found');
      return { message: PASSWORD_SET };
    },

    /**
     * The operator's door (`npm run user:password`, on the server's own machine; no HTTP route
     * calls it): sets the password of the account with this e-mail, e.g. the first
     * administrator after `npm run import`, whose archive carries no passwords. False when
     * there is no such account.
     */
    async setPasswordByEmail(email: string, password: string): Promise<boolean> {
      const row = await findUserWithHashByEmail(db, email.trim().toLowerCase());
      if (!row) return false;
      await updateUser(db, row.id, {
        passwordHash: await hash(password, ARGON2),
        bumpTokenVersion: true,
      });
      return true;
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
        throw conflict('user.last_admin');
      }
      if (!result.row) throw notFound('user.not_found');
      // An author page comes or goes with the right to write.
      await changed(id, { stale: [], drop: [CacheTags.author(id)] });
      return toUser(result.row);
    },

    /** True when the user exists and may write articles (author and up). */
    async canWrite(id: string): Promise<boolean> {
      const row = await findUserById(db, id);
      return row !== undefined && hasRole(row.role, 'author');
    },

    count: () => countUsers(db),
  };
}

/** Who review mail goes to (the newsroom's review-mail job asks): addresses and the opt-out. */
function reviewContacts({ db }: Pick<UsersDeps, 'db'>) {
  return {
    /** Editors and administrators who keep review mail on. */
    reviewMailEditors: () => listReviewMailEditors(db),
    /** A user's name, address and whether they keep review mail on, or undefined. */
    mailContact: (id: string) => findMailContact(db, id),
    reviewMailOf: async (id: string) => (await findMailContact(db, id))?.reviewMail ?? false,
  };
}
