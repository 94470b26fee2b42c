/*
 * What the editions module needs (editions-wiring.ts passes it); its parts import this file,
 * never editions-service.ts, which composes them.
 */
import type { Db } from '../../../db/client';
import type { Clock } from '../../lib/clock';
import type { Actor } from '../../lib/actor';
import type { Outbox } from '../../events/outbox';
import type { KeptValues } from '../../caching/kept-values';

/** Which editions a story is placed in: the asked ones and, on an update, the stored ones. */
export interface Placement {
  editions: string[];
  primary: string;
}

/** What the editions module needs of the articles module. */
export interface EditionArticles {
  /** How many stories (any status) are in edition `id`, as primary or among their editions. */
  editionUse(id: string): Promise<number>;
  /** Whether story `articleId` (any status) is in edition `editionId` (a curated lead's check). */
  inEdition(articleId: string, editionId: string): Promise<boolean>;
}

/** What the editions module needs of the users module: a desk's owner must exist. */
export interface EditionUsers {
  byId(actor: Actor | null, id: string): Promise<unknown>;
}

export interface EditionsDeps {
  db: Db;
  clock: Clock;
  articles: EditionArticles;
  /** Writes that others follow (an edition's home curated, the tree changed) record events. */
  outbox: Outbox;
  /** Values kept in each process until a change to their tags (the tree). */
  kept: Pick<KeptValues, 'get'>;
}
