/*
 * What an edition's page shows (issue 65 item 3, DECISIONS.md §30), the same for every reader:
 * on its first page the lead and the sections its desk chose (edition-curation.ts; no lead
 * chosen: the newest of its stories with a picture), then its own stories paged, then on the
 * first page the stories of the places above it (a city's state) and national ones, and on a
 * state's page a short section for each place under it. A story shows once on a page. It
 * records the tags of all it shows.
 */
import { data } from 'react-router';
import { CATEGORY_PAGE_SIZE } from '../../../common/articles';
import type { ListAt } from '../../../common/list-keys';
import { editionPath } from '../../../common/paths';
import { ensureListPage } from '../lists/reading-list';
import { CacheTags, cardTags } from '../../../common/cache-tags';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import type { AppServices } from '../../../common/services';
import type { ArticleCard } from '../../../common/schemas/articles';
import type { Edition } from '../../../common/schemas/editions';
import { curatedHome } from './edition-curation';

/** How many stories a section of another place shows. */
export const EDITION_SECTION_SIZE = 4;

export interface EditionSection {
  edition: Edition;
  articles: ArticleCard[];
}

const notFound = () => data(null, { status: 404, statusText: 'Not Found' });

/**
 * The edition at `/local/{slugs…}` with what its page at `at` (a number or a key,
 * docs/decisions/069) shows, and the tags to keep.
 */
export async function editionPageData(
  services: Pick<AppServices, 'articles' | 'editions' | 'categories'>,
  slugs: string[],
  at: ListAt,
) {
  const edition = await services.editions.byPath(slugs);
  if (!edition || !edition.active || edition.kind === 'national') throw notFound();
  const [trail, list] = await Promise.all([
    services.editions.pathOf(edition._id),
    services.articles.editionList(edition._id, at, CATEGORY_PAGE_SIZE),
  ]);
  ensureListPage(list, editionPath(slugs));
  const first = list.currentPage === 1;
  // The desk's lead and sections (first page only); its lead stands in for the newest picture.
  const home = first ? await curatedHome(services, edition._id) : null;
  const leadIndex = first && !home?.lead ? list.articles.findIndex((a) => Boolean(a.imageUrl)) : -1;
  const lead = home?.lead ?? (leadIndex >= 0 ? list.articles[leadIndex] : undefined);
  const aboveList = new Set([lead?._id, ...(home?.shown ?? [])]);
  const articles = list.articles.filter((a) => !aboveList.has(a._id));
  // Above it: its state (and city, for a town), then national, nearest first.
  const above = first ? trail.slice(0, -1).reverse() : [];
  const children = first ? await services.editions.childrenOf(edition._id) : [];
  const section = async (e: Edition) => ({
    edition: e,
    articles: await services.articles.editionCards(e._id, EDITION_SECTION_SIZE),
  });
  const [upper, below] = await Promise.all([
    Promise.all(above.map(section)),
    Promise.all(children.filter((c) => c.active).map(section)),
  ]);
  const shown = [...list.articles, ...upper, ...below, ...(home?.sections ?? [])].flatMap((x) =>
    'articles' in x ? x.articles : [x],
  );
  if (home?.lead) shown.push(home.lead);
  const tags = [
    CacheTags.edition(edition._id),
    // Its name and address, its places' above it (breadcrumb, address) and below it (sections).
    ...[...trail, ...children].map((e) => CacheTags.editionNamed(e._id)),
    ...(home?.tags ?? []),
    ...(children.length ? [CacheTags.editionTree(edition._id)] : []),
    ...above.map((e) => CacheTags.edition(e._id)),
    ...cardTags(shown),
  ];
  return {
    edition,
    trail: trail.filter((e) => e._id !== NATIONAL_EDITION_ID),
    lead,
    sections: home?.sections.filter((s) => s.articles.length) ?? [],
    articles,
    list,
    above: upper.filter((s) => s.articles.length),
    below: below.filter((s) => s.articles.length),
    allShown: shown,
    tags,
  };
}
