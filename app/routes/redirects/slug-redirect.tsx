import { data, redirect } from 'react-router';
import { appContext } from '../../../common/services';
import { GeneralErrorBoundary } from '../../components/error-boundary';
import { useInterface } from '../../copy/language';
import type { Route } from './+types/slug-redirect';

/** /article/:slug, a current or former slug: HTTP 301 to the article's address. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  const target = await services.articles.pathForSlug(params.slug);
  if (!target) throw data(null, { status: 404, statusText: 'Not Found' });
  throw redirect(target, 301);
}

export default function SlugRedirect() {
  const { t, lang } = useInterface();
  return (
    <p className="container py-5" lang={lang}>
      {t.redirect.redirecting}
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
