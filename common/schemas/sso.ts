/*
 * Single sign-on through the newsroom's own accounts (issue 40 item 4, docs/decisions/052d):
 * OpenID Connect with an issuer the administrator names (Google Workspace, Microsoft Entra,
 * Keycloak...). The client secret is write-only: the settings answer whether one is kept, never
 * the secret, which is sealed at rest with SECRETS_KEY.
 */
import { z } from 'zod';
import { says } from '../refusals/schema-refusals';

/** The roles a person first seen through single sign-on may get: never administrator. */
export const SSO_ROLES = ['reader', 'author', 'editor'] as const;

/** An e-mail domain as it follows the @: lower-case labels and dots. */
const DOMAIN_PATTERN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export const OidcSettingsSchema = z.object({
  /** The issuer's address (its discovery document is under it); empty: single sign-on is off. */
  issuer: z
    .string()
    .trim()
    .max(500)
    .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), says('settings.http_address')),
  clientId: z.string().trim().max(200),
  /** What the sign-in button names: "Sign in with {label}". */
  label: z.string().trim().max(60),
  /**
   * The only domains whose people sign in through the provider (issue 66 item 5): an account
   * at another domain is refused too. Their people get an account with `defaultRole` at their
   * first sign-in. Empty: nobody signs in through the provider.
   */
  allowedDomains: z
    .array(z.string().trim().toLowerCase().regex(DOMAIN_PATTERN, says('settings.oidc_domain')))
    .max(20),
  defaultRole: z.enum(SSO_ROLES),
  /**
   * Whether the provider's sign-in stands for Patrika's own second factor (issue 66 item 5).
   * Off (the default): a person with a second factor here is asked for it after the provider,
   * as after a password.
   */
  trustProviderSecondFactor: z.boolean(),
  /** Whether a client secret is kept (set by the server when one is given). */
  clientSecretSet: z.boolean(),
});
export type OidcSettings = z.infer<typeof OidcSettingsSchema>;

/** What a settings change may say of single sign-on: the secret is given here, never read. */
export const OidcSettingsUpdateSchema = OidcSettingsSchema.omit({ clientSecretSet: true })
  .extend({ clientSecret: z.string().trim().max(500) })
  .partial();
export type OidcSettingsUpdate = z.infer<typeof OidcSettingsUpdateSchema>;

export const DEFAULT_OIDC: OidcSettings = {
  issuer: '',
  clientId: '',
  label: '',
  allowedDomains: [],
  defaultRole: 'reader',
  trustProviderSecondFactor: false,
  clientSecretSet: false,
};

/** Whether the settings name an issuer that can be used. */
export const ssoOn = (oidc: OidcSettings) =>
  oidc.issuer !== '' && oidc.clientId !== '' && oidc.clientSecretSet;

/** Where the sign-in page's button goes (a browser's navigation, not an API call). */
export const SSO_START_PATH = '/auth/oidc/start';
export const SSO_CALLBACK_PATH = '/auth/oidc/callback';
/**
 * Why a sign-in through the organisation came back to the sign-in page (`/login?sso=…`): the
 * last part of its refusal code (`sso.domain`…), said in the page's language.
 */
export const SSO_OUTCOMES = [
  'domain',
  'unverified',
  'address',
  'failed',
  'unreachable',
  'off',
] as const;

/**
 * `/login?sso=second-step`: the provider signed the person in, and their own second factor
 * must follow (issue 66 item 5). The step token rides in this cookie, for the sign-in page's
 * loader only (HttpOnly, path /login, as long as the token lasts).
 */
export const SSO_STEP_OUTCOME = 'second-step';
export const SSO_STEP_COOKIE = 'patrika_oidc_step';
