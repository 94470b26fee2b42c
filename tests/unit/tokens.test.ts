import { describe, expect, it } from 'vitest';
import { createTokens } from '../../server/lib/tokens';

const secret = new TextEncoder().encode('a test signing key of thirty-two characters or more');
const at = (iso: string) => ({ now: () => new Date(iso) });

describe('session tokens', () => {
  const tokens = createTokens(secret, at('2026-11-01T10:00:00Z'));

  it('verifies what it signed, and nothing else', async () => {
    const token = await tokens.sign({ sub: 'user-1', tv: 3, sid: 'session-1' });
    expect(await tokens.verify(token)).toEqual({
      sub: 'user-1',
      tv: 3,
      sid: 'session-1',
      expiresAt: new Date('2026-11-08T10:00:00Z'),
    });
    const [header, payload, signature] = token.split('.') as [string, string, string];
    const flipped = `${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    // A token of the right shape with a wrong signature, someone else's key, or a payload
    // changed after signing; then things that are not a token at all.
    const other = await createTokens(
      new TextEncoder().encode('another signing key of thirty-two characters'),
      at('2026-11-01T10:00:00Z'),
    ).sign({ sub: 'user-1', tv: 3 });
    const forged = Buffer.from(JSON.stringify({ sub: 'admin', tv: 3 })).toString('base64url');
    for (const bad of [
      `${header}.${payload}.${flipped}`,
      other,
      `${header}.${forged}.${signature}`,
      'bench-skips-the-page-cache',
      'a.b.c',
      `${token} `,
      `${token}.`,
      '',
    ])
      expect(await tokens.verify(bad)).toBeUndefined();
  });

  it('refuses a token once it has expired', async () => {
    const token = await tokens.sign({ sub: 'user-1', tv: 0 });
    const later = createTokens(secret, at('2026-11-08T10:00:01Z'));
    expect(await later.verify(token)).toBeUndefined();
  });
});
