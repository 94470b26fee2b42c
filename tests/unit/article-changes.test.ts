/*
 * What a change to an article touches (docs/decisions/029) for its tags (issue 26 item 5): a
 * tag gained or lost refreshes exactly that tag's list; a move refreshes every tag's list it
 * leaves and enters; an article readers cannot see touches no tag's page.
 */
import { describe, expect, it } from 'vitest';
import { CacheTags } from '../../common/cache-tags';
import { articleChange, type PublicState } from '../../server/modules/articles/article-changes';

const now = new Date('2026-11-24T12:00:00Z');
const id = '00000000-0000-4000-8000-000000000001';
const [cricket, budget, rain] = [
  '00000000-0000-4000-8000-0000000000a1',
  '00000000-0000-4000-8000-0000000000a2',
  '00000000-0000-4000-8000-0000000000a3',
];
const state = (over: Partial<PublicState> = {}): PublicState => ({
  status: 'published',
  publishedAt: new Date('2026-11-20T00:00:00Z'),
  slug: 'story',
  categoryId: '00000000-0000-4000-8000-0000000000c1',
  authorId: '00000000-0000-4000-8000-0000000000b1',
  coAuthorIds: [],
  language: 'hi',
  translations: [],
  liveBlog: false,
  tagIds: [cricket, budget],
  access: 'free',
  ...over,
});
const tagLists = (change: { stale: string[] }) =>
  change.stale.filter((tag) => tag.startsWith('lt:')).sort();

describe('a change to an article’s tags', () => {
  it('gaining and losing tags in place refreshes only those tags’ lists', () => {
    const change = articleChange(
      id,
      { before: state(), after: state({ tagIds: [budget, rain] }) },
      now,
    );
    expect(tagLists(change)).toEqual([CacheTags.tagList(cricket), CacheTags.tagList(rain)].sort());
    // Its place is the same: the category's and the site's lists stay kept.
    expect(change.stale).not.toContain(CacheTags.latest);
    expect(change.stale).toContain(CacheTags.article(id));
  });

  it('the same tags in another order, or a words-only edit, refresh no tag’s list', () => {
    const change = articleChange(
      id,
      { before: state(), after: state({ tagIds: [budget, cricket] }) },
      now,
    );
    expect(tagLists(change)).toEqual([]);
  });

  it('publishing, taking back or moving in time refreshes every list of its tags', () => {
    const published = articleChange(
      id,
      { before: state({ status: 'draft' }), after: state() },
      now,
    );
    expect(tagLists(published)).toEqual(
      [CacheTags.tagList(cricket), CacheTags.tagList(budget)].sort(),
    );
    const moved = articleChange(
      id,
      {
        before: state({ tagIds: [rain] }),
        after: state({ publishedAt: new Date('2026-11-21T00:00:00Z') }),
      },
      now,
    );
    expect(tagLists(moved)).toEqual(
      [CacheTags.tagList(cricket), CacheTags.tagList(budget), CacheTags.tagList(rain)].sort(),
    );
  });

  it('a draft gaining a tag touches nothing kept', () => {
    const draft = state({ status: 'draft' });
    expect(
      articleChange(id, { before: draft, after: { ...draft, tagIds: [rain] } }, now).stale,
    ).toEqual([]);
  });
});

describe('a live blog taken from readers (issue 44 item 6)', () => {
  it('unpublished or deleted: its kept JSON is dropped, never served stale', () => {
    const blog = state({ liveBlog: true });
    for (const after of [state({ liveBlog: true, status: 'draft' }), undefined]) {
      const change = articleChange(id, { before: blog, after }, now);
      expect(change.drop).toContain(CacheTags.liveFeed(id));
      expect(change.drop).toContain(CacheTags.articlePage(id));
    }
  });

  it('edited while public: its JSON stays kept (entries drop it themselves)', () => {
    const change = articleChange(
      id,
      { before: state({ liveBlog: true }), after: state({ liveBlog: true, slug: 'story' }) },
      now,
    );
    expect(change.drop ?? []).not.toContain(CacheTags.liveFeed(id));
  });
});

describe('a change of who may read a story (issue 66 item 10)', () => {
  const walledTags = [
    CacheTags.articlePage(id),
    CacheTags.article(id),
    CacheTags.liveFeed(id),
    CacheTags.sitemaps,
    CacheTags.search,
  ];
  it('walled to more readers: drops its page, cards, live JSON, feeds and search, none stale', () => {
    for (const [was, is] of [
      ['free', 'members'],
      ['free', 'paid'],
      ['members', 'paid'],
    ] as const) {
      const change = articleChange(
        id,
        { before: state({ access: was }), after: state({ access: is }) },
        now,
      );
      expect(change.drop, `${was} → ${is}`).toEqual(expect.arrayContaining(walledTags));
      for (const tag of walledTags) expect(change.stale, `${was} → ${is}`).not.toContain(tag);
    }
  });

  it('opened to more readers, or unchanged: refreshed, nothing dropped', () => {
    for (const [was, is] of [
      ['paid', 'free'],
      ['members', 'free'],
      ['paid', 'members'],
      ['members', 'members'],
    ] as const) {
      const change = articleChange(
        id,
        { before: state({ access: was }), after: state({ access: is }) },
        now,
      );
      expect(change.drop, `${was} → ${is}`).toEqual([]);
      expect(change.stale).toContain(CacheTags.article(id));
    }
  });
});

describe('a public story’s edit as "Most read" and the refresh order see it', () => {
  it('an edit in place: its cards and own page, own page first; not every page’s "Most read"', () => {
    const change = articleChange(id, { before: state(), after: state() }, now);
    expect(change.stale).toContain(CacheTags.article(id));
    expect(change.first).toEqual([CacheTags.articlePage(id)]);
    expect(change.stale).not.toContain(CacheTags.mostReadCard(id));
  });

  it('taken back, moved or given a new address: "Most read" boxes are refreshed too', () => {
    for (const after of [
      state({ status: 'draft' }),
      undefined,
      state({ categoryId: '00000000-0000-4000-8000-0000000000c2' }),
      state({ slug: 'new-story' }),
    ]) {
      const change = articleChange(id, { before: state(), after }, now);
      expect(change.stale, JSON.stringify(after)).toContain(CacheTags.mostReadCard(id));
    }
  });

  it('taken back: no page of its own to refresh first', () => {
    const change = articleChange(id, { before: state(), after: state({ status: 'draft' }) }, now);
    expect(change.first).toBeUndefined();
  });
});
