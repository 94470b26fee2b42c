/*
 * Signing in through the newsroom's own accounts (issue 40 item 4, docs/decisions/052d and
 * 052e): the sso module proved who the person is (an e-mail address their organisation
 * verified, of a domain the site takes); this signs that person in, or makes their account
 * first. An account made here has no password: it signs in through its organisation (or a
 * reset link). A person with a second factor here takes it next, as after a password, unless
 * the site trusts the provider's own (issue 66 item 5).
 */
import type { Role } from '../../../common/roles';
import type { TwoFactorChallenge } from '../../../common/schemas/second-factors';
import type { UserInfo } from '../../../common/schemas/users';
import { users } from '../../../db/schema/users';
import {
  emailTakenIgnoringCase,
  findUserWithHashByEmail,
  freeSlugFor,
  userColumns,
  type UserRow,
} from './users-repository';
import { userInfo } from './user-sessions';
import type { SessionClient, UsersDeps } from './users-deps';

/** Who the organisation says signed in, and what a new account of theirs would be. */
export interface OrganisationPerson {
  /** As the provider gave it, its domain lower-cased: matched exactly. */
  email: string;
  name: string;
  /** A new account's role, when the site takes this person's domain; undefined: it does not. */
  newAccountRole: Role | undefined;
  /** The provider's sign-in stands for the person's second factor here (a site setting). */
  trustSecondFactor?: boolean;
}

/** What a sign-in through the organisation comes to. */
export type OrganisationSignInAnswer =
  | { info: UserInfo; created: boolean }
  | TwoFactorChallenge
  /** `domain`: no account and the domain is not taken; `address`: only capitals differ. */
  | { refused: 'domain' | 'address' };

/** The second step a person with a second factor must take (two-step-sign-in.ts). */
type ChallengeFor = (row: UserRow) => Promise<TwoFactorChallenge | undefined>;

export function organisationSignIn(
  deps: Pick<UsersDeps, 'db' | 'tokens' | 'clock' | 'consents'>,
  challengeFor: ChallengeFor = async () => undefined,
) {
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
     * The person signed in (`created` when their account was made now), the second step they
     * must take, or `refused`. The address is matched exactly: `Asha@x.org` is not the
     * account `asha@x.org` (a provider where case tells people apart must not reach another's
     * account), and no second account differing only in capitals is made.
     */
    async signInFromOrganisation(
      person: OrganisationPerson,
      client?: SessionClient,
    ): Promise<OrganisationSignInAnswer> {
      const { email } = person;
      let row: UserRow | undefined;
      let created = false;
      const known = await findUserWithHashByEmail(db, email);
      if (known) {
        const { passwordHash: _hash, ...rest } = known;
        row = rest;
      } else {
        if (await emailTakenIgnoringCase(db, email)) return { refused: 'address' };
        if (!person.newAccountRole) return { refused: 'domain' };
        row = await make(person, person.newAccountRole);
        created = row !== undefined;
        if (!row) {
          const found = await findUserWithHashByEmail(db, email);
          if (!found) return { refused: 'domain' };
          const { passwordHash: _hash, ...rest } = found;
          row = rest;
        }
      }
      if (!person.trustSecondFactor) {
        const challenge = await challengeFor(row);
        if (challenge) return challenge;
      }
      return { info: await userInfo(deps, row, client), created };
    },
  };
}
