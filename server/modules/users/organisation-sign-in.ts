/*
 * Signing in through the newsroom's own accounts (issue 40 item 4, docs/decisions/052d): the
 * sso module proved who the person is (an e-mail address their organisation verified); this
 * signs that person in, or makes their account first when the site takes their domain. An
 * account made here has no password: it signs in through its organisation (or a reset link).
 */
import type { Role } from '../../../common/roles';
import type { UserInfo } from '../../../common/schemas/users';
import { users } from '../../../db/schema/users';
import {
  findUserWithHashByEmail,
  freeSlugFor,
  userColumns,
  type UserRow,
} from './users-repository';
import { userInfo } from './user-sessions';
import type { SessionClient, UsersDeps } from './users-deps';

/** Who the organisation says signed in, and what a new account of theirs would be. */
export interface OrganisationPerson {
  email: string;
  name: string;
  /** A new account's role, when the site takes this person's domain; undefined: it does not. */
  newAccountRole: Role | undefined;
}

export function organisationSignIn(deps: Pick<UsersDeps, 'db' | 'tokens' | 'clock' | 'consents'>) {
  const { db } = deps;
  /** Makes the account (another sign-in of the same person at once finds theirs). */
  const make = async (person: OrganisationPerson, role: Role): Promise<UserRow | undefined> =>
    db.transaction(async (tx) => {
      const slug = await freeSlugFor(tx, person.name);
      const [row] = await tx
        .insert(users)
        .values({ name: person.name, email: person.email, role, slug, passwordHash: null })
        .onConflictDoNothing({ target: users.email })
        .returning(userColumns);
      return row;
    });

  return {
    /**
     * The person signed in (`created` when their account was made now), or `refused` when no
     * account has their address and the site does not take their domain.
     */
    async signInFromOrganisation(
      person: OrganisationPerson,
      client?: SessionClient,
    ): Promise<{ info: UserInfo; created: boolean } | { refused: true }> {
      const email = person.email.toLowerCase();
      const known = await findUserWithHashByEmail(db, email);
      if (known) {
        const { passwordHash: _hash, ...row } = known;
        return { info: await userInfo(deps, row, client), created: false };
      }
      if (!person.newAccountRole) return { refused: true };
      const made =
        (await make({ ...person, email }, person.newAccountRole)) ??
        (await findUserWithHashByEmail(db, email));
      if (!made) return { refused: true };
      const { passwordHash: _hash, ...row } = made as UserRow & { passwordHash?: unknown };
      return { info: await userInfo(deps, row, client), created: true };
    },
  };
}
