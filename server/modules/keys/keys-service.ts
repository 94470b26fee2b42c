import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_DEFAULT_RATE_LIMIT,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyInput,
} from '../../../common/schemas/keys';
import type { Db } from '../../../db/client';
import { requireRole, type Actor } from '../../lib/actor';
import type { Clock } from '../../lib/clock';
import { notFound, unauthorized } from '../../lib/errors';
import {
  addUse,
  insertKey,
  keyByHash,
  listKeys,
  revokeKey,
  type ApiKeyRow,
} from './keys-repository';

/** What a key starts with: a reader of a log or a leaked file can tell what it is. */
const KEY_PREFIX = 'pk_';
/** Characters of a key kept in the clear, to tell keys apart in the list. */
const SHOWN = KEY_PREFIX.length + 6;
/** How often the requests counted in memory are written to the keys' rows. */
export const USE_FLUSH_MS = 5_000;

const digest = (key: string) => createHash('sha256').update(key).digest('base64url');
const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** A key known to be live: what the rate limit and the counts need. */
export interface LiveKey {
  id: string;
  rateLimit: number;
  scopes: string[];
}

const view = (row: ApiKeyRow, today: string): ApiKey => ({
  _id: row.id,
  name: row.name,
  scopes: row.scopes,
  rateLimit: row.rateLimit,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  requestsToday: row.requestsDay === today ? row.requestsToday : 0,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

/**
 * Keys for apps and partners (issue 41 item 1). Only a key's SHA-256 is stored; the key is
 * shown once. Every request with a key looks it up (an index hit), so a revoked key answers
 * 401 at once in every process. Uses are counted in memory and written every USE_FLUSH_MS (and
 * before the list is read), so a busy app's reads do not each write a row.
 */
export function createKeysService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  /** Requests counted since the last write, by key. */
  let pending = new Map<string, { n: number; day: string; lastUsedAt: Date }>();

  const flush = async () => {
    const batch = pending;
    pending = new Map();
    for (const [id, use] of batch) await addUse(db, { id, ...use });
  };

  return {
    async create(actor: Actor | null, input: ApiKeyInput): Promise<ApiKeyCreated> {
      const admin = requireRole(actor, 'administrator', 'api_key.forbidden');
      const key = KEY_PREFIX + randomBytes(32).toString('base64url');
      const row = await insertKey(db, {
        name: input.name,
        scopes: [...new Set(input.scopes)],
        rateLimit: input.rateLimit ?? API_KEY_DEFAULT_RATE_LIMIT,
        prefix: key.slice(0, SHOWN),
        keyHash: digest(key),
        createdBy: admin.id,
      });
      return { ...view(row, utcDay(clock.now())), key };
    },

    async list(actor: Actor | null): Promise<ApiKey[]> {
      requireRole(actor, 'administrator', 'api_key.forbidden');
      await flush();
      const today = utcDay(clock.now());
      return (await listKeys(db)).map((row) => view(row, today));
    },

    async revoke(actor: Actor | null, id: string): Promise<void> {
      requireRole(actor, 'administrator', 'api_key.forbidden');
      if (!(await revokeKey(db, id, clock.now()))) throw notFound('api_key.not_found');
    },

    /** The live key `key` is, counting this use; 401 for an unknown or revoked key. */
    async use(key: string): Promise<LiveKey> {
      const row = key.startsWith(KEY_PREFIX) ? await keyByHash(db, digest(key)) : undefined;
      if (!row || row.revokedAt) throw unauthorized('api_key.invalid');
      const now = clock.now();
      const day = utcDay(now);
      const counted = pending.get(row.id);
      if (counted && counted.day === day) {
        counted.n++;
        counted.lastUsedAt = now;
      } else {
        if (counted) await addUse(db, { id: row.id, ...counted });
        pending.set(row.id, { n: 1, day, lastUsedAt: now });
      }
      return { id: row.id, rateLimit: row.rateLimit, scopes: row.scopes };
    },

    /** Writes the uses counted in memory; every USE_FLUSH_MS until the returned stop is called. */
    start(): () => Promise<void> {
      const timer = setInterval(() => void flush().catch(() => undefined), USE_FLUSH_MS);
      timer.unref();
      return async () => {
        clearInterval(timer);
        await flush();
      };
    },
    flush,
  };
}
export type KeysService = ReturnType<typeof createKeysService>;
