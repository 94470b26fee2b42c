/*
 * What the users module needs (the composition root passes it); its parts import this file,
 * never users-service.ts, which composes them.
 */
import type { CacheChange } from '../../../common/cache-tags';
import type { ConsentForm, ConsentPurpose } from '../../../common/consent';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import type { Tokens } from '../../lib/tokens';
import type { Mailer } from '../../lib/mail';
import type { MailSite } from '../../lib/mail-texts';
import type { SecretBox } from '../../lib/secret-box';

/** What the users module needs; the composition root passes it. */
export interface UsersDeps {
  db: Db;
  tokens: Tokens;
  clock: Clock;
  /**
   * A public author's page, name or photo changed: recorded as an event (server/events), which
   * every process's kept answers and the front cache's purge follow.
   */
  authorChanged?: (id: string, change: CacheChange) => Promise<void>;
  /**
   * Someone's name changed (a reader's too): the comments module refreshes the kept pages that
   * show it beside their comments. Left out, nothing follows.
   */
  renamed?: (id: string) => Promise<void>;
  /** E-mail (server/lib/mail.ts); left out, none is sent. */
  mail?: AccountMail;
  /** The readers module's record of consents (reader-consents.ts): a sign-up's is kept. */
  consents?: {
    record(
      consents: {
        userId?: string | null;
        email: string;
        purpose: ConsentPurpose;
        form: ConsentForm;
        textVersion: string;
      }[],
    ): Promise<void>;
  };
  /** Second factors (second-factors.ts); left out, codes cannot be turned on. */
  secondFactors?: SecondFactorDeps;
  /** Passkeys' relying party (passkeys.ts); left out, PUBLIC_URL's default, localhost. */
  webauthn?: WebAuthnDeps;
}

/** Who passkeys are made for (the relying party): from PUBLIC_URL. */
export interface WebAuthnDeps {
  /** PUBLIC_URL's origin, the only one a browser's answer may come from. */
  origin: string;
  /** PUBLIC_URL's host name (no port): the relying party's id. */
  rpId: string;
  /** The name a browser shows beside the passkey (the site's short name). */
  rpName: () => Promise<string>;
}

/** What second factors need beyond the users module's own: the sealing box and a MAC key. */
export interface SecondFactorDeps {
  /** Undefined on PostgreSQL without SECRETS_KEY: codes cannot be turned on. */
  box: SecretBox | undefined;
  /** Signs the second step's token (the session key: server/lib/tokens.ts). */
  stepKey: Uint8Array;
  /** The issuer an authenticator app shows beside the code (the site's short name). */
  issuer: () => Promise<string>;
}

/** What the mail needs: the one mailer, and the site's name, language and address. */
export interface AccountMail {
  mailer: Pick<Mailer, 'enabled' | 'sendLater' | 'later' | 'send'>;
  site(): Promise<MailSite>;
}

/** What a sign-in knows of the client it starts a session for (shown in the list of sessions). */
export interface SessionClient {
  userAgent?: string;
}
