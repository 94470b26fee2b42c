import { CacheTags } from '../../../common/cache-tags';
import { hash } from '@node-rs/argon2';
import { hasRole, type Role } from '../../../common/roles';
import type { User } from '../../../common/schemas/users';
import { requireRole, type Actor } from '../../lib/actor';
import { conflict, notFound } from '../../lib/errors';
import { accountDeletion } from './account-deletion';
import { invitations, type AccountMail } from './account-links';
import { passwordResets } from './password-resets';
import { emailLinks } from './email-links';
import type { SessionClient, UsersDeps } from './users-deps';

import {
  changeRoleKeepingAnAdmin,
  countAccounts,
  findUserById,
  findUserWithHashByEmail,
  updateUser,
  type UserRow,
} from './users-repository';
import {
  findMailContact,
  listAdministratorContacts,
  listReviewMailEditors,
} from './user-contacts-repository';
import { countUsers, listUsers } from './users-listing';
import { ARGON2, userInfo, userSessions } from './user-sessions';
import { toUser, userProfiles } from './user-profiles';
import { twoStepSignIn } from './two-step-sign-in';
import { organisationSignIn } from './organisation-sign-in';

export type { UsersDeps } from './users-deps';

export const PASSWORD_SET = 'The password is set; any earlier sessions of this account have ended.';

/** No mail: nothing is sent, and links are answered relative to the site. */
const NO_MAIL: AccountMail = {
  mailer: { enabled: false, sendLater: () => {}, later: () => {}, send: async () => false },
  site: async () => ({ name: 'Patrika', language: 'en', publicUrl: '', timeZone: 'Asia/Kolkata' }),
};

export function createUsersService(deps: UsersDeps) {
  const twoStep = twoStepSignIn(deps);
  const links = {
    db: deps.db,
    clock: deps.clock,
    mail: deps.mail ?? NO_MAIL,
    hashPassword: (password: string) => hash(password, ARGON2),
    signedIn: (row: UserRow, client?: SessionClient) => userInfo(deps, row, client),
    sessionOrStep: twoStep.sessionOrStep,
  };
  return {
    ...userSessions(deps),
    ...twoStep,
    ...userProfiles(deps),
    ...userAdministration(deps),
    ...invitations(links),
    ...passwordResets(links),
    ...emailLinks(links),
    ...reviewContacts(deps),
    ...accountDeletion(deps),
    ...organisationSignIn(deps, twoStep.challengeFor),
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

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

    async list(actor: Actor | null, page: number, limit: number, email?: string) {
      requireRole(actor, 'administrator');
      const { rows, total, estimated } = await listUsers(db, {
        limit,
        offset: (page - 1) * limit,
        email,
      });
      return {
        users: rows.map(toUser),
        currentPage: page,
        totalPages: Math.ceil(total / limit),
        totalUsers: total,
        estimated,
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
    accounts: () => countAccounts(db),
  };
}

/** Who review mail goes to (the newsroom's review-mail job asks): addresses and the opt-out. */
function reviewContacts({ db }: Pick<UsersDeps, 'db'>) {
  return {
    /** Editors and administrators who keep review mail on. */
    reviewMailEditors: () => listReviewMailEditors(db),
    administratorContacts: () => listAdministratorContacts(db),
    /** A user's name, address and whether they keep review mail on, or undefined. */
    mailContact: (id: string) => findMailContact(db, id),
    reviewMailOf: async (id: string) => (await findMailContact(db, id))?.reviewMail ?? false,
  };
}
