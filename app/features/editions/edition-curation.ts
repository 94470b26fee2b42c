/*
 * An edition's home as its desk curated it (issue 65 item 3): the lead it chose and its
 * sections, each a category (with those inside it) listing its newest stories in the edition,
 * the tools the national home has (home sections in the settings). A story shows once: a
 * section leaves out the lead and the stories of the sections above it.
 */
import { HOME_SECTION_SIZE } from '../../../common/articles';
import { CacheTags } from '../../../common/cache-tags';
import type { AppServices } from '../../../common/services';
import type { ArticleCard } from '../../../common/schemas/articles';
import type { Category } from '../../../common/schemas/categories';

export interface CuratedSection {
  category: Category;
  articles: ArticleCard[];
}

/**
 * Edition `editionId`'s curated lead (a card, while readers may see it and it is still in the
 * edition) and sections, the ids of every story they show, and the tags to keep: the home's
 * own (a desk's save) and each section's category (its name).
 */
export async function curatedHome(
  services: Pick<AppServices, 'articles' | 'editions' | 'categories'>,
  editionId: string,
) {
  const home = await services.editions.home(editionId);
  const all = home.sections.length ? await services.categories.listAll() : [];
  const chosen = home.sections
    .map((id) => all.find((c) => c._id === id))
    .filter((c): c is Category => !!c);
  const families = chosen.map((c) => [
    c._id,
    ...all.filter((x) => x.parentId === c._id).map((x) => x._id),
  ]);
  // Each section reads enough to show its three once the lead and the sections above are out.
  const limit = HOME_SECTION_SIZE * (chosen.length + 1);
  const read =
    home.lead || families.length
      ? await services.articles.editionHome(
          editionId,
          { lead: home.lead, sections: families },
          limit,
        )
      : { lead: null, sections: [] };
  const shown = new Set<string>(read.lead ? [read.lead._id] : []);
  const sections: CuratedSection[] = chosen.map((category, i) => {
    const articles = (read.sections[i] ?? [])
      .filter((a) => !shown.has(a._id))
      .slice(0, HOME_SECTION_SIZE);
    for (const a of articles) shown.add(a._id);
    return { category, articles };
  });
  return {
    lead: read.lead ?? undefined,
    sections,
    shown: [...shown],
    tags: [CacheTags.editionHome(editionId), ...chosen.map((c) => CacheTags.category(c._id))],
  };
}
