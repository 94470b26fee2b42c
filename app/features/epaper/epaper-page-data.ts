/*
 * What an e-paper reader page reads (issue 67 item 3): the issue (an edition's of a date, or
 * for /epaper the national edition's newest, else the newest of any edition), the page shown,
 * the editions with an e-paper, the issue's month of dates, and the page's machine-read text
 * with a query's matches. The same for every reader; the tags say what refreshes the kept page.
 */
import { data } from 'react-router';
import { CacheTags } from '../../../common/cache-tags';
import { EPAPER_DATE_PATTERN } from '../../../common/epaper';
import type { AppServices } from '../../../common/services';

export async function epaperPageData(
  services: Pick<AppServices, 'epaper'>,
  params: { edition?: string | undefined; date?: string | undefined; page?: string | undefined },
  q: string | undefined,
) {
  const notFound = () => data(null, { status: 404, statusText: 'Not Found' });
  const latest = await services.epaper.latest();
  const tags: string[] = [CacheTags.epaperList];
  const chosen = params.edition
    ? { edition: params.edition, date: params.date ?? '' }
    : latest[0] && { edition: latest[0].edition.slug, date: latest[0].date };
  if (!chosen) return { latest, tags, issue: undefined };
  if (!EPAPER_DATE_PATTERN.test(chosen.date)) throw notFound();
  const issue = await services.epaper.issue(chosen.edition, chosen.date);
  if (!issue) throw notFound();
  const number = params.page === undefined ? 1 : Number(params.page);
  if (!/^\d+$/.test(params.page ?? '1') || number < 1 || number > issue.pages.length)
    throw notFound();
  tags.push(CacheTags.epaperIssue(issue._id), CacheTags.epaperDates(issue.edition._id));
  // A walled page (issue 68 item 3) shows no words of its own in the page every reader gets:
  // neither its machine-read text nor its boxes' text; its boxes' stories are links as ever.
  const free = issue.pages[number - 1]!.free;
  const [calendar, text, zones] = await Promise.all([
    services.epaper.calendar(issue.edition._id, issue.date.slice(0, 7)),
    params.page === undefined || !free
      ? undefined
      : services.epaper.pageText(issue._id, number, q?.trim() || undefined),
    // The desk's boxes on the page shown (issue 68 item 1): its stories, or their text.
    services.epaper.readerZones(issue._id, number),
  ]);
  const shown = free ? zones : zones.filter((z) => z.story).map((z) => ({ ...z, text: null }));
  return { latest, tags, issue, number, calendar, text: text ?? null, zones: shown };
}
