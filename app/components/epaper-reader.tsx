/*
 * The e-paper's reader parts (issue 67 item 3): a page's view (AVIF or WebP, 1080 px) with the
 * boxes of a search's matches over it, the way to the next and previous pages, the strip of
 * page thumbnails, the editions with an e-paper and the calendar of an edition's dates. Plain
 * markup the server renders the same for every reader; app/reader/epaper.ts adds swiping, keys
 * and the zoom (OpenSeadragon, loaded when the reader zooms).
 */
import { epaperArchivePath, epaperPath } from '../../common/epaper';
import { editionName } from '../../common/edition-place';
import { sentMediaUrl } from '../../common/media';
import type {
  EpaperCalendar,
  EpaperLatest,
  EpaperPageText,
  EpaperReaderIssue,
} from '../../common/schemas/epaper';
import type { ReactNode } from 'react';
import type { EpaperReaderCopy } from '../copy/epaper';
import type { EpaperWallCopy } from '../copy/epaper-wall';
import { useMediaBase } from './media-base';
import { EpaperWall } from './epaper-wall';

type Words = EpaperReaderCopy;

/** A date of an issue (`YYYY-MM-DD`) in the interface's words: "29 नवंबर 2026". */
export function issueDate(date: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** One page, its view as big as the column, with its matches; the tiles for the zoom. */
export function EpaperPageView(props: {
  issue: EpaperReaderIssue;
  number: number;
  text: EpaperPageText | null;
  w: Words;
  /** The wall's words (issue 68 item 3): a walled page shows its thumbnail and the wall. */
  x: EpaperWallCopy;
  /** What lies over the page's view besides the matches: its boxes (issue 68 item 1). */
  children?: ReactNode;
}) {
  const { issue, number, text, w, x, children } = props;
  const base = useMediaBase();
  const page = issue.pages[number - 1]!;
  const path = (n: number) => epaperPath(issue.edition.slug, issue.date, n);
  const tiles = page.tiles && { ...page.tiles, url: sentMediaUrl(page.tiles.url, base) };
  return (
    <section
      className="epaper-page"
      aria-label={w.pageOf(number, issue.pages.length)}
      data-epaper-page
      data-prev={number > 1 ? path(number - 1) : undefined}
      data-next={number < issue.pages.length ? path(number + 1) : undefined}
      data-tiles={tiles ? JSON.stringify(tiles) : undefined}
      data-epaper-issue={issue._id}
      data-walled={page.free ? undefined : page.number}
    >
      {!page.free ? (
        <EpaperWall page={page} path={path(number)} x={x} />
      ) : page.view ? (
        <div className="epaper-sheet">
          <picture>
            <source type="image/avif" srcSet={sentMediaUrl(page.view.avif, base)} />
            <img
              src={sentMediaUrl(page.view.webp, base)}
              width={1080}
              height={
                page.width && page.height
                  ? Math.round((1080 * page.height) / page.width)
                  : undefined
              }
              alt={w.pageOf(number, issue.pages.length)}
              fetchPriority="high"
            />
          </picture>
          {text?.matches.map((m, i) => (
            <mark
              key={i}
              className="epaper-hit"
              style={{
                left: `${(m.x * 100).toFixed(3)}%`,
                top: `${(m.y * 100).toFixed(3)}%`,
                width: `${(m.w * 100).toFixed(3)}%`,
                height: `${(m.h * 100).toFixed(3)}%`,
              }}
            />
          ))}
          {children}
        </div>
      ) : (
        <p className="epaper-preparing">{w.preparing}</p>
      )}
    </section>
  );
}

/** Previous, "page n of N", next, and the zoom button the script shows. */
export function EpaperTurn(props: { issue: EpaperReaderIssue; number: number; w: Words }) {
  const { issue, number, w } = props;
  const path = (n: number) => epaperPath(issue.edition.slug, issue.date, n);
  return (
    <nav className="epaper-turn" aria-label={w.pages}>
      {number > 1 ? (
        <a href={path(number - 1)} rel="prev" className="btn btn-outline-secondary">
          ‹ {w.previous}
        </a>
      ) : (
        <span />
      )}
      <span>{w.pageOf(number, issue.pages.length)}</span>
      <button type="button" className="btn btn-outline-secondary" data-epaper-zoom hidden>
        {w.zoom}
      </button>
      {number < issue.pages.length ? (
        <a href={path(number + 1)} rel="next" className="btn btn-outline-secondary">
          {w.next} ›
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** Every page's thumbnail, the one shown marked. */
export function EpaperStrip(props: { issue: EpaperReaderIssue; number: number; w: Words }) {
  const { issue, number, w } = props;
  const base = useMediaBase();
  return (
    <ol className="epaper-strip" aria-label={w.pages}>
      {issue.pages.map((p) => (
        <li key={p.number}>
          <a
            href={epaperPath(issue.edition.slug, issue.date, p.number)}
            aria-current={p.number === number ? 'page' : undefined}
          >
            {p.thumb ? (
              <img
                src={sentMediaUrl(p.thumb, base)}
                width={240}
                height={p.width && p.height ? Math.round((240 * p.height) / p.width) : undefined}
                alt={w.page(p.number)}
                loading="lazy"
              />
            ) : (
              <span className="epaper-thumb-empty">{w.page(p.number)}</span>
            )}
            <span className="epaper-strip-number">{p.number}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}

/** The editions with an e-paper, each to its newest issue. */
export function EpaperEditions(props: {
  latest: EpaperLatest[];
  current?: string;
  lang: string;
  w: Words;
}) {
  const { latest, current, lang, w } = props;
  return (
    <details className="epaper-editions">
      <summary>{w.editions}</summary>
      <ul>
        {latest.map((l) => (
          <li key={l.edition._id}>
            <a
              href={epaperPath(l.edition.slug, l.date)}
              aria-current={l.edition._id === current ? 'true' : undefined}
              data-epaper-edition={l.edition._id}
            >
              {editionName(l.edition, lang)}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** A month (`YYYY-MM`) in the interface's words: "नवंबर 2026". */
export function monthName(month: string, locale: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(locale, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, 15)));
}

/**
 * A month's grid: each day with an issue a link to it. On an issue's page and on the archive's
 * month page (issue 68 item 5); the nearest months with issues and the whole archive are links
 * to the archive's stable addresses, so a reader walks back to the first issue without script.
 */
export function EpaperCalendarView(props: {
  calendar: EpaperCalendar;
  edition: string;
  shown?: string;
  locale: string;
  w: Words;
  /** The heading's level: h2 under an issue, h1's own section on the month page. */
  heading?: 'h2' | 'h3';
}) {
  const { calendar, edition, shown, locale, w } = props;
  const Heading = props.heading ?? 'h2';
  const [y, m] = calendar.month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const lead = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7; // weeks begin on Monday
  const has = new Set(calendar.dates);
  const cells = [...Array(lead).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
  const month = (date: string) => epaperArchivePath(edition, date.slice(0, 7));
  return (
    <section className="epaper-calendar" aria-label={w.dates}>
      <Heading className="h6">
        <a href={month(calendar.month)}>{monthName(calendar.month, locale)}</a>
      </Heading>
      <ol>
        {cells.map((day, i) => {
          if (day === null) return <li key={`x${i}`} aria-hidden="true" />;
          const date = `${calendar.month}-${String(day).padStart(2, '0')}`;
          return (
            <li key={date}>
              {has.has(date) ? (
                <a
                  href={epaperPath(edition, date)}
                  aria-current={date === shown ? 'date' : undefined}
                >
                  {day}
                </a>
              ) : (
                <span>{day}</span>
              )}
            </li>
          );
        })}
      </ol>
      <p className="epaper-months">
        {calendar.before && <a href={month(calendar.before)}>‹ {w.earlier}</a>}
        {calendar.after && <a href={month(calendar.after)}>{w.later} ›</a>}
        <a href={epaperArchivePath(edition)}>{w.allDates}</a>
      </p>
    </section>
  );
}
