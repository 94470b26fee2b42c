/*
 * The alerts' offer waits for a second story read (issue 45 item 4): this notes the stories a
 * browser read and calls the offer once this page's story is half read. main.ts fetches it only
 * when the offer is due and the story's middle is in sight or the reader scrolls, so a page that
 * is only opened keeps its script budget.
 */
import { mayOffer } from './alerts-due';

/** The stories this browser read (their addresses, the last few), as JSON. */
const READ = 'patrika:stories-read';
/** How many read stories are remembered: enough to count two different ones. */
const READ_KEPT = 10;

/** The addresses of the stories this browser read, the newest last. */
function storiesRead(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(READ) ?? '[]');
    return Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

/** Notes `path` as read; answers how many different stories this browser has read. */
export function noteRead(path: string): number {
  const read = [...storiesRead().filter((p) => p !== path), path].slice(-READ_KEPT);
  try {
    localStorage.setItem(READ, JSON.stringify(read));
  } catch {
    // Nothing kept: the offer waits.
  }
  return read.length;
}

/** Whether the middle of `story` has come above the bottom of the window. */
export const halfRead = (story: HTMLElement) => {
  const box = story.getBoundingClientRect();
  return box.top + box.height / 2 <= window.innerHeight;
};

/**
 * Calls `then` once the reader has read this page's story (scrolled past its middle) and it is
 * the second different story this browser read; never on a first story.
 */
export function offerOnRead(doc: Document, then: () => void) {
  const story = doc.querySelector<HTMLElement>('[data-read-story]');
  if (!story) return;
  const check = () => {
    if (!halfRead(story)) return;
    window.removeEventListener('scroll', onScroll);
    if (noteRead(location.pathname) >= 2 && mayOffer()) then();
  };
  let waiting = false;
  const onScroll = () => {
    if (waiting) return;
    waiting = true;
    requestAnimationFrame(() => {
      waiting = false;
      check();
    });
  };
  window.addEventListener('scroll', onScroll, { passive: true });
  check();
}
