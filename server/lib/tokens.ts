import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { errors, jwtVerify, SignJWT } from 'jose';
import type { Db } from '../../db/client';
import { appSecrets } from '../../db/schema/site';
import type { Clock } from './clock';

export const TOKEN_LIFETIME_SECONDS = 7 * 24 * 3600;

export interface TokenClaims {
  /** User id. */
  sub: string;
  /** The user's token version when it was issued; a password change bumps it. */
  tv: number;
  /**
   * The session it belongs to (a `user_sessions` row, docs/decisions/052), carried as the
   * token's `jti`; left out, a random one (a token no session row honours).
   */
  sid?: string;
}

/** What a verified token says: its claims and when it expires. */
export interface VerifiedToken extends TokenClaims {
  sid: string;
  expiresAt: Date;
}

/**
 * The secret named `name`: made by `make` on first start and kept in the database, so every
 * process on it (and every later start) has the same one. Processes starting together agree:
 * the first insert wins and all read it back.
 */
export async function keptSecret(db: Db, name: string, make: () => string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, name));
  if (!row) throw new Error(`could not load the kept secret "${name}"`);
  return row.value;
}

/**
 * The signing key: JWT_SECRET when given, else one generated once and kept in the database,
 * so every process on it signs and verifies alike.
 */
export async function loadJwtSecret(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  const kept = await keptSecret(db, 'jwt', () => randomBytes(48).toString('base64url'));
  return new TextEncoder().encode(kept);
}

/**
 * A compact JWS: three base64url parts. Anything else is refused before jose, which answers a
 * malformed token by building an error with its stack (a stale or junk cookie on every page).
 */
const COMPACT_JWS = /^[\w-]+\.[\w-]+\.[\w-]+$/;

export function createTokens(secret: Uint8Array, clock: Clock) {
  return {
    async sign(claims: TokenClaims): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return (
        new SignJWT({ tv: claims.tv })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(claims.sub)
          // One session, one id: two sign-ins in one second still get different tokens.
          .setJti(claims.sid ?? randomUUID())
          .setIssuedAt(now)
          .setExpirationTime(now + TOKEN_LIFETIME_SECONDS)
          .sign(secret)
      );
    },
    /** The claims of a valid, unexpired token; undefined for anything else. */
    async verify(token: string): Promise<VerifiedToken | undefined> {
      if (!COMPACT_JWS.test(token)) return undefined;
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        const { sub, tv, exp, jti } = payload;
        if (
          typeof sub !== 'string' ||
          typeof tv !== 'number' ||
          typeof exp !== 'number' ||
          typeof jti !== 'string'
        )
          return undefined;
        return { sub, tv, sid: jti, expiresAt: new Date(exp * 1000) };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;

/** How long a shared preview link works (DECISIONS.md §11). */
export const PREVIEW_LIFETIME_SECONDS = 7 * 24 * 3600;
const PREVIEW_TOKEN = /^([0-9a-f-]{36})\.(\d{1,12})\.([0-9a-f]{64})$/;

/**
 * Signed, expiring links to one article's preview; nothing is stored. The token is
 * `{article id}.{expiry, seconds}.{HMAC-SHA256, hex}`: lower-case only, because page addresses
 * are lower-cased (common/paths.ts `canonicalPath`), and its MAC names its purpose, so it can
 * never pass for a session token nor the reverse.
 */
export function createPreviewTokens(secret: Uint8Array, clock: Clock) {
  const mac = (id: string, exp: string) =>
    createHmac('sha256', secret).update(`patrika-preview:${id}:${exp}`).digest('hex');
  return {
    sign(articleId: string): { token: string; expiresAt: Date } {
      const exp = String(Math.floor(clock.now().getTime() / 1000) + PREVIEW_LIFETIME_SECONDS);
      return {
        token: `${articleId}.${exp}.${mac(articleId, exp)}`,
        expiresAt: new Date(Number(exp) * 1000),
      };
    },
    /** The article id of a valid, unexpired preview token; undefined for anything else. */
    verify(token: string): string | undefined {
      const m = PREVIEW_TOKEN.exec(token);
      if (!m) return undefined;
      const [, id = '', exp = '', given = ''] = m;
      const expected = Buffer.from(mac(id, exp), 'hex');
      if (!timingSafeEqual(expected, Buffer.from(given, 'hex'))) return undefined;
      return Number(exp) * 1000 > clock.now().getTime() ? id : undefined;
    },
  };
}
