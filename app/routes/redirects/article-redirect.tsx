import { data, redirect, useParams } from 'react-router';
import { appContext } from '../../../common/services';
import { GeneralErrorBoundary } from '../../components/error-boundary';
import { useInterface } from '../../copy/language';
import type { Route } from './+types/article-redirect';

/**
 * The two redirect screens of SPEC.md §8, one module for both routes (app/routes.ts): HTTP 301
 * to an article's current address (DECISIONS.md §6) from
 * - /articles/:id, an old-site article number (or an article id), "Loading..." meanwhile;
 * - /article/:slug, a current or former slug, "Redirecting..." meanwhile.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { articles } = context.get(appContext).services;
  let target: string | undefined;
  if (params.slug !== undefined) target = await articles.pathForSlug(params.slug);
  else if (/^\d{1,10}$/.test(params.id ?? ''))
    target = await articles.pathForLegacyId(Number(params.id));
  else if (/^[0-9a-f-]{36}$/i.test(params.id ?? '')) target = await articles.pathForId(params.id!);
  if (!target) throw data(null, { status: 404, statusText: 'Not Found' });
  throw redirect(target, 301);
}

export default function ArticleRedirect() {
  const { t, lang } = useInterface();
  const bySlug = useParams().slug !== undefined;
  return (
    <p className="container py-5" lang={lang}>
      {bySlug ? t.redirect.redirecting : t.redirect.loading}
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
