/*
 * A person deletes their own account (issue 37 item 6; DPDP Act 2023 §12, GDPR art. 17). The
 * readers module asks these, with the proof it was given (a password, or its mailed code);
 * the site keeps at least one administrator.
 */
import { verify } from '@node-rs/argon2';
import { conflict } from '../../lib/errors';
import { deleteUserKeepingAnAdmin, findPasswordHash, findUserById } from './users-repository';
import type { UsersDeps } from './users-deps';

export function accountDeletion({ db }: Pick<UsersDeps, 'db'>) {
  return {
    /** The account as its owner downloads it (their export), or undefined. */
    async accountOf(id: string) {
      const row = await findUserById(db, id);
      return (
        row && {
          _id: row.id,
          name: row.name,
          email: row.email,
          role: row.role,
          createdAt: row.createdAt.toISOString(),
        }
      );
    },

    /** Whether the account has a password (else it deletes itself by a mailed code). */
    hasPassword: async (id: string) => (await findPasswordHash(db, id)) !== undefined,

    /** Whether `password` is the account's; false for an account without one. */
    async passwordMatches(id: string, password: string): Promise<boolean> {
      const stored = await findPasswordHash(db, id);
      if (!stored) return false;
      return verify(stored, password).catch(() => false);
    },

    /** Deletes the account: 409 `account.last_admin` for the last administrator. */
    async deleteOwnAccount(id: string): Promise<boolean> {
      const result = await deleteUserKeepingAnAdmin(db, id);
      if (result.lastAdmin) throw conflict('account.last_admin');
      return result.deleted;
    },
  };
}
