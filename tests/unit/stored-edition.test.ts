/*
 * Issue 65 item 6: the ads read the reader's edition from localStorage `patrika-city`
 * (`{ id, at }`, written by the city picker, app/reader/city.ts) defensively: anything else
 * there is no edition.
 */
import { describe, expect, it } from 'vitest';
import { CITY_KEY } from '../../app/reader/city-key';
import { editionSlugOf, STORED_EDITION_KEY } from '../../app/reader/stored-edition';

const NOW = Date.parse('2026-11-29T12:00:00Z');

describe('the stored edition', () => {
  it("is the city picker's key, and reads the id it keeps", () => {
    expect(STORED_EDITION_KEY).toBe(CITY_KEY);
    const id = '3f1c2b9e-5d0a-4c6e-9b1a-2e7f8d9c0a1b';
    expect(editionSlugOf(JSON.stringify({ id, at: NOW - 1000 }), NOW)).toBe(id);
  });

  it('reads the slug of a recent choice, with `at` as milliseconds or an ISO time', () => {
    expect(editionSlugOf(JSON.stringify({ slug: 'jaipur', at: NOW - 1000 }), NOW)).toBe('jaipur');
    expect(editionSlugOf(JSON.stringify({ slug: 'jaipur', at: '2026-11-01T00:00:00Z' }), NOW)).toBe(
      'jaipur',
    );
    expect(editionSlugOf(JSON.stringify({ slug: 'jaipur' }), NOW)).toBe('jaipur');
  });

  it('is nothing for anything else: empty, not JSON, no slug, a slug that is not one, too old', () => {
    for (const raw of [
      null,
      '',
      'jaipur',
      '{',
      'null',
      '[]',
      JSON.stringify({ at: NOW }),
      JSON.stringify({ slug: 42 }),
      JSON.stringify({ slug: 'Jaipur City' }),
      JSON.stringify({ slug: '../x' }),
      JSON.stringify({ slug: 'jaipur', at: NOW - 400 * 86_400_000 }),
    ])
      expect(editionSlugOf(raw, NOW), String(raw)).toBeUndefined();
  });
});
