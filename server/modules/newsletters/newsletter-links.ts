/*
 * The links a newsletter mail carries (issue 37 item 3): the preferences page and the one-click
 * unsubscribe address (RFC 8058) name the subscriber with an HMAC of their id, so no token is
 * stored and none can be guessed; a confirmation link is a random token kept as its SHA-256.
 * Both are lower-case hex: addresses are made canonical in lower case (canonical-address.ts).
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** The link to the preferences page, placed in the mail's tree so both renderings carry it. */
export const MANAGE_PLACEHOLDER = '__PATRIKA_MANAGE_URL__';

export const manageToken = (key: string, subscriberId: string) =>
  `${subscriberId}.${createHmac('sha256', key).update(subscriberId).digest('hex')}`;

/**
 * Whether `token` has a preferences token's form: a subscriber's id, a dot, a signature (64 hex
 * digits), and nothing after it: a trailing part is refused, not ignored (issue 66 item 12).
 */
export const isManageToken = (token: string) => /^[0-9a-f-]{36}\.[0-9a-f]{64}$/.test(token);

/** The subscriber a preferences token names, if its signature holds under one of `keys`. */
export function subscriberOfToken(keys: readonly string[], token: string): string | undefined {
  if (!isManageToken(token)) return undefined;
  const [id, signature] = token.split('.') as [string, string];
  const given = Buffer.from(signature);
  return keys.some((key) => {
    const expected = Buffer.from(manageToken(key, id).split('.')[1]!);
    return expected.length === given.length && timingSafeEqual(expected, given);
  })
    ? id
    : undefined;
}

/** The name this site's key for preferences links is kept under in app_secrets. */
export const LINK_KEY = 'newsletter-links';
/**
 * Keys of the sites this one was moved from (the site archive carries them), kept under this
 * prefix: the links in issues mailed from there keep working here.
 */
export const EARLIER_LINK_KEY = 'newsletter-links:earlier:';

/** A new key for preferences links (kept in app_secrets on first start): 64 characters. */
export const newLinkKey = () => randomBytes(48).toString('base64url');

/** What may pass for such a key, carried from another site: a string of 32 characters or more. */
export const isLinkKey = (key: unknown): key is string =>
  typeof key === 'string' && key.length >= 32;

export const newConfirmToken = () => randomBytes(32).toString('hex');
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

export const managePath = (token: string) => `/newsletters/manage/${token}`;
export const confirmPath = (token: string) => `/newsletters/confirm/${token}`;
