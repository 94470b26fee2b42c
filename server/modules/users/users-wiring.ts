/*
 * What the users module's second factors and passkeys are given (server/services.ts, once):
 * the box that seals their secrets, the step token's key, and the names an app shows.
 */
import type { Config } from '../../env';
import { createSecretBox, loadSecretsKey } from '../../lib/secret-box';
import type { SecondFactorDeps, WebAuthnDeps } from './users-deps';

/** The settings as these read them: the site's short name (made after the users). */
type SiteNames = { get(): Promise<{ shortName: string }> };

/**
 * Second factors (docs/decisions/052b): secrets sealed with SECRETS_KEY (or DATA_DIR's key file
 * on the embedded engine); the step token signed with the session key; the issuer an app shows
 * is the site's short name, read when asked (the settings are made after the users).
 */
function secondFactorsOf(
  config: Parameters<typeof loadSecretsKey>[0],
  secret: Uint8Array,
  settings: () => SiteNames,
): SecondFactorDeps {
  const key = loadSecretsKey(config);
  return {
    box: key ? createSecretBox(key) : undefined,
    stepKey: secret,
    issuer: async () => (await settings().get()).shortName,
  };
}

/** Passkeys' relying party: PUBLIC_URL's origin and host name (issue 40 item 2). */
function webauthnOf(config: Pick<Config, 'publicUrl'>, settings: () => SiteNames): WebAuthnDeps {
  const url = new URL(config.publicUrl);
  return {
    origin: url.origin,
    rpId: url.hostname,
    rpName: async () => (await settings().get()).shortName,
  };
}

/** What the users module's second factors and passkeys need (the settings come later). */
export const securityOf = (
  config: Pick<Config, 'publicUrl'> & Parameters<typeof loadSecretsKey>[0],
  secret: Uint8Array,
  settings: () => SiteNames,
) => ({
  secondFactors: secondFactorsOf(config, secret, settings),
  webauthn: webauthnOf(config, settings),
});
