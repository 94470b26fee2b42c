import { data, redirect } from 'react-router';
import { appContext } from '../../../common/services';
import { GeneralErrorBoundary } from '../../components/error-boundary';
import { useInterface } from '../../copy/language';
import type { Route } from './+types/legacy-article';

/**
 * /articles/:id, an old-site article number (or an article id): HTTP 301 to its current
 * address (DECISIONS.md §6). In-app navigation shows SPEC.md's "Loading..." meanwhile.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  let target: string | undefined;
  if (/^\d{1,10}$/.test(params.id)) {
    target = await services.articles.pathForLegacyId(Number(params.id));
  } else if (/^[0-9a-f-]{36}$/i.test(params.id)) {
    target = await services.articles.pathForId(params.id);
  }
  if (!target) throw data(null, { status: 404, statusText: 'Not Found' });
  throw redirect(target, 301);
}

export default function LegacyArticle() {
  const { t, lang } = useInterface();
  return (
    <p className="container py-5" lang={lang}>
      {t.redirect.loading}
    </p>
  );
}

/** SPEC.md §8: any failure of a redirect screen reads "404 - Article Not Found". */
export function ErrorBoundary() {
  const { t, lang } = useInterface();
  const notFound = () => (
    <main id="main" className="container py-5 text-center" lang={lang}>
      <title>{t.redirect.notFound}</title>
      <h1>{t.redirect.notFound}</h1>
    </main>
  );
  return <GeneralErrorBoundary statusHandlers={{ 404: notFound }} unexpected={notFound} />;
}
