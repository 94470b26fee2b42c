import { data } from 'react-router';
import { appContext } from '../../../common/services';
import { STATIC_PAGES } from '../../copy/static-pages';
import { pageMeta } from '../../features/seo/meta';
import { shareImage } from '../../features/seo/share-image';
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
  const [settings, stored] = await Promise.all([services.settings.get(), services.pages.get(key)]);
  const share = await shareImage({ services, publicUrl }, settings);
  return { key, settings, stored: stored ?? null, publicUrl, share };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const page = STATIC_PAGES[loaderData.key];
  return pageMeta({
    settings: loaderData.settings,
    image: loaderData.share,
    title: loaderData.stored?.title || page.title,
    description: page.description,
    url: `${loaderData.publicUrl}/${loaderData.key}`,
  });
};

export default function StaticPageRoute({ loaderData }: Route.ComponentProps) {
  const page = STATIC_PAGES[loaderData.key];
  const { stored } = loaderData;
  // A stored text (brought in from the old site) replaces the built-in one; it was sanitised
  // with the article allow-list before it was stored.
  return (
    <main id="main" className="container py-4 static-page">
      <h1>{stored?.title || page.title}</h1>
      {stored ? (
        <div dangerouslySetInnerHTML={{ __html: stored.body }} />
      ) : (
        page.body(loaderData.settings)
      )}
    </main>
  );
}
