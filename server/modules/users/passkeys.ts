/*
 * Passkeys (WebAuthn; issue 40 item 2, docs/decisions/052c) through @simplewebauthn/server:
 * adding one (options, then the browser's answer), the list, removing one, and checking a
 * sign-in's answer, alone (a discoverable passkey) or as the second step after a password.
 * Every challenge is kept in the database (any process checks its answer), used once, for
 * CHALLENGE_SECONDS.
 */
import { randomBytes } from 'node:crypto';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { AddPasskeyInput, Passkey } from '../../../common/schemas/passkeys';
import { requireRole, type Actor } from '../../lib/actor';
import { badRequest, conflict, notFound, unauthorized } from '../../lib/errors';
import type { UsersDeps, WebAuthnDeps } from './users-deps';

/** The library, loaded at the first passkey asked for (about 10 MB a process never using one). */
const webauthnLibrary = () => import('@simplewebauthn/server');
import {
  deletePasskey,
  findPasskeyByCredential,
  insertPasskey,
  keepChallenge,
  listPasskeys,
  passkeyUsed,
  useChallenge,
  type ChallengePurpose,
  type PasskeyRow,
} from './passkeys-repository';

/** How long a challenge waits for the browser's answer (a person choosing a passkey). */
export const CHALLENGE_SECONDS = 5 * 60;

/** Without PUBLIC_URL's relying party (a tool, a test): the server's default address. */
const LOCALHOST: WebAuthnDeps = {
  origin: 'http://localhost:3000',
  rpId: 'localhost',
  rpName: async () => 'Patrika',
};

const toPasskey = (row: PasskeyRow): Passkey => ({
  _id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** The user handle a passkey carries: the account's id, as bytes (no e-mail, no name). */
const userHandle = (userId: string) => new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));

/** Challenges kept in the database: given for a purpose (and person), used once. */
function challenges({ db, clock }: Pick<UsersDeps, 'db' | 'clock'>) {
  return {
    async keep(challenge: string, purpose: ChallengePurpose, userId: string | null) {
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + CHALLENGE_SECONDS * 1000);
      await keepChallenge(db, { challenge, purpose, userId, expiresAt }, now);
    },
    /** Whether the answer's challenge was kept for this purpose and person; used either way. */
    check: (purpose: ChallengePurpose, userId: string | null) => (challenge: string) =>
      useChallenge(db, challenge, purpose, userId, clock.now()),
  };
}

/** The signed-in person's own passkeys: options, adding, the list, removing. */
export function passkeyRegistration({ db, clock, webauthn = LOCALHOST }: UsersDeps) {
  const { origin, rpId } = webauthn;
  const challenge = challenges({ db, clock });
  return {
    async passkeysOf(userId: string): Promise<Passkey[]> {
      return (await listPasskeys(db, userId)).map(toPasskey);
    },

    async myPasskeys(actor: Actor | null): Promise<Passkey[]> {
      const a = requireRole(actor, 'reader');
      return (await listPasskeys(db, a.id)).map(toPasskey);
    },

    /** Options for the browser to make a new passkey (resident, verified) for the person. */
    async passkeyOptions(actor: Actor | null) {
      const a = requireRole(actor, 'reader');
      const existing = await listPasskeys(db, a.id);
      const options = await (
        await webauthnLibrary()
      ).generateRegistrationOptions({
        rpName: await webauthn.rpName(),
        rpID: rpId,
        userName: a.email,
        userDisplayName: a.name,
        userID: userHandle(a.id),
        attestationType: 'none',
        excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
        authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      });
      await challenge.keep(options.challenge, 'register', a.id);
      return options;
    },

    /** Keeps the passkey the browser made for the options it was given. */
    async addPasskey(actor: Actor | null, input: AddPasskeyInput): Promise<Passkey> {
      const a = requireRole(actor, 'reader');
      const verified = await (
        await webauthnLibrary()
      )
        .verifyRegistrationResponse({
          response: input.response as unknown as RegistrationResponseJSON,
          expectedChallenge: challenge.check('register', a.id),
          expectedOrigin: origin,
          expectedRPID: rpId,
          requireUserVerification: true,
        })
        .catch(() => undefined);
      if (!verified?.verified) throw badRequest('passkey.refused');
      const { credential, credentialBackedUp } = verified.registrationInfo;
      const row = await insertPasskey(db, {
        userId: a.id,
        name: input.name,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: credential.transports ?? [],
        backedUp: credentialBackedUp,
      });
      if (!row) throw conflict('passkey.already_added');
      return toPasskey(row);
    },

    /** Removes one of the person's passkeys; answers its name. */
    async removePasskey(actor: Actor | null, id: string): Promise<string> {
      const a = requireRole(actor, 'reader');
      const name = await deletePasskey(db, a.id, id);
      if (name === undefined) throw notFound('passkey.not_found');
      return name;
    },
  };
}

/** Signing in with a passkey: alone, or as the second step of a password's sign-in. */
export function passkeySignIns({ db, clock, webauthn = LOCALHOST }: UsersDeps) {
  const { origin, rpId } = webauthn;
  const challenge = challenges({ db, clock });

  /** The passkey a sign-in's answer signed with (the person's own when `userId`), or a 401. */
  const checkAnswer = async (
    response: AuthenticationResponseJSON,
    purpose: ChallengePurpose,
    userId: string | null,
  ) => {
    const row = await findPasskeyByCredential(db, response.id);
    if (!row || (userId !== null && row.userId !== userId))
      throw unauthorized('auth.passkey_refused');
    const verified = await (
      await webauthnLibrary()
    )
      .verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge.check(purpose, userId),
        expectedOrigin: origin,
        expectedRPID: rpId,
        credential: {
          id: row.credentialId,
          publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
          counter: row.counter,
          transports: row.transports,
        },
        requireUserVerification: purpose === 'signin',
      })
      .catch(() => undefined);
    if (!verified?.verified) throw unauthorized('auth.passkey_refused');
    await passkeyUsed(db, row.id, verified.authenticationInfo.newCounter, clock.now());
    return row;
  };

  return {
    /**
     * A sign-in's options: for anyone's discoverable passkey, or (`userId`, the second step)
     * for that person's passkeys only.
     */
    async signInOptions(userId: string | null) {
      const mine = userId === null ? [] : await listPasskeys(db, userId);
      const options = await (
        await webauthnLibrary()
      ).generateAuthenticationOptions({
        rpID: rpId,
        userVerification: userId === null ? 'required' : 'preferred',
        allowCredentials: mine.map((p) => ({ id: p.credentialId, transports: p.transports })),
        challenge: randomBytes(32),
      });
      await challenge.keep(options.challenge, userId === null ? 'signin' : 'second-step', userId);
      return options;
    },

    /** Whose passkey signed a sign-in's answer (a passkey alone), or a 401. */
    async passkeySignIn(response: AuthenticationResponseJSON): Promise<string> {
      return (await checkAnswer(response, 'signin', null)).userId;
    },

    /** Whether the person's own passkey signed the second step's answer; a 401 if not. */
    async passkeySecondStep(userId: string, response: AuthenticationResponseJSON) {
      await checkAnswer(response, 'second-step', userId);
    },
  };
}
