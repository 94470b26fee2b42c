/*
 * Consents (issue 37 item 6): recorded by whoever takes them (the newsletters' subscribe form
 * and import, sign-up), each with when, from which form and to which version of the text
 * (common/consent.ts). Made by the composition root before the modules that record them, and
 * passed to them; a caller's transaction may carry the write.
 */
import type { Db } from '../../../db/client';
import { recordConsents, type ConsentRecord } from './readers-repository';

export type { ConsentRecord } from './readers-repository';

export function createConsents({ db }: { db: Db }) {
  return {
    record: (consents: ConsentRecord[], tx?: Db) => recordConsents(tx ?? db, consents),
  };
}
export type Consents = ReturnType<typeof createConsents>;
