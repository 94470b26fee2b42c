import type { ArticleStatus } from '../../../common/articles';
import { formatZoned } from '../../../common/time-zone';
import type { AdminInterface } from '../../copy/admin-language';

/**
 * How lists show an article's status (DECISIONS.md §11): a published article whose time is
 * still to come reads "Scheduled · 23 Nov 2026, 06:00 IST", in the site's time zone and the
 * back office's language.
 */
export function statusBadge(
  a: { status: ArticleStatus; publishedAt: string },
  timeZone: string,
  { t, lang }: Pick<AdminInterface, 't' | 'lang'>,
  now = new Date(),
): { text: string; tone: 'success' | 'info' | 'warning' | 'secondary' } {
  if (a.status === 'pending') return { text: t.articles.pending, tone: 'warning' };
  if (a.status === 'draft') return { text: t.articles.draft, tone: 'secondary' };
  const at = new Date(a.publishedAt);
  return at > now
    ? { text: t.articles.scheduled(formatZoned(at, timeZone, lang)), tone: 'info' }
    : { text: t.articles.published, tone: 'success' };
}
