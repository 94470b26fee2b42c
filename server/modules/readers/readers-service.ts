/*
 * The readers module (issue 37, docs/decisions/055): what a reader follows, the stories they
 * saved, the consents they gave and their data. Public pages never show any of it: a page's
 * script asks after load.
 */
import { readerCity } from './reader-city';
import { readerFollows } from './reader-follows';
import { readerRights } from './reader-rights';
import type { ReadersDeps } from './readers-deps';

export type { ReadersDeps } from './readers-deps';

export function createReadersService(deps: ReadersDeps) {
  return {
    ...readerFollows(deps),
    ...readerRights(deps),
    ...readerCity(deps),
  };
}
export type ReadersService = ReturnType<typeof createReadersService>;
