/*
 * Everything a reading page runs in the browser (DECISIONS.md §13): home, category, article,
 * static, search and error pages are React on the server and plain documents in the browser.
 * Each piece below works on markup the server rendered, and the page works without it.
 */
import { enhanceMenus } from '../components/menus';
import { alertsDue } from './alerts-due';
import { sendBeacons } from './beacon';
import { whenIdle } from './idle';
import { lazyMaps } from './lazy-map';
import { relativeTimes } from './relative-times';
import { dropStaleUser, watchSignOut } from './session';
import { leadToSignIn } from './sign-in-buttons';
import { readUserInfo } from '../features/session/user-info';
import { enhanceShareButtons } from './share';
import { CITY_KEY } from './city-key';

// What a reader may use at once: menus, share buttons, sign-out, the map.
const header = document.querySelector<HTMLElement>('.site-header');
if (header) enhanceMenus(header);
enhanceShareButtons(document);
watchSignOut(document);
lazyMaps(document);
relativeTimes(document);
// The footer's newsletter form: its code comes on the first submit (issue 37 item 3).
for (const form of document.querySelectorAll<HTMLFormElement>('form[data-newsletter-signup]'))
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    void import('./newsletter-signup').then((signup) => signup.subscribe(form));
  });
// The reader's city (issue 65 item 4): its code comes, and runs as it arrives, with a city kept
// in this browser or the picker's first opening (the reading script's budget is that tight).
const city = () => import('./city');
if (localStorage[CITY_KEY]) void city();
document.querySelector('[data-city]')?.addEventListener('toggle', city, { once: true });
// Counted after the page is shown (issue 38): the beacon counts the view and the engagement.
sendBeacons(document);
// A live blog's updates: their code is fetched by the pages that have one (issue 36 item 8).
if (document.querySelector('[data-live-blog]'))
  void import('./live').then((live) => live.followLive(document));
// A seat's "alert me when declared" (issue 69 item 4): this browser's own, after load.
if (document.querySelector('[data-seat-follow]')) void import('./seat-follow');
// The e-paper's pages (issue 67 item 3): turning, keys and the zoom, and a clip's share page
// (issue 68 item 2, `data-epaper` too); its code runs as it arrives.
if (document.querySelector('[data-epaper],[data-epaper-home]')) void import('./epaper');
// Ads (issue 39 item 1): their code is fetched by the pages that have slots, and fills them
// after load (it runs as it arrives: no call here, the reading script's budget is that tight).
if (document.querySelector('[data-ad]')) void import('./ads');
// The metered wall (issue 39 item 2): counted in this browser, on the pages that have one;
// a members' story's wall (item 3, features/members/open-walled.ts) comes with it.
if (document.querySelector('[data-meter],[data-walled]')) void import('./meter');
// What can wait for the page to be shown and the browser idle (issue 36 item 8): these read
// and write localStorage and ask for permissions, the script's costliest work on a phone; the
// alerts' code comes only when there is something for it to do.
whenIdle(
  () => dropStaleUser(document),
  // A stored reader's own state (follows, saved) comes with its code; for anyone else the
  // Follow and Save buttons lead to sign-in and that code never loads.
  // (`#signed-in`: a sign-in link just signed this browser in, with nothing stored yet.)
  () =>
    readUserInfo() || location.hash == '#signed-in'
      ? void import('./reader-state').then((state) => state.readerState(document))
      : leadToSignIn(document),
  () => {
    const due = alertsDue(document);
    const offer = () => void import('./push').then((push) => push.offerAlerts(document, 'offer'));
    if (due === 'offer') offerWhenRead(offer);
    else if (due) void import('./push').then((push) => push.offerAlerts(document, due));
  },
);
/** The reading-progress code of the alerts' offer, once the story's middle is or comes in sight. */
function offerWhenRead(offer: () => void) {
  const story = document.querySelector<HTMLElement>('[data-read-story]');
  if (!story) return;
  const load = () =>
    void import('./offer-on-read').then((read) => read.offerOnRead(document, offer));
  const box = story.getBoundingClientRect();
  if (box.top + box.height / 2 <= innerHeight) load();
  else addEventListener('scroll', load, { once: true, passive: true });
}

// The browser tests' "the page's scripts are in place" marker (root.tsx sets it when React
// hydrates an app page).
document.documentElement.dataset.hydrated = 'true';
