import { describe, expect, it } from 'vitest';
import {
  homeReads,
  LIVE_ON_HOME,
  magazineFront,
  newsFront as front6,
} from '../../app/features/home/home-lists';
import { HOME_SECTION_SIZE } from '../../common/articles';
import { DEFAULT_SETTINGS } from '../../common/settings';
import type { ArticleCard } from '../../common/schemas/articles';
import type { HomeSection } from '../../app/components/home-section';

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
/** The `latestCount` setting's default: six headlines after the lead (issue 45 item 3). */
const LATEST = DEFAULT_SETTINGS.latestCount;
const newsFront = (latest: HomeSection, sections: HomeSection[], live: ArticleCard[]) =>
  front6(latest, sections, live, LATEST);

describe('the news home’s lists', () => {
  const newest = Array.from({ length: homeReads('news', LATEST, 1).latest }, (_, i) =>
    card(`n${i}`),
  );

  it('reads the lead and the latestCount headlines, and enough per section to show three once', () => {
    expect(LATEST).toBe(6);
    // The live blogs on top (at most LIVE_ON_HOME) are passed over below them.
    expect(homeReads('news', LATEST, 3)).toEqual({
      latest: LATEST + 1 + LIVE_ON_HOME,
      section: LATEST + 1 + LIVE_ON_HOME + 3 * HOME_SECTION_SIZE,
    });
    expect(homeReads('news', 10, 1).latest).toBe(11 + LIVE_ON_HOME);
    // The magazine's last section may pass over Latest's three and each earlier section's.
    expect(homeReads('magazine', LATEST, 3)).toEqual({
      latest: HOME_SECTION_SIZE,
      section: 4 * HOME_SECTION_SIZE,
    });
  });

  it('a story appears once: a section leaves out the lead, the headlines and earlier sections (issue 45 item 3)', () => {
    const first = {
      key: 'f',
      title: 'F',
      articles: [newest[2]!, card('a'), newest[0]!, card('b'), card('c'), card('d')],
    };
    const second = { key: 's', title: 'S', articles: [card('a'), card('d'), card('e'), card('f')] };
    const { front, sections } = newsFront(
      { key: 'latest', title: 'Latest', articles: newest },
      [first, second],
      [],
    );
    expect(ids(front.latest)).toEqual(ids(newest.slice(1, 1 + LATEST)));
    expect(ids(sections[0]!.articles)).toEqual(['a', 'b', 'c']);
    expect(ids(sections[1]!.articles)).toEqual(['d', 'e', 'f']);
  });

  it('leads with the newest story and lists the next six; a section leaves the lead out', () => {
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
    expect(ids(front.latest)).toEqual(ids(newest.slice(1, 1 + LATEST)));
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

describe('every layout shows a story once (issue 72 item 3)', () => {
  it("the magazine: a section leaves out Latest's cards and earlier sections' (the lead of Latest was the first card of Editor's Choice)", () => {
    const latest = { key: 'latest', title: 'Latest', articles: [card('a'), card('b'), card('c')] };
    const choice = {
      key: 'editors-choice',
      title: "Editor's Choice",
      articles: [card('a'), card('d'), card('b'), card('e'), card('f'), card('g')],
    };
    const news = {
      key: 'news',
      title: 'News',
      articles: [card('d'), card('e'), card('h'), card('i'), card('j')],
    };
    const { front, sections } = magazineFront(latest, [choice, news]);
    expect(front).toBeNull();
    expect(sections.map((s) => ids(s.articles))).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e', 'f'],
      ['h', 'i', 'j'],
    ]);
    const all = sections.flatMap((s) => ids(s.articles));
    expect(new Set(all).size).toBe(all.length);
  });

  it('the news home: a live blog on top is not the lead, a headline or a section card again', () => {
    const live = card('live');
    const newest = [live, ...Array.from({ length: LATEST + 1 }, (_, i) => card(`n${i}`))];
    const section = {
      key: 's',
      title: 'S',
      articles: [live, card('n0'), card('x'), card('y'), card('z')],
    };
    const { front, sections } = newsFront(
      { key: 'latest', title: 'L', articles: newest },
      [section],
      [live],
    );
    expect(front.lead?._id).toBe('n0');
    expect(ids(front.latest)).not.toContain('live');
    expect(front.latest).toHaveLength(LATEST);
    expect(ids(sections[0]!.articles)).toEqual(['x', 'y', 'z']);
  });
});
