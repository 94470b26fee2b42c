import {
  readerConsents,
  readerEditions,
  readerFollows,
  readerSaved,
} from '../../../db/schema/readers';

/*
 * The readers module's door for the site archive (server/modules/README.md): every consent on
 * record (what was agreed to, when, to which text), and what readers follow and saved. E-mail
 * links and deletion codes are short-lived credentials and stay out, as sessions do.
 */

/** Tables this module lets the archive copy, after the people and stories they name. */
export const READER_TABLES = [readerConsents, readerFollows, readerSaved, readerEditions] as const;
