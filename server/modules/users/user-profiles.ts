/*
 * Profiles: a person's own account and language, authors' public pages (their slugs, bios and
 * photos), and what a change of them refreshes.
 */
import { CacheTags, type CacheChange } from '../../../common/cache-tags';
import { hash, verify } from '@node-rs/argon2';
import { hasRole, WRITING_ROLES } from '../../../common/roles';
import { STAFF_LANGUAGES, type StaffLanguage } from '../../../common/languages';
import type {
  Author,
  AuthorProfileInput,
  Me,
  ProfileUpdate,
  User,
  UserInfo,
} from '../../../common/schemas/users';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import { slugify } from '../../../common/slug';
import { conflict, fieldError, notFound, unauthorized } from '../../lib/errors';
import type { UsersDeps } from './users-deps';
import { ARGON2, userInfo } from './user-sessions';
import { removeRecentFactors } from './factor-guards';

import {
  findPasswordHash,
  findUserById,
  findUserBySlug,
  freeSlugFor,
  listUsersWithoutSlug,
  slugTaken,
  listUsersWithRoles,
  updateUser,
  type UserRow,
} from './users-repository';

export const toUser = (row: UserRow): User => ({
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

/**
 * What a profile change touches: bylines and the author's page refresh; a new slug moves the
 * author's page, so everything showing them is dropped rather than served with the old link.
 */
function authorChanged(id: string, profile: { slug?: unknown }): CacheChange {
  const tag = CacheTags.author(id);
  return profile.slug === undefined ? { stale: [tag] } : { stale: [], drop: [tag] };
}

/** No mail: nothing is sent, and links are answered relative to the site. */
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

/** A stored choice of the back office's language, if it is still one of its languages. */
const ownUiLanguage = (row: { uiLanguage: string | null }): StaffLanguage | null =>
  (STAFF_LANGUAGES as readonly (string | null)[]).includes(row.uiLanguage)
    ? (row.uiLanguage as StaffLanguage)
    : null;

/** With a new password, the factors of the last day go too when asked (issue 66 item 4). */
async function undoRecentFactors(
  deps: Pick<UsersDeps, 'db' | 'clock'>,
  id: string,
  input: ProfileUpdate,
) {
  if (input.password !== undefined && input.removeRecentFactors)
    await removeRecentFactors(deps.db, deps.clock, id);
}

/** Users' public profiles and their own account: reading and changing them. */
export function userProfiles(
  deps: Pick<UsersDeps, 'db' | 'tokens' | 'clock' | 'authorChanged' | 'renamed'>,
) {
  const { db } = deps;
  const changed = deps.authorChanged ?? (async () => {});
  /** A name that differs from the one stored is shown anew beside the person's comments. */
  const renamed = async (id: string, before: { name: string }, after: { name: string }) => {
    if (before.name !== after.name) await deps.renamed?.(id);
  };
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
      const before = input.name !== undefined ? await findUserById(db, a.id) : undefined;
      const row = await updateUser(
        db,
        a.id,
        {
          ...profile,
          ...(input.reviewMail !== undefined ? { reviewMail: input.reviewMail } : {}),
          ...(input.uiLanguage !== undefined ? { uiLanguage: input.uiLanguage } : {}),
          // A new password ends every other session: their rows go, and their tokens carry
          // the old version; this one goes on with a token signed again.
          ...(input.password !== undefined
            ? { passwordHash: await hash(input.password, ARGON2), bumpTokenVersion: true }
            : {}),
        },
        a.sessionId,
      );
      if (!row) throw unauthorized();
      await undoRecentFactors(deps, a.id, input);
      // A new name, slug, bio or photo shows on bylines and the author page; a reader has
      // neither, so their profile touches no kept page (issue 44 item 11).
      if (Object.keys(profile).length > 0 && hasRole(row.role, 'author'))
        await changed(a.id, authorChanged(a.id, profile));
      if (before) await renamed(a.id, before, row);
      return userInfo(deps, row, {}, a.sessionId);
    },

    /** An administrator edits someone's public profile (name, slug, bio, photo). */
    async updateProfile(actor: Actor | null, id: string, input: AuthorProfileInput): Promise<User> {
      requireRole(actor, 'administrator');
      const before = await findUserById(db, id);
      if (!before) throw notFound('user.not_found');
      const row = await updateUser(db, id, await profileValues(db, id, input));
      if (!row) throw notFound('user.not_found');
      await changed(id, authorChanged(id, input));
      await renamed(id, before, row);
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
