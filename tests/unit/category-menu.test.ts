import { describe, expect, it } from 'vitest';
import { shownCategoryName } from '../../common/category-names';
import { categoryMenu } from '../../server/modules/categories/category-reads';
import type { CategoryRow } from '../../server/modules/categories/categories-repository';

let n = 0;
const row = (name: string, extra: Partial<CategoryRow> = {}): CategoryRow => ({
  id: `id-${++n}`,
  name,
  nameHi: '',
  nameEn: '',
  slug: name.toLowerCase(),
  description: '',
  isHome: false,
  parentId: null,
  commentsOpen: null,
  createdAt: new Date(0),
  updatedAt: new Date(0),
  ...extra,
});

describe('categoryMenu (issue 26 item 6)', () => {
  // By name, as the repository reads them.
  const news = row('News', { isHome: true });
  const rajasthan = row('Rajasthan');
  const jaipur = row('Jaipur', { parentId: rajasthan.id });
  const udaipur = row('Udaipur', { parentId: rajasthan.id });
  const stories = row('Stories');
  const empty = row('Weather');
  const rows = [jaipur, news, rajasthan, stories, udaipur, empty];

  it('lists home categories and those with articles, children under their parent', () => {
    const menu = categoryMenu(rows, new Set([jaipur.id, stories.id]));
    expect(menu.sections.map((s) => [s.name, s.children.map((c) => c.name)])).toEqual([
      ['News', []],
      // Shown for its child's articles; the child without any is left out.
      ['Rajasthan', ['Jaipur']],
      ['Stories', []],
    ]);
    expect(new Set(menu.unlisted)).toEqual(new Set([udaipur.id, empty.id]));
  });

  it('leaves out a parent whose family has no article and is not on the home page', () => {
    const menu = categoryMenu(rows, new Set());
    expect(menu.sections.map((s) => s.name)).toEqual(['News']);
    expect(menu.unlisted).toHaveLength(5);
  });

  it('every category with articles is in it, at the top or under its parent', () => {
    const menu = categoryMenu(rows, new Set(rows.map((r) => r.id)));
    const listed = menu.sections.flatMap((s) => [s._id, ...s.children.map((c) => c._id)]);
    expect(new Set(listed)).toEqual(new Set(rows.map((r) => r.id)));
    expect(menu.unlisted).toEqual([]);
  });
});

describe('shownCategoryName (issue 26 item 7)', () => {
  const travel = { name: 'Travel', nameHi: 'यात्रा', nameEn: '' };
  it("picks the interface language's name, else the name", () => {
    expect(shownCategoryName(travel, 'hi')).toBe('यात्रा');
    expect(shownCategoryName(travel, 'en')).toBe('Travel');
    expect(shownCategoryName({ name: 'यात्रा', nameEn: 'Journeys' }, 'en')).toBe('Journeys');
    expect(shownCategoryName({ name: 'Travel', nameHi: '  ' }, 'hi')).toBe('Travel');
  });
});
