/*
 * Single sign-on's two steps (issue 40 item 4, docs/decisions/052d). `start` sends the browser
 * to the issuer with PKCE (S256), a `state` and a `nonce`, which ride in a short-lived cookie
 * sealed with SECRETS_KEY (no process keeps them: any process can take the way back).
 * `finish` takes the way back: the code is exchanged with the verifier, the ID token's nonce
 * and the state are checked by `openid-client`, and the person is the e-mail address their
 * organisation verified, its domain lower-cased and nothing else changed. Only the domains the
 * site takes sign in (issue 66 item 5): their people are signed in, or made with the default
 * role; a person with a second factor here takes it next unless the site trusts the provider's.
 */
import { randomBytes } from 'node:crypto';
import * as client from 'openid-client';
import { safeRedirect } from '../../../common/safe-redirect';
import {
  ssoOn,
  SSO_CALLBACK_PATH,
  type SSO_OUTCOMES,
  type OidcSettings,
} from '../../../common/schemas/sso';
import type { TwoFactorChallenge } from '../../../common/schemas/second-factors';
import type { UserInfo } from '../../../common/schemas/users';
import type { SecretBox } from '../../lib/secret-box';
import type { Clock } from '../../lib/clock';
import type { OrganisationPerson, OrganisationSignInAnswer } from '../users/organisation-sign-in';
import { PrivateIssuerError, type OidcClients } from './oidc-clients';

/** How long a sign-in may stay at the issuer before its way back is refused. */
export const SSO_FLOW_MINUTES = 10;

/** Why a sign-in through the organisation did not sign anyone in (`/login?sso=…`). */
export type SsoRefusal = (typeof SSO_OUTCOMES)[number];

export class SsoRefused extends Error {
  constructor(
    readonly reason: SsoRefusal,
    /** The address the organisation named, when it named one. */
    readonly email = '',
  ) {
    super(`single sign-on refused: ${reason}`);
  }
}

/** What the flow's cookie carries (sealed). */
interface Flow {
  state: string;
  nonce: string;
  verifier: string;
  next: string;
  /** When the flow started (ms). */
  at: number;
}

export interface SsoDeps {
  clock: Clock;
  publicUrl: string;
  box: SecretBox | undefined;
  clients: OidcClients;
  settings: { get(): Promise<{ oidc: OidcSettings }>; oidcSecret(): Promise<string | undefined> };
  users: {
    signInFromOrganisation(
      person: OrganisationPerson,
      client?: { userAgent?: string },
    ): Promise<OrganisationSignInAnswer>;
  };
}

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
/**
 * The address as matched: the domain lower-cased (domains have no case, RFC 4343), the local
 * part exactly as the provider gave it (RFC 5321 §2.4 leaves its case to the mailbox's owner).
 */
export const organisationAddress = (email: string) =>
  `${email.slice(0, email.lastIndexOf('@'))}@${domainOf(email)}`;
const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/** The person the tokens name: the ID token's claims, else the user info endpoint's. */
async function personOf(
  config: client.Configuration,
  tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>,
): Promise<{ email: string; name: string }> {
  const claims = tokens.claims();
  if (!claims) throw new SsoRefused('failed');
  let found: Record<string, unknown> = claims;
  if (!text(claims.email))
    found = { ...(await client.fetchUserInfo(config, tokens.access_token, claims.sub)) };
  const given = text(found.email);
  if (!given.includes('@')) throw new SsoRefused('unverified');
  const email = organisationAddress(given);
  if (found.email_verified !== true) throw new SsoRefused('unverified', email);
  const name = text(found.name) || text(claims.name) || email.slice(0, email.indexOf('@'));
  return { email, name: name.slice(0, 100) };
}

export function createSso(deps: SsoDeps) {
  const { clock, clients } = deps;
  const redirectUri = new URL(SSO_CALLBACK_PATH, deps.publicUrl).toString();

  /** The settings and the client's configuration, or why single sign-on cannot run now. */
  const configured = async () => {
    const { oidc } = await deps.settings.get();
    const secret = ssoOn(oidc) ? await deps.settings.oidcSecret() : undefined;
    const box = deps.box;
    if (!secret || !box) throw new SsoRefused('off');
    // An issuer away, or one the settings do not let this server call, alike.
    const config = await clients.configFor(oidc, secret).catch(() => {
      throw new SsoRefused('unreachable');
    });
    return { oidc, config, box };
  };

  return {
    /** Where to send the browser, and the sealed flow for its cookie. */
    async start(next: string | undefined): Promise<{ url: string; cookie: string }> {
      const { config, box } = await configured();
      const verifier = client.randomPKCECodeVerifier();
      const flow: Flow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        verifier,
        next: safeRedirect(next, ''),
        at: clock.now().getTime(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      // Padding makes every sealed flow one length, whatever `next` is.
      const sealed = box.seal(JSON.stringify({ ...flow, pad: randomBytes(8).toString('hex') }));
      return { url: url.toString(), cookie: sealed };
    },

    /** The way back from the issuer: the person signed in, with where to go next. */
    async finish(
      callbackUrl: URL,
      sealedFlow: string | undefined,
      userAgent: string,
    ): Promise<({ info: UserInfo; created: boolean } | TwoFactorChallenge) & { next: string }> {
      const { oidc, config, box } = await configured();
      const opened = sealedFlow ? box.open(sealedFlow) : undefined;
      const flow = opened ? (JSON.parse(opened) as Flow) : undefined;
      if (!flow || clock.now().getTime() - flow.at > SSO_FLOW_MINUTES * 60_000)
        throw new SsoRefused('failed');
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: flow.verifier,
          expectedState: flow.state,
          expectedNonce: flow.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        if (error instanceof PrivateIssuerError) throw new SsoRefused('unreachable');
        throw new SsoRefused('failed');
      }
      const person = await personOf(config, tokens).catch((error: unknown) => {
        throw error instanceof SsoRefused ? error : new SsoRefused('failed');
      });
      // The domains apply to every sign-in, not only to a new account's (issue 66 item 5): a
      // person who left the organisation's listed domains keeps no way in through it.
      if (!oidc.allowedDomains.includes(domainOf(person.email)))
        throw new SsoRefused('domain', person.email);
      const signed = await deps.users.signInFromOrganisation(
        {
          ...person,
          newAccountRole: oidc.defaultRole,
          trustSecondFactor: oidc.trustProviderSecondFactor,
        },
        { userAgent },
      );
      if ('refused' in signed) throw new SsoRefused(signed.refused, person.email);
      return { ...signed, next: flow.next };
    },
  };
}
export type SsoService = ReturnType<typeof createSso>;
