import { appContext } from '../../../common/services';
import type { PageHandle } from '../../../common/page-handle';
import { PAGE_SEGMENTS } from '../../../common/paths';
import { interfaceFor, useInterface } from '../../copy/language';
import { PlansList } from '../../features/members/plans-list';
import { pageMeta } from '../../features/seo/meta';
import { shareImage } from '../../features/seo/share-image';
import type { Route } from './+types/plans';

/**
 * Readers' plans (issue 39 item 4): a React app in the browser, as sign-in is (it starts a
 * checkout), so never kept by a cache; the plans come after load from GET /api/plans.
 */
export const handle: PageHandle = { hydrate: true };

export async function loader({ context }: Route.LoaderArgs) {
  const { services, publicUrl, mediaBase } = context.get(appContext);
  const settings = await services.settings.get();
  const share = await shareImage({ services, publicUrl, mediaBase }, settings);
  return { settings, publicUrl, share };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { settings, publicUrl, share } = loaderData;
  const { t } = interfaceFor(settings.uiLanguage);
  return pageMeta({
    settings,
    title: t.plans.title,
    description: t.plans.intro,
    url: `${publicUrl}/${PAGE_SEGMENTS.plans}`,
    image: share,
  });
};

export default function PlansPage() {
  const { t, lang } = useInterface();
  return (
    <main id="main" className="container py-4" lang={lang}>
      <h1>{t.plans.title}</h1>
      <p className="lead">{t.plans.intro}</p>
      <PlansList />
    </main>
  );
}
