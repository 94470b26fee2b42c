import { randomBytes, randomUUID } from 'node:crypto';
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

/** What a verified token says: its claims and when it expires. */
export interface VerifiedToken extends TokenClaims {
  expiresAt: Date;
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
      return (
        new SignJWT({ tv: claims.tv })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(claims.sub)
          // Two sign-ins in one second would otherwise get the same token, and a sign-out of
          // one device would end the other (a sign-out revokes one token).
          .setJti(randomUUID())
          .setIssuedAt(now)
          .setExpirationTime(now + TOKEN_LIFETIME_SECONDS)
          .sign(secret)
      );
    },
    /** The claims of a valid, unexpired token; undefined for anything else. */
    async verify(token: string): Promise<VerifiedToken | undefined> {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          currentDate: clock.now(),
        });
        const { sub, tv, exp } = payload;
        if (typeof sub !== 'string' || typeof tv !== 'number' || typeof exp !== 'number')
          return undefined;
        return { sub, tv, expiresAt: new Date(exp * 1000) };
      } catch (error) {
        if (error instanceof errors.JOSEError) return undefined;
        throw error;
      }
    },
  };
}
export type Tokens = ReturnType<typeof createTokens>;
