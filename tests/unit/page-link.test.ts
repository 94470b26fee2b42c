import { describe, expect, it } from 'vitest';
import { isActivePath } from '../../app/components/page-link';

describe('a menu link is current as React Router’s <NavLink> says (app/components/page-link.tsx)', () => {
  it('on its own path, in any case', () => {
    expect(isActivePath('/about-us', '/about-us', false)).toBe(true);
    expect(isActivePath('/About-Us', '/about-us', true)).toBe(true);
  });

  it('below its path unless `end`, and only below a whole segment', () => {
    expect(isActivePath('/category/news', '/category', false)).toBe(true);
    expect(isActivePath('/category/news', '/category', true)).toBe(false);
    expect(isActivePath('/categoryx', '/category', false)).toBe(false);
  });

  it('"/" is current on the home page only', () => {
    expect(isActivePath('/', '/', true)).toBe(true);
    expect(isActivePath('/about-us', '/', false)).toBe(false);
    expect(isActivePath('/about-us', '/', true)).toBe(false);
  });
});
