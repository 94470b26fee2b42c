import { data } from 'react-router';
import { appContext } from '../../../common/services';
import { CacheTags } from '../../../common/cache-tags';
import { isStaticPageKey, staticPage } from '../../copy/static-pages';
import { pageMeta } from '../../features/seo/meta';
import { shareImage } from '../../features/seo/share-image';
import type { Route } from './+types/static-page';

/** About, contact, privacy and disclaimer: one module, the page chosen by the address. */
export async function loader({ request, context }: Route.LoaderArgs) {
  // Client navigation asks for /about-us.data (or /about-us/_.data): the page is the same.
  const key = new URL(request.url).pathname.replace(/(\/_)?\.data$/, '').replace(/^\/|\/$/g, '');
  if (!isStaticPageKey(key)) throw data(null, { status: 404, statusText: 'Not Found' });
  const { services, publicUrl, keep, mediaBase } = context.get(appContext);
  keep(CacheTags.staticPage(key));
  const [settings, stored] = await Promise.all([services.settings.get(), services.pages.get(key)]);
  const share = await shareImage({ services, publicUrl, mediaBase }, settings);
  return { key, settings, stored: stored ?? null, publicUrl, share };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const page = staticPage(loaderData.key, loaderData.settings.uiLanguage);
  return pageMeta({
    settings: loaderData.settings,
    image: loaderData.share,
    title: loaderData.stored?.title || page.title,
    description: page.description,
    url: `${loaderData.publicUrl}/${loaderData.key}`,
  });
};

export default function StaticPageRoute({ loaderData }: Route.ComponentProps) {
  const page = staticPage(loaderData.key, loaderData.settings.uiLanguage);
  const { lang } = page;
  const { stored } = loaderData;
  // A stored text (brought in from the old site) replaces the built-in one; it was sanitised
  // with the article allow-list before it was stored. It is content, shown as written in
  // whatever language it was written in (so no `lang` of the interface's); the built-in text
  // is the interface's, in its language (docs/decisions/018).
  return (
    <main id="main" className="container py-4 static-page" lang={stored ? undefined : lang}>
      <h1 lang={stored && !stored.title ? lang : undefined}>{stored?.title || page.title}</h1>
      {stored ? (
        <div dangerouslySetInnerHTML={{ __html: stored.body }} />
      ) : (
        page.body(loaderData.settings)
      )}
    </main>
  );
}
