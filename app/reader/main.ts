/*
 * Everything a reading page runs in the browser (DECISIONS.md §13): home, category, article,
 * static, search and error pages are React on the server and plain documents in the browser.
 * Each piece below works on markup the server rendered, and the page works without it.
 */
import { enhanceMenus } from '../components/menus';
import { lazyMaps } from './lazy-map';
import { followLive } from './live';
import { offerAlerts } from './push';
import { tidySession } from './session';
import { enhanceShareButtons } from './share';
import { countView } from './views';

const header = document.querySelector<HTMLElement>('.site-header');
if (header) enhanceMenus(header);
enhanceShareButtons(document);
lazyMaps(document);
countView(document);
tidySession(document);
followLive(document);
offerAlerts(document);
// The browser tests' "the page's scripts are in place" marker (root.tsx sets it when React
// hydrates an app page).
document.documentElement.dataset.hydrated = 'true';
