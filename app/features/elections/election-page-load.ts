/*
 * What the results pages' loaders share (routes/public/election.tsx, election-seat.tsx): the
 * page's data from the elections service, the site's share image beside it, 404 when there is
 * no such page, and the page kept under its tags and the settings'.
 */
import { data } from 'react-router';
import { CacheTags } from '../../../common/cache-tags';
import type { AppContext, AppServices } from '../../../common/services';
import { shareImage } from '../seo/share-image';

export async function loadElectionPage<P extends { tags: string[] }>(
  ctx: Pick<AppContext, 'services' | 'publicUrl' | 'keep' | 'mediaBase'>,
  read: (elections: AppServices['elections']) => Promise<P | undefined | null>,
) {
  const { services, publicUrl, keep, mediaBase } = ctx;
  const settings = await services.settings.get();
  const [page, share] = await Promise.all([
    read(services.elections),
    shareImage({ services, publicUrl, mediaBase }, settings),
  ]);
  if (!page) throw data(null, { status: 404, statusText: 'Not Found' });
  keep(...page.tags, CacheTags.settings);
  const { tags: _tags, ...shown } = page;
  return { ...shown, settings, publicUrl, share };
}
