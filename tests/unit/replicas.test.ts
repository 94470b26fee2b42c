import { describe, expect, it } from 'vitest';
import { isPlainRead, lsnValue } from '../../db/replicas';

describe('which statements a replica may run', () => {
  it('takes plain SELECTs, as Drizzle writes them', () => {
    expect(isPlainRead('select "id", "name" from "articles" where "slug" = $1')).toBe(true);
    expect(isPlainRead('  SELECT 1')).toBe(true);
  });

  it('leaves writes, locks, notices, sequences and advisory locks to the primary', () => {
    for (const text of [
      'insert into "articles" ("name") values ($1)',
      'update "articles" set "updated_at" = now()',
      'delete from "jobs" where "id" = $1',
      'with moved as (update "jobs" set "leased_until" = $1 returning *) select * from moved',
      'select * from "jobs" where "due" < now() for update skip locked',
      'select * from "articles" where "id" = $1 FOR NO KEY UPDATE',
      'select * from "articles" for share',
      'SELECT pg_notify($1, $2)',
      "select nextval('articles_seq')",
      'SELECT pg_advisory_xact_lock(hashtext($1))',
      "select set_config('x', '1', true)",
    ])
      expect(isPlainRead(text), text).toBe(false);
  });

  it('keeps columns that only look like the words', () => {
    expect(isPlainRead('select "updated_at", "deleted" from "articles"')).toBe(true);
  });
});

describe('WAL positions', () => {
  it('compare as numbers across the slash', () => {
    expect(lsnValue('0/16B3748')).toBe(0x16b3748n);
    expect(lsnValue('1/0')).toBeGreaterThan(lsnValue('0/FFFFFFFF'));
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
  });
});
