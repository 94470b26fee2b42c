/*
 * An edition's own breaking-news band (issue 65 item 3), shown on its page under the national
 * band every page shows (root.tsx). The page keeps its tag, so setting, removing or the expiry
 * of that band refreshes it; another edition's band or the national home never does.
 */
import { CacheTags } from '../../../common/cache-tags';
import type { AppContext } from '../../../common/services';
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
    // A page is never lost to its band.
    logError(error, 'reading an edition’s breaking-news band');
    return null;
  }
}
