import { data } from 'react-router';
import { CacheTags } from '../../../common/cache-tags';
import { editionName } from '../../../common/edition-place';
import { epaperClipPath } from '../../../common/epaper';
import { sentMediaUrl } from '../../../common/media';
import { appContext } from '../../../common/services';
import { issueDate } from '../../components/epaper-reader';
import { epaperClipsCopy } from '../../copy/epaper-clips';
import { interfaceFor, useInterface } from '../../copy/language';
import { absoluteUrl, pageMeta } from '../../features/seo/meta';
import type { Route } from './+types/epaper-clip';

/**
 * A reader's clip of an e-paper page (issue 68 item 2), /epaper/clips/{id}: the clip with its
 * `og:image` and `twitter:image` (the clip itself, for chat apps' previews), sharing on
 * WhatsApp and by its link, and the way to the whole page and to the plans. The same bytes for
 * every reader, kept until the clip is removed or its issue pulled back; app/reader/epaper.ts
 * counts an opening after load.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { services, publicUrl, keep, mediaBase } = context.get(appContext);
  const [settings, clip] = await Promise.all([
    services.settings.get(),
    services.epaper.clip(params.id ?? ''),
  ]);
  if (!clip) throw data(null, { status: 404, statusText: 'Not Found' });
  keep(CacheTags.epaperClip(clip.id), CacheTags.epaperIssue(clip.issueId));
  return {
    clip,
    settings,
    publicUrl,
    image: absoluteUrl(publicUrl, sentMediaUrl(clip.image, mediaBase)),
    src: sentMediaUrl(clip.image, mediaBase),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { clip, settings, publicUrl, image } = loaderData;
  const ui = interfaceFor(settings.uiLanguage);
  const c = epaperClipsCopy[ui.lang];
  const edition = editionName(clip.edition, ui.lang);
  return pageMeta({
    settings,
    title: c.clipTitle(edition, issueDate(clip.date, ui.locale), clip.page),
    description: c.clipDescription(settings.siteName),
    url: `${publicUrl}${epaperClipPath(clip.id)}`,
    image: {
      url: image,
      width: clip.width,
      height: clip.height,
      alt: c.clipAlt(edition, clip.page),
    },
  });
};

export default function EpaperClipPage({ loaderData }: Route.ComponentProps) {
  const { clip, publicUrl, src } = loaderData;
  const { lang, locale } = useInterface();
  const c = epaperClipsCopy[lang];
  const edition = editionName(clip.edition, lang);
  const title = c.clipTitle(edition, issueDate(clip.date, locale), clip.page);
  const url = `${publicUrl}${epaperClipPath(clip.id)}`;
  return (
    <main
      id="main"
      className="container py-3 epaper-clip"
      lang={lang}
      data-epaper
      data-epaper-clip={clip.id}
    >
      <h1 className="h4">{title}</h1>
      <figure className="epaper-clip-figure">
        <img
          src={src}
          width={clip.width}
          height={clip.height}
          alt={c.clipAlt(edition, clip.page)}
        />
      </figure>
      <p className="epaper-clip-share" aria-label={c.share}>
        <a
          className="btn btn-success"
          href={`https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`}
          target="_blank"
          rel="noopener noreferrer"
          data-share-whatsapp
        >
          {c.whatsapp}
        </a>
        <button
          type="button"
          className="btn btn-outline-secondary"
          data-copy-link={url}
          data-copied={c.copied}
          data-copy-failed={c.copyFailed}
        >
          {c.copyLink}
        </button>
        <span role="status" data-copy-status />
      </p>
      <p>
        <a className="btn btn-primary" href={clip.pagePath} data-clip-page>
          {c.readPage}
        </a>
      </p>
      <p className="small">
        <a href="/plans">{c.subscribe}</a>
      </p>
    </main>
  );
}
