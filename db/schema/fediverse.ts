import { index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { id, timestamps } from './columns';

/*
 * The fediverse (issue 41 item 4, docs/decisions/054; server/modules/fediverse): the site and
 * each author are ActivityPub actors. Everything Fedify keeps between requests lives here, so
 * any process on this database answers and delivers alike (STYLE.md §6).
 */

/**
 * An actor's key pair (RSA for HTTP Signatures, Ed25519 for Object Integrity Proofs), made the
 * first time the actor is asked for. `privateKey` is the JWK sealed with SECRETS_KEY's box
 * (server/lib/secret-box.ts) when there is one, else the JWK itself; it is never served.
 */
export const fediverseKeys = pgTable(
  'fediverse_keys',
  {
    id: id(),
    /** Our actor's identifier: `site`, or an author's user id. */
    actor: text().notNull(),
    /** `RSASSA-PKCS1-v1_5` or `Ed25519`. */
    algorithm: text().notNull(),
    publicKey: jsonb().notNull(),
    privateKey: text().notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [unique('fediverse_keys_actor_algorithm').on(t.actor, t.algorithm)],
);

/** Who follows one of our actors: kept on `Follow` (answered with `Accept`), gone on `Undo`. */
export const fediverseFollowers = pgTable(
  'fediverse_followers',
  {
    id: id(),
    /** Our actor they follow: `site`, or an author's user id. */
    actor: text().notNull(),
    /** The follower's actor id (a URI). */
    followerId: text().notNull(),
    inbox: text().notNull(),
    sharedInbox: text(),
    /** The `Follow` activity's id, which an `Undo` names. */
    followId: text(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    unique('fediverse_followers_actor_follower').on(t.actor, t.followerId),
    index('fediverse_followers_actor_idx').on(t.actor, t.createdAt),
  ],
);

/**
 * Fedify's key–value store (its KvStore, server/modules/fediverse/fediverse-kv.ts): cached
 * remote documents and keys, idempotence marks of activities seen. `key` is Fedify's key parts
 * joined by a separator no part holds.
 */
export const fediverseKv = pgTable(
  'fediverse_kv',
  {
    key: text().primaryKey(),
    value: jsonb().notNull(),
    expiresAt: timestamp({ withTimezone: true, mode: 'date' }),
  },
  (t) => [index('fediverse_kv_expires_idx').on(t.expiresAt)],
);

/**
 * Fedify's message queue (its MessageQueue, fediverse-queue.ts): one row per message (a fan-out
 * to followers, one delivery to one inbox, a retry), run by the `fediverse-message` job of the
 * same id, so any process delivers it and none is lost with a process.
 */
export const fediverseMessages = pgTable('fediverse_messages', {
  id: uuid().primaryKey().defaultRandom(),
  /**
   * The message's JSON, sealed with the secrets box when there is one: a delivery carries its
   * sender's private key (Fedify's outbox messages do), which must not sit in the clear.
   */
  message: text().notNull(),
  createdAt: timestamps.createdAt,
});
