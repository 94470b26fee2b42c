/*
 * What an edition's page shows of the news desk and its readers (issue 65 item 3): its own
 * breaking-news band, under the national band every page shows (root.tsx), and its own "Most
 * read". The page keeps their tags, so that band's change or that edition's new list refreshes
 * it; another edition's, or the national home's, never does. A page is never lost to either.
 */
import { CacheTags, cardTags } from '../../../common/cache-tags';
import type { AppContext } from '../../../common/services';
import type { ArticleCard } from '../../../common/schemas/articles';
import type { BreakingNews } from '../../../common/schemas/breaking';

export async function editionBand(
  { services, keep, logError }: Pick<AppContext, 'services' | 'keep' | 'logError'>,
  editionId: string,
): Promise<BreakingNews | null> {
  keep(CacheTags.breakingEdition(editionId));
  try {
    const band = await services.breaking.forEdition(editionId);
    // The band links its story at the story's address: it follows the story when that moves.
    if (band?.articleId) keep(CacheTags.article(band.articleId));
    return band;
  } catch (error) {
    logError(error, 'reading an edition’s breaking-news band');
    return null;
  }
}

/** The stories edition `editionId`'s readers read most (none when "Most read" is off). */
export async function editionMostRead(
  { services, keep, logError }: Pick<AppContext, 'services' | 'keep' | 'logError'>,
  editionId: string,
  shown: boolean,
): Promise<ArticleCard[]> {
  if (!shown) return [];
  keep(CacheTags.mostReadEdition(editionId));
  try {
    const stories = await services.analytics.editionMostRead(editionId);
    keep(...cardTags(stories));
    return stories;
  } catch (error) {
    logError(error, 'an edition’s "Most read" could not be loaded');
    return [];
  }
}
