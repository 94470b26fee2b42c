import { describe, expect, it } from 'vitest';
import { hreflangLinks } from '../../common/hreflang';

describe('hreflangLinks', () => {
  const versions = { hi: 'https://p.example/yatra/konark', en: 'https://p.example/travel/konark' };

  it('names both languages and makes the interface language’s version x-default', () => {
    expect(hreflangLinks(versions, 'en')).toEqual([
      { hreflang: 'hi', href: versions.hi },
      { hreflang: 'en', href: versions.en },
      { hreflang: 'x-default', href: versions.en },
    ]);
    expect(hreflangLinks(versions, 'hi').at(-1)).toEqual({
      hreflang: 'x-default',
      href: versions.hi,
    });
  });

  it('gives nothing for a story in one language only', () => {
    expect(hreflangLinks({ hi: versions.hi }, 'hi')).toEqual([]);
  });
});
