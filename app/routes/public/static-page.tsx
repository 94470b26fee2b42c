import { data } from 'react-router';
import { appContext } from '../../../common/services';
import { STATIC_PAGES } from '../../copy/static-pages';
import { pageMeta } from '../../features/seo/meta';
import type { Route } from './+types/static-page';

type PageKey = keyof typeof STATIC_PAGES;

/** About, contact, privacy and disclaimer: one module, the page chosen by the address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Client navigation asks for /about-us.data (or /about-us/_.data): the page is the same.
  const key = new URL(request.url).pathname
    .replace(/(\/_)?\.data$/, '')
    .replace(/^\/|\/$/g, '') as PageKey;
  if (!(key in STATIC_PAGES)) throw data(null, { status: 404, statusText: 'Not Found' });
  const { services, publicUrl } = context.get(appContext);
  return { key, settings: await services.settings.get(), publicUrl };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const page = STATIC_PAGES[loaderData.key];
  return pageMeta({
    shortName: loaderData.settings.shortName,
    title: page.title,
    description: page.description,
    url: `${loaderData.publicUrl}/${loaderData.key}`,
  });
};

export default function StaticPageRoute({ loaderData }: Route.ComponentProps) {
  const page = STATIC_PAGES[loaderData.key];
  return (
    <main id="main" className="container py-4 static-page">
      <h1>{page.title}</h1>
      {page.body(loaderData.settings)}
    </main>
  );
}
