import { relativeWithinDay } from '../../common/relative-time';

/**
 * Cards' times within a day said as "2 hours ago" in the page's interface language (issue 45
 * item 3); the server rendered the absolute day, the same for every reader, which stays for an
 * older story and in the element's title.
 */
export function relativeTimes(root: ParentNode, now = new Date()) {
  for (const time of root.querySelectorAll<HTMLTimeElement>('time[data-relative]')) {
    const text = relativeWithinDay(new Date(time.dateTime), now, time.dataset.relative ?? 'en');
    if (!text) continue;
    time.title ||= time.textContent ?? '';
    time.textContent = text;
  }
}
