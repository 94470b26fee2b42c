import { HOME_SECTION_SIZE } from '../../../common/articles';
import type { ArticleCard as Card } from '../../../common/schemas/articles';
import { DEFAULT_SETTINGS, type HomeLayout } from '../../../common/settings';
import type { HomeSection } from '../../components/home-section';
import type { NewsFront } from '../../components/news-home';

/** Live blogs on top of the news home, at most. */
export const LIVE_ON_HOME = 3;

/**
 * How many cards the home page reads for each layout (docs/decisions/033). A story appears once
 * on the page (issue 45 item 3 for the news home, issue 72 item 3 for the magazine), so each
 * section reads enough to show three once the stories shown above it are left out. The magazine
 * shows SPEC.md §9's three in Latest and in each section; the news home the lead and its Latest
 * headlines (the `latestCount` setting, issue 45 item 3).
 */
export function homeReads(
  layout: HomeLayout,
  latestCount: number,
  sectionCount: number,
): { latest: number; section: number } {
  // The last section may have to pass over Latest's three and every earlier section's three.
  if (layout === 'magazine')
    return {
      latest: HOME_SECTION_SIZE,
      section: HOME_SECTION_SIZE * (Math.max(sectionCount, 1) + 1),
    };
  // The live blogs on top are left out of the lists below them.
  const above = latestCount + 1 + LIVE_ON_HOME;
  return { latest: above, section: above + HOME_SECTION_SIZE * Math.max(sectionCount, 1) };
}

/**
 * Each section's first three cards not shown above it (`shown`, which it adds to): a story
 * appears once on the home page, whatever its layout.
 */
export function oncePerPage(sections: HomeSection[], shown = new Set<string>()): HomeSection[] {
  return sections.map((s) => {
    const articles = s.articles.filter((a) => !shown.has(a._id)).slice(0, HOME_SECTION_SIZE);
    for (const a of articles) shown.add(a._id);
    return { ...s, articles };
  });
}

/** The magazine home (SPEC.md §9): Latest, then the chosen sections, each story once. */
export function magazineFront(latest: HomeSection, sections: HomeSection[]) {
  return { front: null, sections: oncePerPage([latest, ...sections]) };
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
  // A live blog on top is not shown again as the lead, a headline or a section's card.
  const onTop = new Set(live.map((a) => a._id));
  const newest = latest.failed ? [] : latest.articles.filter((a) => !onTop.has(a._id));
  const lead = latest.failed ? null : pickLead(newest);
  const others = newest.filter((a) => a._id !== lead?._id).slice(0, latestCount);
  const shown = new Set([...onTop, ...(lead ? [lead._id] : []), ...others.map((a) => a._id)]);
  return {
    front: { lead, latest: others, live, ...(latest.failed ? { failed: true } : {}) },
    sections: oncePerPage(sections, shown),
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
