import { relativeWithinDay } from '../../common/relative-time';

/**
 * Cards' times within a day said as "2 hours ago" in the page's interface language (issue 45
 * item 3), in the words the page carries (`<body data-ago>`, root.tsx); the server rendered the
 * absolute day, the same for every reader, which stays for an older story and in the title.
 */
export function relativeTimes(root: Document, now = new Date()) {
  const words = root.body.dataset.ago;
  if (!words) return;
  for (const time of root.querySelectorAll<HTMLTimeElement>('time[data-relative]')) {
    const text = relativeWithinDay(new Date(time.dateTime), now, words);
    if (!text) continue;
    time.title ||= time.textContent!;
    time.textContent = text;
  }
}
