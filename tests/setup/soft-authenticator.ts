/*
 * A software passkey for the integration tests (issue 40 item 2): what a platform authenticator
 * and its browser answer to WebAuthn options, with "none" attestation and an ES256 key, so the
 * server's checks (@simplewebauthn/server) run on real signatures without a browser. The
 * encoding is the library's own CBOR; the journeys use Chromium's virtual authenticator instead.
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest();
const b64u = (data: Uint8Array) => Buffer.from(data).toString('base64url');
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
/** User present and verified (WebAuthn §6.1 flags). */
const PRESENT_AND_VERIFIED = 0x01 | 0x04;
const ATTESTED = 0x40;

type Cbor = Parameters<typeof isoCBOR.encode>[0];

/** One passkey on a software authenticator, for the site at `origin`. */
export function softPasskey(origin: string) {
  const rpIdHash = sha256(Buffer.from(new URL(origin).hostname));
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(16);
  let counter = 0;
  let userHandle = '';
  const clientData = (type: string, challenge: string, from: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin: from, crossOrigin: false }));
  const coseKey = () =>
    isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x ?? '', 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y ?? '', 'base64url'))],
      ]) as Cbor,
    );

  return {
    id: b64u(credentialId),

    /** The answer to registration options (`navigator.credentials.create`). */
    register(
      options: { challenge: string; user: { id: string } },
      from = origin,
    ): RegistrationResponseJSON {
      userHandle = options.user.id;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        rpIdHash,
        Buffer.from([PRESENT_AND_VERIFIED | ATTESTED]),
        u32(counter),
        Buffer.alloc(16),
        idLength,
        credentialId,
        coseKey(),
      ]);
      const attestation = new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]);
      return {
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64u(clientData('webauthn.create', options.challenge, from)),
          attestationObject: b64u(isoCBOR.encode(attestation as Cbor)),
          transports: ['internal'],
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },

    /** The answer to sign-in options (`navigator.credentials.get`), signed with the key. */
    answer(options: { challenge: string }, from = origin): AuthenticationResponseJSON {
      counter += 1;
      const authData = Buffer.concat([rpIdHash, Buffer.from([PRESENT_AND_VERIFIED]), u32(counter)]);
      const data = clientData('webauthn.get', options.challenge, from);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return {
        id: b64u(credentialId),
        rawId: b64u(credentialId),
        type: 'public-key',
        response: {
          clientDataJSON: b64u(data),
          authenticatorData: b64u(authData),
          signature: b64u(signature),
          userHandle,
        },
        clientExtensionResults: {},
        authenticatorAttachment: 'platform',
      };
    },
  };
}
