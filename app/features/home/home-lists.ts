import { HOME_SECTION_SIZE } from '../../../common/articles';
import type { ArticleCard as Card } from '../../../common/schemas/articles';
import { DEFAULT_SETTINGS, type HomeLayout } from '../../../common/settings';
import type { HomeSection } from '../../components/home-section';
import type { NewsFront } from '../../components/news-home';

/**
 * How many cards the home page reads for each layout (docs/decisions/033). The magazine reads
 * SPEC.md §9's three everywhere. The news home reads the lead and its Latest headlines (the
 * `latestCount` setting, issue 45 item 3), and for each section enough to show three once the
 * stories shown above it are left out: a story appears once on the page.
 */
export function homeReads(
  layout: HomeLayout,
  latestCount: number,
  sectionCount: number,
): { latest: number; section: number } {
  if (layout === 'magazine') return { latest: HOME_SECTION_SIZE, section: HOME_SECTION_SIZE };
  return {
    latest: latestCount + 1,
    section: latestCount + 1 + HOME_SECTION_SIZE * Math.max(sectionCount, 1),
  };
}

/** The lead: the newest story with an image (a front page leads with a picture), else the newest. */
const pickLead = (newest: Card[]): Card | null =>
  newest.find((a) => Boolean(a.imageUrl)) ?? newest[0] ?? null;

/**
 * The news home from what homeReads read: the lead and `latestCount` headlines from the newest
 * stories, then each section's first three cards not shown above it (issue 45 item 3: the lead,
 * the headlines and an earlier section's cards appear once). A failed read of the newest stories
 * fails the lead and the list alone; the sections keep their own failures. `live` goes on top
 * as it is (the live blogs running now).
 */
export function newsFront(
  latest: HomeSection,
  sections: HomeSection[],
  live: Card[],
  latestCount: number,
): { front: NewsFront; sections: HomeSection[] } {
  const lead = latest.failed ? null : pickLead(latest.articles);
  const others = latest.failed
    ? []
    : latest.articles.filter((a) => a._id !== lead?._id).slice(0, latestCount);
  const shown = new Set([...(lead ? [lead._id] : []), ...others.map((a) => a._id)]);
  return {
    front: { lead, latest: others, live, ...(latest.failed ? { failed: true } : {}) },
    sections: sections.map((s) => {
      const articles = s.articles.filter((a) => !shown.has(a._id)).slice(0, HOME_SECTION_SIZE);
      for (const a of articles) shown.add(a._id);
      return { ...s, articles };
    }),
  };
}

/** Every card a layout shows, for the page's cache tags (common/cache-tags.ts). */
export function cardsShown(front: NewsFront | null, sections: HomeSection[]): Card[] {
  const cards = sections.flatMap((s) => s.articles);
  if (front) cards.push(...(front.lead ? [front.lead] : []), ...front.latest, ...front.live);
  return cards;
}

/**
 * The home sections' categories to show. A fresh site's settings name the demo's categories: on
 * a site without them (SEED_DEMO=0), while its settings were never changed, those are left out
 * rather than failed. A section the settings chose fails alone when its category is gone, as
 * does each when the categories could not be read (`all` undefined).
 */
export function sectionSlugs(chosen: string[], all: { slug: string }[] | undefined): string[] {
  const defaults = DEFAULT_SETTINGS.homeSectionSlugs;
  const untouched = chosen.length === defaults.length && chosen.every((s, i) => s === defaults[i]);
  if (!untouched || !all) return chosen;
  return chosen.filter((slug) => all.some((c) => c.slug === slug));
}
