/*
 * What a kept answer was made from (DECISIONS.md §16, docs/decisions/029): each page, feed,
 * sitemap and reader-facing JSON records these tags while it renders, and a change names the
 * tags it touches, so only the answers that showed it are refreshed. The same strings go to
 * front caches (`Cache-Tag`, `Surrogate-Key`), so they are short and header-safe.
 */

/** A UUID without its dashes: 32 characters per tag, as header-safe as the id. */
const compact = (id: string) => id.replaceAll('-', '');

export const CacheTags = {
  /** Anything showing the article: its page, a card, a suggestion, a feed item. */
  article: (id: string) => `a:${compact(id)}`,
  /** The article's own page at its address: dropped, never served stale, when it must go. */
  articlePage: (id: string) => `pa:${compact(id)}`,
  /** Anything showing the category's name or linking to its address. */
  category: (id: string) => `c:${compact(id)}`,
  /** The category's list of articles (its pages, its feed, its home section). */
  categoryList: (id: string) => `lc:${compact(id)}`,
  /** Anything showing the author's name or linking to their page. */
  author: (id: string) => `u:${compact(id)}`,
  /** The author's list of articles (their page and feed). */
  authorList: (id: string) => `lu:${compact(id)}`,
  /**
   * A tag's list of articles (its pages, its feed): an article gaining or losing the tag, or
   * tagged and coming or going from readers' view, refreshes it (issue 26 item 5).
   */
  tagList: (id: string) => `lt:${compact(id)}`,
  /** The newest articles of the whole site (home, the site's feed). */
  latest: 'l:latest',
  /** The live blogs running now (the news home's slot). */
  liveList: 'l:live',
  /** Every correction on the record (/corrections, issue 43 item 3). */
  corrections: 'l:corrections',
  /** Every sitemap: any public article's change changes one (lastmod). */
  sitemaps: 'l:sitemap',
  /** Search results: any public article's words may change what a query finds. */
  search: 'l:search',
  /** The site's settings (name, header, contact, home sections): every page shows them. */
  settings: 'settings',
  /** The breaking-news band: every public page shows it (or its absence). */
  breaking: 'breaking',
  /** An edition's own breaking-news band (issue 65 item 3): its page shows it, or its absence. */
  breakingEdition: (id: string) => `be:${compact(id)}`,
  /** Readers' "Most read" (issue 38 item 5): the home's section and every article's box. */
  mostRead: 'l:mostread',
  /**
   * A story as a card in "Most read", which every page shows: refreshed only when the story
   * leaves readers' view or its address or place changes. A new title or picture reaches the box
   * with the next list (most-read.ts compares the cards, at most once a minute), so an edit of
   * the most read story does not re-render every page of the site at each save.
   */
  mostReadCard: (id: string) => `mc:${compact(id)}`,
  /** An edition's "Most read", from its own readers (issue 65 item 3): its page shows it. */
  mostReadEdition: (id: string) => `me:${compact(id)}`,
  /** A live blog's entries as its page shows them (issue 25 item 1). */
  live: (id: string) => `lv:${compact(id)}`,
  /** A live blog's entries as its JSON answers them: dropped, not served stale, on a change. */
  liveFeed: (id: string) => `lj:${compact(id)}`,
  /** The list of categories (the menu, the footer): every page shows it. */
  categories: 'categories',
  /** The active newsletters (every page's sign-up form in the footer lists them). */
  newsletters: 'newsletters',
  /**
   * An edition's own list of stories (issue 65 item 3): its page, its feed, its top JSON, and
   * the pages of the places under it that show "the state's stories" or "national ones".
   */
  edition: (id: string) => `le:${compact(id)}`,
  /**
   * An edition's page that shows the stories of the places under it too (a state's page shows
   * its cities'): a story in a city refreshes its state's page, not its sister cities'.
   */
  editionTree: (id: string) => `lx:${compact(id)}`,
  /**
   * Anything showing an edition's name or address (issue 65): its page and the pages below it
   * (their breadcrumb and address), its parent's page (a section per place under it), its
   * feed, its top JSON, a story that names it as its place. An edition's own write changes it.
   */
  editionNamed: (id: string) => `en:${compact(id)}`,
  /** The tree of editions as a process keeps it (dropped by an edition's own write). */
  editions: 'editions',
  /** An edition's home as its desk curated it: its lead and its sections (issue 65 item 3). */
  editionHome: (id: string) => `eh:${compact(id)}`,
  /** An e-paper issue as readers see it: its pages, views, thumbnails and text (issue 67). */
  epaperIssue: (id: string) => `ep:${compact(id)}`,
  /** Which editions have an e-paper and their newest issue (every e-paper page's picker). */
  epaperList: 'l:epaper',
  /** An edition's e-paper dates (the calendar, `/epaper`'s choice of today's issue). */
  epaperDates: (editionId: string) => `epd:${compact(editionId)}`,
  /** A reader's clip of an e-paper page (issue 68 item 2): its page, dropped when removed. */
  epaperClip: (id: string) => `epc:${compact(id)}`,
  /**
   * An election's results as its JSON answers them (tally, seats, contests: issue 69 item 3):
   * dropped, not served stale, on every saved result (the desk reads them back at once).
   */
  election: (id: string) => `el:${compact(id)}`,
  /**
   * An election's pages that show it whole (its results page, its map, a tally's embed):
   * refreshed off the readers' path on every saved result (issue 69 item 4).
   */
  electionView: (id: string) => `ev:${compact(id)}`,
  /** What shows one state of an election (its state page, map and embed): its results' saves. */
  electionState: (id: string, state: string) => `es:${compact(id)}:${state}`,
  /** What shows one seat (its page and embed): its own saves. */
  electionSeat: (seatId: string) => `eo:${compact(seatId)}`,
  /**
   * Every page of an election, whatever it shows (an import may change any seat, party or
   * shape; the key contests the desk chooses show on its pages).
   */
  electionPages: (id: string) => `ea:${compact(id)}`,
  /** A static page's stored text. */
  staticPage: (slug: string) => `p:${slug}`,
} as const;

