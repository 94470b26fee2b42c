/*
 * Gift links' tokens (issue 39 item 5): `<article id>.<expiry, Unix seconds>.<nonce>.<HMAC>`,
 * signed with a key kept in app_secrets, so a page can tell a gift without the database and
 * nobody can make one for another story or a later day. Only the token's hash is stored.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const TOKEN = /^([0-9a-f-]{36})\.(\d{1,12})\.([0-9a-f]{16})\.([0-9a-f]{64})$/;

const macOf = (key: string, id: string, exp: string, nonce: string) =>
  createHmac('sha256', key).update(`patrika-gift:${id}:${exp}:${nonce}`).digest('hex');

export function signGift(key: string, articleId: string, expiresAt: Date): string {
  const exp = String(Math.floor(expiresAt.getTime() / 1000));
  const nonce = randomBytes(8).toString('hex');
  return `${articleId}.${exp}.${nonce}.${macOf(key, articleId, exp, nonce)}`;
}

/** The article a signed, unexpired gift token opens; undefined for anything else. */
export function giftedArticle(key: string, token: string, now: Date): string | undefined {
  const m = TOKEN.exec(token);
  if (!m) return undefined;
  const [, id = '', exp = '', nonce = '', given = ''] = m;
  const expected = Buffer.from(macOf(key, id, exp, nonce), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return undefined;
  return Number(exp) * 1000 > now.getTime() ? id : undefined;
}

export const giftTokenHash = (token: string) =>
  createHash('sha256').update(token).digest('base64url');

/** A new key for gift links (kept in app_secrets on first start). */
export const newGiftKey = () => randomBytes(48).toString('base64url');
