import { describe, expect, it } from 'vitest';
import { HOME_READS, newsFront } from '../../app/features/home/home-lists';
import { HOME_SECTION_SIZE, NEWS_LATEST_SIZE } from '../../common/articles';
import type { ArticleCard } from '../../common/schemas/articles';

const card = (id: string, imageUrl = `https://images.example.com/${id}.jpg`): ArticleCard => ({
  _id: id,
  name: `Story ${id}`,
  slug: `story-${id}`,
  imageUrl,
  image: null,
  excerpt: 'Words.',
  language: 'en',
  category: null,
  author: null,
  authors: [],
  credit: '',
  liveBlog: false,
  publishedAt: '2025-03-14T08:30:00.000Z',
  createdAt: '2025-03-14T08:30:00.000Z',
  updatedAt: '2025-03-14T08:30:00.000Z',
});
const ids = (cards: ArticleCard[]) => cards.map((c) => c._id);

describe('the news home’s lists', () => {
  const newest = Array.from({ length: HOME_READS.news.latest }, (_, i) => card(`n${i}`));

  it('reads the lead and ten headlines, and one card more per section than it shows', () => {
    expect(HOME_READS.news).toEqual({
      latest: NEWS_LATEST_SIZE + 1,
      section: HOME_SECTION_SIZE + 1,
    });
    expect(HOME_READS.magazine).toEqual({ latest: HOME_SECTION_SIZE, section: HOME_SECTION_SIZE });
  });

  it('leads with the newest story and lists the next ten; a section leaves the lead out', () => {
    const section = {
      key: 's',
      title: 'S',
      articles: [newest[0]!, card('a'), card('b'), card('c')],
    };
    const { front, sections } = newsFront(
      { key: 'latest', title: 'Latest', articles: newest },
      [section],
      [],
    );
    expect(front.lead?._id).toBe('n0');
    expect(ids(front.latest)).toEqual(ids(newest.slice(1, 11)));
    expect(ids(sections[0]!.articles)).toEqual(['a', 'b', 'c']);
    // A section without the lead shows its first three.
    const other = { key: 'o', title: 'O', articles: [card('d'), card('e'), card('f'), card('g')] };
    expect(
      ids(
        newsFront({ key: 'latest', title: 'L', articles: newest }, [other], []).sections[0]!
          .articles,
      ),
    ).toEqual(['d', 'e', 'f']);
  });

  it('leads with a picture: the newest story with an image, else the newest', () => {
    const bare = [card('x', ''), ...newest.slice(0, 3)];
    const { front } = newsFront({ key: 'latest', title: 'L', articles: bare }, [], []);
    expect(front.lead?._id).toBe('n0');
    expect(ids(front.latest)).toEqual(['x', 'n1', 'n2']);
    const none = [card('x', ''), card('y', '')];
    expect(newsFront({ key: 'latest', title: 'L', articles: none }, [], []).front.lead?._id).toBe(
      'x',
    );
    expect(newsFront({ key: 'latest', title: 'L', articles: [] }, [], []).front.lead).toBeNull();
  });

  it('a failed read of the newest stories fails the lead and the list, not the sections', () => {
    const section = { key: 's', title: 'S', articles: [card('a')] };
    const { front, sections } = newsFront(
      { key: 'latest', title: 'L', articles: [], failed: true },
      [section],
      [card('live')],
    );
    expect(front).toEqual({ lead: null, latest: [], live: [card('live')], failed: true });
    expect(sections).toEqual([section]);
  });
});