/** What a change asks of every kept answer: refresh these (served stale meanwhile), drop those. */
export interface CacheChange {
  /** Answers that showed any of these are refreshed; until then they may be served stale. */
  stale: string[];
  /** Answers that showed any of these must not be served again (a page gone or moved). */
  drop?: string[];
  /**
   * Of the stale answers, those that showed any of these are refreshed before the rest: the
   * changed thing's own page, which its editor and most of its readers are waiting for, ahead
   * of every page that only shows it as a card.
   */
  first?: string[];
}

/**
 * Tags of "Most read"'s list (app/components/most-read.tsx: each story's headline, linked to its
 * address): each story as such a card and its category (its address), not its bylines.
 */
export function mostReadTags(
  cards: readonly { _id: string; category?: { _id: string } | null }[],
): string[] {
  const tags = cards.flatMap((card) => [
    CacheTags.mostReadCard(card._id),
    ...(card.category ? [CacheTags.category(card.category._id)] : []),
  ]);
  return [...new Set(tags)];
}

/** Tags of the cards a page shows: each article, its category and every byline's author. */
export function cardTags(
  cards: readonly {
    _id: string;
    category?: { _id: string } | null;
    author?: { _id: string } | null;
    authors?: readonly { _id: string }[];
  }[],
): string[] {
  const tags: string[] = [];
  for (const card of cards) {
    tags.push(CacheTags.article(card._id));
    if (card.category) tags.push(CacheTags.category(card.category._id));
    if (card.author) tags.push(CacheTags.author(card.author._id));
    for (const author of card.authors ?? []) tags.push(CacheTags.author(author._id));
  }
  return [...new Set(tags)];
}
