/*
 * Names in every script (issue 65 item 7): every seeded city and state is found from its
 * Hindi name, its English name in any case, with "city" after it, and from each Latin spelling
 * the demo lists for it, and from common misspellings the search's folding joins; a name never
 * finds another seeded place first.
 */
import { describe, expect, it } from 'vitest';
import { editionNamed, findEditions } from '../../common/edition-names';
import { DEMO_STATES } from '../../db/seed/demo-editions';

const places = DEMO_STATES.flatMap((s) => [s, ...s.cities]).map((p) => ({
  slug: p.slug,
  names: { hi: p.hi, en: p.en },
  latinNames: p.latin,
}));

const first = (q: string) => findEditions(places, q)[0]?.slug;

describe('findEditions over the demo’s editions', () => {
  for (const place of places)
    it(`finds ${place.names.en} by every name it has`, () => {
      const asked = [
        place.names.hi,
        place.names.en,
        place.names.en.toUpperCase(),
        place.names.en.toLowerCase(),
        `${place.names.en} city`,
        `${place.names.hi} शहर`,
        ...place.latinNames,
      ];
      for (const q of asked) {
        expect(first(q), q).toBe(place.slug);
        expect(editionNamed(places, q)?.slug, q).toBe(place.slug);
      }
    });

  it('reaches Jaipur from the ways readers type it', () => {
    for (const q of [
      'jaipur',
      'Jaipur',
      'jaypur',
      'jaipur city',
      'जयपुर',
      ' JAIPUR ',
      'Jaypur City',
    ])
      expect(first(q), q).toBe('jaipur');
  });

  it('joins spellings the demo does not list through search’s folding', () => {
    const cases: [string, string][] = [
      ['jodhpoor', 'jodhpur'],
      ['udaypur', 'udaipur'],
      ['bheelwara', 'bhilwara'],
      ['gwaaliyar', 'gwalior'],
      ['indor', 'indore'],
      ['ujjain city', 'ujjain'],
      ['devaas', 'dewas'],
      ['Sri Ganganagar', 'sri-ganganagar'],
      ['श्री गंगानगर', 'sri-ganganagar'],
      ['इन्दौर', 'indore'],
      ['भीलवाडा', 'bhilwara'],
    ];
    for (const [q, slug] of cases) expect(first(q), q).toBe(slug);
  });

  it('lists names that begin with what is typed, whole names first', () => {
    expect(findEditions(places, 'ja').map((p) => p.slug)).toEqual(
      expect.arrayContaining(['jaipur', 'jabalpur']),
    );
    expect(findEditions(places, 'j')).toEqual([]);
    expect(findEditions(places, 'nowhere-at-all')).toEqual([]);
    expect(editionNamed(places, 'ja')).toBeUndefined();
  });
});
