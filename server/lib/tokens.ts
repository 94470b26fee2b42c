import { randomBytes } from 'node:crypto';
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
}

/**
 * The signing key: JWT_SECRET when given, else one generated once and kept in the database,
 * so every process on it signs and verifies alike.
 */
export async function loadJwtSecret(db: Db, configured: string | undefined): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(appSecrets)
    .values({ name: 'jwt', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db
    .select({ value: appSecrets.value })
    .from(appSecrets)
    .where(eq(appSecrets.name, 'jwt'));
  if (!row) throw new Error('could not load the token signing key');
  return new TextEncoder().encode(row.value);
}

export function createTokens(secret: Uint8Array, clock: Clock) {
  return {
    async sign(claims: TokenClaims): Promise<string> {
      const now = Math.floor(clock.now().getTime() / 1000);
      return new SignJWT({ tv: claims.tv })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(claims.sub)
        .setIssuedAt(now)
        .setExpirationTime(now + TOKEN_LIFETIME_SECONDS)
        .sign(secret);
    },
    /** The claims of a valid, unexpired token; undefined for anything else. */
    async verify(token: string): Promise<TokenClaims | undefined> {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return undefined;
        return { sub: payload.sub, tv: payload.tv };
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
/** A preview token says so, so a session token is never a preview link nor the reverse. */
const PREVIEW_AUDIENCE = 'patrika-preview';

/** Signed, expiring links to one article's preview; nothing is stored. */
export function createPreviewTokens(secret: Uint8Array, clock: Clock) {
  return {
    async sign(articleId: string): Promise<{ token: string; expiresAt: Date }> {
      const now = Math.floor(clock.now().getTime() / 1000);
      const exp = now + PREVIEW_LIFETIME_SECONDS;
      const token = await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(articleId)
        .setAudience(PREVIEW_AUDIENCE)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(secret);
      return { token, expiresAt: new Date(exp * 1000) };
    },
    /** The article id of a valid, unexpired preview token; undefined for anything else. */
    async verify(token: string): Promise<string | undefined> {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          audience: PREVIEW_AUDIENCE,
          currentDate: clock.now(),
        });
        return typeof payload.sub === 'string' ? payload.sub : undefined;
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
