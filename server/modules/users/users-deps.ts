/*
 * What the users module needs (the composition root passes it); its parts import this file,
 * never users-service.ts, which composes them.
 */
import type { CacheChange } from '../../../common/cache-tags';
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import type { Tokens } from '../../lib/tokens';
import type { Mailer } from '../../lib/mail';
import type { MailSite } from '../../lib/mail-texts';

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
  /** E-mail (server/lib/mail.ts); left out, none is sent. */
  mail?: AccountMail;
}

/** What the mail needs: the one mailer, and the site's name, language and address. */
export interface AccountMail {
  mailer: Pick<Mailer, 'enabled' | 'sendLater' | 'later' | 'send'>;
  site(): Promise<MailSite>;
}
