import { data } from 'react-router';
import { appContext } from '../../../common/services';
import { ArticleView } from '../../components/article-view';
import { interfaceFor, useInterface } from '../../copy/language';
import { withResponsiveBody } from '../../features/media/responsive-body';
import { pageTitle } from '../../features/seo/meta';
import type { Route } from './+types/preview';

/**
 * /preview/{signed token}: an article not yet out, in the public layout exactly as readers
 * will see it (DECISIONS.md §11). Anyone with the link may look for 7 days; the page is never
 * indexed nor cached (the page cache also skips `no-store` answers), and a link whose time ran
 * out or whose article was deleted answers 404.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, publicUrl, logError, mediaBase } = context.get(appContext);
  let stored;
  try {
    stored = await services.newsroom.preview(params.token);
  } catch {
    throw data(null, { status: 404, statusText: 'Not Found', headers: PRIVATE_HEADERS });
  }
  // The same responsive body images as the published page will have.
  const article = await withResponsiveBody({ services, logError, mediaBase }, stored);
  const settings = await services.settings.get();
  return data(
    { article, related: [], relatedFailed: false, settings, publicUrl, lang: article.language },
    { headers: PRIVATE_HEADERS },
  );
}

const PRIVATE_HEADERS = { 'X-Robots-Tag': 'noindex', 'Cache-Control': 'private, no-store' };

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ name: 'robots', content: 'noindex' }];
  const { article, settings } = loaderData;
  // No canonical, no social tags: this address is not the article's and must not be shared
  // as if it were.
  return [
    {
      title: pageTitle(
        settings.shortName,
        interfaceFor(settings.uiLanguage).t.preview.title(article.metaTitle || article.name),
      ),
    },
    { name: 'robots', content: 'noindex' },
  ];
};

export default function PreviewPage({ loaderData }: Route.ComponentProps) {
  const { t, lang } = useInterface();
  return (
    <>
      <p className="alert alert-warning rounded-0 mb-0 text-center small" role="status" lang={lang}>
        {t.preview.banner}
      </p>
      <ArticleView {...loaderData} countView={false} />
    </>
  );
}
