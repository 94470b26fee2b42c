/*
 * The browser's side of passkeys (issue 40 item 2) through @simplewebauthn/browser: the
 * server's options go to `navigator.credentials` and its answer back to the server.
 */
import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { PASSKEYS_PATH } from '../../../common/paths';
import type { Passkey } from '../../../common/schemas/passkeys';
import type { ReauthInput } from '../../../common/schemas/second-factors';
import type { UserInfo } from '../../../common/schemas/users';
import { api } from '../api/client';

export const passkeysSupported = () => browserSupportsWebAuthn();

/**
 * Makes a passkey on this device and adds it to the signed-in person's account, given the
 * proof adding one asks for (the password or a code: issue 66 item 4).
 */
export async function addPasskey(name: string, proof: ReauthInput): Promise<Passkey> {
  const optionsJSON = await api<PublicKeyCredentialCreationOptionsJSON>(
    `${PASSKEYS_PATH}/options`,
    { method: 'POST', body: proof },
  );
  const response = await startRegistration({ optionsJSON });
  return api<Passkey>(PASSKEYS_PATH, { method: 'POST', body: { name, response } });
}

/** The passkey's answer to a sign-in's options: alone, or for the second step's `token`. */
async function signInAnswer(token?: string) {
  const optionsJSON = await api<PublicKeyCredentialRequestOptionsJSON>(
    '/api/users/signin/passkey/options',
    { method: 'POST', body: token ? { token } : {} },
  );
  return startAuthentication({ optionsJSON });
}

/** Signs in with a passkey alone. */
export async function signInWithPasskey(): Promise<UserInfo> {
  const response = await signInAnswer();
  return api<UserInfo>('/api/users/signin/passkey', { method: 'POST', body: { response } });
}

/** Completes a password's sign-in with the person's passkey. */
export async function passkeySecondStep(token: string): Promise<UserInfo> {
  const response = await signInAnswer(token);
  return api<UserInfo>('/api/users/signin/2fa', { method: 'POST', body: { token, response } });
}
