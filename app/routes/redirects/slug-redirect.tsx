import { data, redirect } from 'react-router';
import { appContext, isNotFound } from '../../../common/services';
import { copy } from '../../copy/en';
import type { Route } from './+types/slug-redirect';

/** /article/:slug, a current or former slug: HTTP 301 to the article's address. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services } = context.get(appContext);
  let target: string;
  try {
    target = await services.articles.newUrlForSlug(params.slug);
  } catch (error) {
    if (isNotFound(error)) throw data(null, { status: 404, statusText: 'Not Found' });
    throw error;
  }
  throw redirect(target, 301);
}

export default function SlugRedirect() {
  return <p className="container py-5">{copy.redirect.redirecting}</p>;
}

export function ErrorBoundary() {
  return (
    <main id="main" className="container py-5 text-center">
      <title>{copy.redirect.notFound}</title>
      <h1>{copy.redirect.notFound}</h1>
    </main>
  );
}
