/*
 * Everything a reading page runs in the browser (DECISIONS.md §13): home, category, article,
 * static, search and error pages are React on the server and plain documents in the browser.
 * Each piece below works on markup the server rendered, and the page works without it.
 */
import { enhanceMenus } from '../components/menus';
import { alertsDue } from './alerts-due';
import { whenIdle } from './idle';
import { lazyMaps } from './lazy-map';
import { dropStaleUser, watchSignOut } from './session';
import { enhanceShareButtons } from './share';
import { countView } from './views';

// What a reader may use at once: menus, share buttons, sign-out, the map.
const header = document.querySelector<HTMLElement>('.site-header');
if (header) enhanceMenus(header);
enhanceShareButtons(document);
watchSignOut(document);
lazyMaps(document);
countView(document);
// A live blog's updates: their code is fetched by the pages that have one (issue 36 item 8).
if (document.querySelector('[data-live-blog]'))
  void import('./live').then((live) => live.followLive(document));
// What can wait for the page to be shown and the browser idle (issue 36 item 8): these read
// and write localStorage and ask for permissions, the script's costliest work on a phone; the
// alerts' code comes only when there is something for it to do.
whenIdle(
  () => dropStaleUser(document),
  () => {
    const due = alertsDue();
    if (due) void import('./push').then((push) => push.offerAlerts(document, due));
  },
);
// The browser tests' "the page's scripts are in place" marker (root.tsx sets it when React
// hydrates an app page).
document.documentElement.dataset.hydrated = 'true';
