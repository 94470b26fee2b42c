/*
 * Refusals of single sign-on (issue 40 item 4, docs/decisions/052d). The `sso.*` ones are shown
 * on the public sign-in page (every public language); the settings' ones in the back office.
 */
import type { Entry } from './define';

/** The sign-in page's refusals: only `/auth/oidc/*` redirects say them, never an API answer. */
const page = { outsideApi: true } as const;

export const SSO = {
  'sso.off': {
    ...page,
    status: 404,
    en: 'Signing in through an organisation is not set up on this site.',
  },
  'sso.domain': {
    ...page,
    status: 403,
    en: 'This organisation account has no access here: its e-mail domain is not one this site takes. Ask the site’s administrator.',
  },
  'sso.unverified': {
    ...page,
    status: 403,
    en: 'Your organisation did not confirm this e-mail address, so it cannot sign you in here.',
  },
  'sso.address': {
    ...page,
    status: 403,
    en: 'Your organisation gave your e-mail address in another form than the account here has (capital letters differ). Ask the site’s administrator.',
  },
  'sso.failed': {
    ...page,
    status: 400,
    en: 'Signing in through your organisation did not finish. Please try again.',
  },
  'sso.unreachable': {
    ...page,
    status: 502,
    en: 'Your organisation’s sign-in could not be reached. Try again, or sign in with your password.',
  },
  'settings.oidc_domain': { status: 400, en: 'Must be an e-mail domain, such as example.org' },
  'settings.oidc_incomplete': {
    status: 400,
    en: 'Single sign-on needs the issuer, the client id, the client secret and the button’s label.',
  },
  'settings.oidc_unreachable': {
    status: 400,
    en: 'The issuer could not be reached, or it is not an OpenID Provider: check its address.',
  },
  'settings.oidc_private': {
    status: 400,
    en: 'The issuer is on a private or local address, which this server does not call (OIDC_ALLOW_PRIVATE).',
  },
  'settings.secrets_key_missing': {
    status: 400,
    en: 'A client secret cannot be kept: the server has no SECRETS_KEY. Ask the site’s operator.',
  },
} as const satisfies Record<string, Entry>;
