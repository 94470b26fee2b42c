/*
 * The passkey calls the integration tests make (tests/integration/api/passkeys and
 * passkey-sign-in), on one app, each from an address of its own.
 */
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { auth, someAddress, type TestUser } from '../factories';
import type { softPasskey } from './soft-authenticator';

export type SoftPasskey = ReturnType<typeof softPasskey>;

export function passkeyCalls(app: () => FastifyInstance) {
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    who?: string,
    payload?: object,
  ) =>
    app().inject({
      method,
      url,
      ...(who ? { headers: auth(who) } : {}),
      ...(payload ? { payload } : {}),
      remoteAddress: someAddress(),
    });

  /** Adds `key` to `user`'s account under `name`; answers the call's answer. */
  async function add(user: TestUser, key: SoftPasskey, name = 'Phone') {
    const options = await call('POST', '/api/me/passkeys/options', user.token, {
      password: user.password,
    });
    expect(options.statusCode, options.body).toBe(200);
    return call('POST', '/api/me/passkeys', user.token, {
      name,
      response: key.register(options.json()),
    });
  }
  const signInOptions = async (token?: string) => {
    const res = await call(
      'POST',
      '/api/users/signin/passkey/options',
      undefined,
      token ? { token } : {},
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { challenge: string; allowCredentials?: { id: string }[] };
  };
  const signInWith = async (key: SoftPasskey) =>
    call('POST', '/api/users/signin/passkey', undefined, {
      response: key.answer(await signInOptions()),
    });
  const password = (user: TestUser) =>
    call('POST', '/api/users/signin', undefined, { email: user.email, password: user.password });

  /** The audit entries of `action` whose actor is `actorId`, waited for (recorded after). */
  const auditOf = async (adminToken: string, action: string, actorId: string) => {
    for (let i = 0; i < 50; i++) {
      const res = await call('GET', `/api/audit?action=${action}&limit=200`, adminToken);
      const found = (
        res.json().entries as {
          actor: { _id: string } | null;
          details: Record<string, unknown>;
        }[]
      ).filter((e) => e.actor?._id === actorId);
      if (found.length > 0) return found;
      await new Promise((r) => setTimeout(r, 100));
    }
    return [];
  };
  return { call, add, signInOptions, signInWith, password, auditOf };
}
