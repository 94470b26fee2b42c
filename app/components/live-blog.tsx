import type { Article } from '../../common/schemas/articles';
import type { LiveEntry } from '../../common/schemas/live';
import { entryAgo, entryClock } from '../../common/live-times';
import { authorPath, liveFeedPath } from '../../common/paths';
import { GIFT_PARAM } from '../../common/schemas/gifts';
import { htmlExcerpt } from '../../common/text';
import { formatZoned } from '../../common/time-zone';
import { useInterface } from '../copy/language';

/** A key event's line in the list that jumps to it. */
const KEY_EVENT_CHARS = 90;
/** The anchor of an entry, for key events and for links to one update. */
export const entryAnchor = (id: string) => `update-${id}`;

/** Pinned entries first, then the newest first: the order the page and the script keep. */
export function inPageOrder(entries: readonly LiveEntry[]): LiveEntry[] {
  return [...entries.filter((e) => e.pinned), ...entries.filter((e) => !e.pinned)];
}

/**
 * A live blog's updates under its introduction (issue 25 item 1): complete without JavaScript
 * (every entry with its clock time in the site's zone, how long ago, its writer; pinned ones on
 * top; key events that jump to theirs). app/reader/live.ts asks for new ones while it is live
 * and offers them with a button instead of moving what the reader is reading.
 */
export function LiveBlog({
  article,
  entries,
  updatedAt,
  timeZone,
  gift,
}: {
  article: Article;
  entries: readonly LiveEntry[];
  /** The gift link's token this page was opened with: its polls carry it (issue 66 item 1). */
  gift?: string | undefined;
  /** The blog's latest change (the service's, as its JSON says it): where polls begin. */
  updatedAt: string;
  timeZone: string;
}) {
  const { t, lang, locale } = useInterface();
  const now = Date.now();
  const keyEvents = entries.filter((e) => e.keyEvent);
  return (
    <section
      className="live-blog mt-4"
      aria-labelledby="live-updates"
      data-live-blog={article._id}
      data-live={article.liveBlog ? 'on' : 'off'}
      data-live-feed={
        gift
          ? `${liveFeedPath(article._id)}?${GIFT_PARAM}=${encodeURIComponent(gift)}`
          : liveFeedPath(article._id)
      }
      data-live-since={updatedAt}
      data-zone={timeZone}
      data-locale={locale}
      data-new-one={t.live.newUpdates(1)}
      data-new-many={t.live.newUpdates(2).replace('2', '{n}')}
      data-by={t.live.by}
      data-author-path={authorPath('')}
      data-pinned={t.live.pinned}
      lang={lang}
    >
      <h2 id="live-updates" className="h4 section-title">
        {t.live.updates}
      </h2>
      {!article.liveBlog && article.liveEndedAt && (
        <p className="live-ended">
          {t.live.ended(formatZoned(new Date(article.liveEndedAt), timeZone))}
        </p>
      )}
      {keyEvents.length > 0 && (
        <nav className="live-key-events" aria-labelledby="live-key-events">
          <h3 id="live-key-events" className="h6">
            {t.live.keyEvents}
          </h3>
          <ol>
            {keyEvents.map((e) => (
              <li key={e._id}>
                <a href={`#${entryAnchor(e._id)}`}>
                  <time dateTime={e.createdAt}>{entryClock(e.createdAt, timeZone, locale)}</time>{' '}
                  <span lang={article.language}>{htmlExcerpt(e.body, KEY_EVENT_CHARS)}</span>
                </a>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <p className="live-new" hidden>
        <button type="button" className="btn btn-primary btn-sm" />
      </p>
      {entries.length === 0 && <p className="live-none text-body-secondary">{t.live.none}</p>}
      <ol className="live-entries list-unstyled">
        {inPageOrder(entries).map((e) => (
          <LiveEntryItem
            key={e._id}
            entry={e}
            language={article.language}
            timeZone={timeZone}
            now={now}
          />
        ))}
      </ol>
    </section>
  );
}

function LiveEntryItem({
  entry,
  language,
  timeZone,
  now,
}: {
  entry: LiveEntry;
  language: string;
  timeZone: string;
  now: number;
}) {
  const { t, locale } = useInterface();
  return (
    <li
      id={entryAnchor(entry._id)}
      className={entry.pinned ? 'live-entry live-pinned' : 'live-entry'}
      data-updated={entry.updatedAt}
    >
      <p className="live-when small">
        <time dateTime={entry.createdAt}>{entryClock(entry.createdAt, timeZone, locale)}</time>
        {' · '}
        <span className="live-ago" data-time={entry.createdAt}>
          {entryAgo(entry.createdAt, now, locale)}
        </span>
        {entry.pinned && <strong className="live-pin-label"> · {t.live.pinned}</strong>}
      </p>
      <div
        className="live-body"
        lang={language}
        // Cleaned by the article sanitiser when it was written (server/modules/live).
        dangerouslySetInnerHTML={{ __html: entry.body }}
      />
      {entry.author && (
        <p className="live-by small text-body-secondary">
          {t.live.by}
          <a href={authorPath(entry.author.slug)}>{entry.author.name}</a>
        </p>
      )}
    </li>
  );
}
