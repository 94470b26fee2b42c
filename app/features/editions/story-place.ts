/*
 * The place a story is about (issue 65 item 3): its primary edition, when that is not the
 * national one, named in the story's own language for its NewsArticle's `contentLocation`.
 */
import { editionName } from '../../../common/edition-place';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import type { AppServices } from '../../../common/services';

export async function storyPlace(
  services: Pick<AppServices, 'editions'>,
  story: { primaryEdition?: string | undefined; language: string },
): Promise<string | null> {
  const id = story.primaryEdition;
  if (!id || id === NATIONAL_EDITION_ID) return null;
  const edition = (await services.editions.list()).find((e) => e._id === id);
  return edition ? editionName(edition, story.language) : null;
}
