import { HOME_SECTION_SIZE, NEWS_LATEST_SIZE } from '../../../common/articles';
import type { ArticleCard as Card } from '../../../common/schemas/articles';
import type { HomeLayout } from '../../../common/settings';
import type { HomeSection } from '../../components/home-section';
import type { NewsFront } from '../../components/news-home';

/**
 * How many cards the home page reads for each layout (docs/decisions/033). The magazine reads
 * SPEC.md §9's three everywhere. The news home reads the lead and its Latest headlines, and one
 * more card per section: the lead, when it is in a section, is left out there, and the section
 * still shows three.
 */
export const HOME_READS: Record<HomeLayout, { latest: number; section: number }> = {
  magazine: { latest: HOME_SECTION_SIZE, section: HOME_SECTION_SIZE },
  news: { latest: NEWS_LATEST_SIZE + 1, section: HOME_SECTION_SIZE + 1 },
};

/** The lead: the newest story with an image (a front page leads with a picture), else the newest. */
const pickLead = (newest: Card[]): Card | null =>
  newest.find((a) => Boolean(a.imageUrl)) ?? newest[0] ?? null;

/**
 * The news home from what HOME_READS.news read: the lead and the Latest headlines from the
 * newest stories, then each section's cards without the lead. A failed read of the newest
 * stories fails the lead and the list alone; the sections keep their own failures. `live` goes
 * on top as it is (the live blogs running now).
 */
export function newsFront(
  latest: HomeSection,
  sections: HomeSection[],
  live: Card[],
): { front: NewsFront; sections: HomeSection[] } {
  const lead = latest.failed ? null : pickLead(latest.articles);
  const others = latest.articles.filter((a) => a._id !== lead?._id).slice(0, NEWS_LATEST_SIZE);
  return {
    front: { lead, latest: others, live, ...(latest.failed ? { failed: true } : {}) },
    sections: sections.map((s) => ({
      ...s,
      articles: s.articles.filter((a) => a._id !== lead?._id).slice(0, HOME_SECTION_SIZE),
    })),
  };
}

/** Every card a layout shows, for the page's cache tags (common/cache-tags.ts). */
export function cardsShown(front: NewsFront | null, sections: HomeSection[]): Card[] {
  const cards = sections.flatMap((s) => s.articles);
  if (front) cards.push(...(front.lead ? [front.lead] : []), ...front.latest, ...front.live);
  return cards;
}
