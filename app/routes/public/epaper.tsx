import { epaperPath } from '../../../common/epaper';
import { editionName } from '../../../common/edition-place';
import { sentMediaUrl } from '../../../common/media';
import { appContext } from '../../../common/services';
import {
  EpaperCalendarView,
  EpaperEditions,
  EpaperPageView,
  EpaperStrip,
  EpaperTurn,
  issueDate,
} from '../../components/epaper-reader';
import { EpaperClipTool, EpaperZoneLinks, EpaperZoneTexts } from '../../components/epaper-zones';
import { epaperReaderCopy } from '../../copy/epaper';
import { epaperClipsCopy } from '../../copy/epaper-clips';
import { epaperWallCopy } from '../../copy/epaper-wall';
import { EpaperDownload } from '../../components/epaper-wall';
import { interfaceFor, useInterface } from '../../copy/language';
import { epaperPageData } from '../../features/epaper/epaper-page-data';
import { absoluteUrl, pageMeta } from '../../features/seo/meta';
import { shareImage } from '../../features/seo/share-image';
import { breadcrumbs, jsonLd } from '../../features/seo/structured-data';
import type { Route } from './+types/epaper';

/**
 * The e-paper (issue 67 item 3): /epaper (the national edition's newest issue, else the
 * newest of any; the reader's own city's comes from app/reader/epaper.ts, which knows it),
 * /epaper/{edition}/{date} (an issue: its first page and the strip of pages) and
 * /epaper/{edition}/{date}/{page}. The same bytes for every reader, kept until the issue, its
 * pages or the editions' e-papers change.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { services, publicUrl, keep, mediaBase } = context.get(appContext);
  const url = new URL(request.url);
  const q = url.searchParams.get('q') ?? undefined;
  const [settings, found] = await Promise.all([
    services.settings.get(),
    epaperPageData(services, params, q),
  ]);
  keep(...found.tags);
  const { tags: _tags, ...shown } = found;
  const view = found.issue?.pages[(found.number ?? 1) - 1]?.view;
  const share = await shareImage({ services, publicUrl, mediaBase }, settings);
  return {
    ...shown,
    home: !params.edition,
    asked: params.page !== undefined,
    q: q?.trim() ?? '',
    settings,
    publicUrl,
    share: view
      ? {
          ...share,
          url: absoluteUrl(publicUrl, sentMediaUrl(view.webp, mediaBase)),
          width: 1080,
          height: undefined,
        }
      : share,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [];
  const { settings, publicUrl, issue, number, share, asked } = loaderData;
  const ui = interfaceFor(settings.uiLanguage);
  const w = epaperReaderCopy[ui.lang];
  if (!issue) {
    return pageMeta({
      settings,
      title: w.epaper,
      description: w.none,
      url: `${publicUrl}/epaper`,
      image: share,
    });
  }
  const edition = editionName(issue.edition, ui.lang);
  const date = issueDate(issue.date, ui.locale);
  const path = epaperPath(issue.edition.slug, issue.date, asked ? number : undefined);
  const title = `${w.title(edition, date)}${asked ? ` · ${w.page(number!)}` : ''}`;
  return [
    ...pageMeta({
      settings,
      title,
      description: w.description(edition, settings.siteName),
      url: `${publicUrl}${path}`,
      image: share,
    }),
    jsonLd(
      breadcrumbs(publicUrl, [
        { name: ui.t.nav.home, path: '/' },
        { name: w.epaper, path: '/epaper' },
        { name: w.title(edition, date), path: epaperPath(issue.edition.slug, issue.date) },
      ]),
    ),
  ];
};

export default function EpaperPage({ loaderData }: Route.ComponentProps) {
  const { issue, latest, number, calendar, text, q, home } = loaderData;
  const zones = loaderData.zones ?? [];
  const { lang, locale } = useInterface();
  const w = epaperReaderCopy[lang];
  const c = epaperClipsCopy[lang];
  const x = epaperWallCopy[lang];
  if (!issue) {
    return (
      <main id="main" className="container py-4" lang={lang} data-epaper-home="[]">
        <h1>{w.epaper}</h1>
        <p>{w.none}</p>
      </main>
    );
  }
  const edition = editionName(issue.edition, lang);
  // /epaper's script takes a reader whose city has an e-paper to its newest issue.
  const homes = home
    ? JSON.stringify(latest.map((l) => [l.edition._id, epaperPath(l.edition.slug, l.date)]))
    : undefined;
  return (
    <main
      id="main"
      className="container py-3 epaper"
      lang={lang}
      data-epaper
      data-epaper-home={homes}
    >
      <h1 className="h3">{w.title(edition, issueDate(issue.date, locale))}</h1>
      <EpaperEditions latest={latest} current={issue.edition._id} lang={lang} w={w} />
      <EpaperPageView issue={issue} number={number!} text={text ?? null} w={w} x={x}>
        <EpaperZoneLinks zones={zones} c={c} />
      </EpaperPageView>
      <EpaperTurn issue={issue} number={number!} w={w} />
      <EpaperDownload issueId={issue._id} x={x} />
      {issue.pages[number! - 1]?.thumb && (
        <EpaperClipTool pageId={issue.pages[number! - 1]!._id} c={c} />
      )}
      <EpaperZoneTexts zones={zones} language={issue.language} c={c} />
      <p className="epaper-hint small text-body-secondary" hidden data-epaper-hint>
        {w.zoomHint}
      </p>
      {q && text && <p role="status">{w.matches(text.matches.length, q)}</p>}
      <EpaperStrip issue={issue} number={number!} w={w} />
      {calendar && (
        <EpaperCalendarView
          calendar={calendar}
          edition={issue.edition.slug}
          shown={issue.date}
          locale={locale}
          w={w}
        />
      )}
      {text && (
        <details className="epaper-text">
          <summary>{w.readText}</summary>
          <p className="small text-body-secondary">{w.machineRead}</p>
          <p lang={issue.language} className="epaper-text-body">
            {text.text}
          </p>
        </details>
      )}
    </main>
  );
}
