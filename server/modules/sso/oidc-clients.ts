/*
 * The OpenID Connect client (issue 40 item 4, docs/decisions/052d), through `openid-client`
 * (panva's certified relying party): an issuer's discovery with the site's client, kept per
 * issuer, client and secret so that a sign-in does not fetch the discovery document again.
 * Every call the server makes for it (discovery, token, keys, user info) goes through one
 * fetch that refuses private and local addresses unless OIDC_ALLOW_PRIVATE says otherwise (an
 * intranet's Keycloak, the tests' provider); plain http is taken only on loopback, and only then.
 */
import { createHash } from 'node:crypto';
import * as client from 'openid-client';
import type { OidcSettings } from '../../../common/schemas/sso';
import { fieldError } from '../../lib/errors';
import { hostOf, privateHostOf } from '../../lib/public-address';

/** An outgoing call the settings do not allow (a private or local address). */
export class PrivateIssuerError extends Error {
  readonly code = 'EPRIVATEADDRESS';
}

/**
 * Whether `error` is, or was caused by, our refusal of a private address: openid-client wraps
 * what its fetch throws in its own error (`cause`), so an https issuer on an inside address was
 * answered `oidc_unreachable` (issue 66 item 12).
 */
function refusedAsPrivate(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e instanceof PrivateIssuerError) return true;
  return false;
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

/** How long a call to the issuer may take, in seconds. */
const TIMEOUT_SECONDS = 10;

export function createOidcClients(options: { allowPrivate: boolean }) {
  const { allowPrivate } = options;
  const kept = new Map<string, Promise<client.Configuration>>();

  const guardedFetch: client.CustomFetch = async (url, init) => {
    if (!allowPrivate) {
      const inside = await privateHostOf(new URL(url));
      if (inside) throw new PrivateIssuerError(`refused: ${inside.host} is not a public address`);
    }
    return fetch(url, init as RequestInit);
  };

  const discover = (oidc: OidcSettings, secret: string): Promise<client.Configuration> => {
    const issuer = new URL(oidc.issuer);
    const insecure = issuer.protocol === 'http:';
    if (insecure && !(allowPrivate && LOOPBACK.test(hostOf(issuer))))
      return Promise.reject(new PrivateIssuerError('plain http is taken on loopback only'));
    return client.discovery(issuer, oidc.clientId, undefined, client.ClientSecretPost(secret), {
      [client.customFetch]: guardedFetch,
      timeout: TIMEOUT_SECONDS,
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    });
  };

  /** The issuer's configuration for this client, discovered once (again after a failure). */
  const configFor = (oidc: OidcSettings, secret: string): Promise<client.Configuration> => {
    const secretHash = createHash('sha256').update(secret).digest('base64url');
    const key = `${oidc.issuer}\n${oidc.clientId}\n${secretHash}`;
    let found = kept.get(key);
    if (!found) {
      found = discover(oidc, secret);
      kept.set(key, found);
      found.catch(() => kept.delete(key));
    }
    return found;
  };

  return {
    configFor,

    /** A settings change's check: the issuer is discovered with this client, or refused. */
    async check(oidc: OidcSettings, secret: string): Promise<void> {
      try {
        await configFor(oidc, secret);
      } catch (error) {
        if (refusedAsPrivate(error)) throw fieldError('body.oidc.issuer', 'settings.oidc_private');
        throw fieldError('body.oidc.issuer', 'settings.oidc_unreachable');
      }
    },
  };
}
export type OidcClients = ReturnType<typeof createOidcClients>;
