/*
 * A members' story's wall in a member's browser (issue 39 item 3, docs/decisions/060). The
 * page a browser gets is its entitlement class's, chosen by the server from the member's hint
 * cookie, which `GET /api/me/membership` sets. A member's browser that has not asked yet (a new
 * device, a membership begun since) got the walled page: for a signed-in reader this asks once,
 * and when the membership opens the story, loads the page again, now their class's.
 *
 * Run by the wall itself when React renders it (a sign-in that comes back to the story is a
 * client-side navigation), and on a document load by the metered wall's code (app/reader/
 * meter.ts), which the reading script fetches on pages with either wall: the entry script's
 * budget has no room for a second import.
 */
import { readUserInfo } from '../session/user-info';

const ASKED = 'patrika.walled';

export async function openWalled() {
  const wall = document.querySelector<HTMLElement>('[data-walled]');
  if (!wall || !readUserInfo()) return;
  try {
    // Once per story and browser session: a reload that is still walled asks no more.
    const asked = `${ASKED}:${location.pathname}`;
    if (sessionStorage.getItem(asked)) return;
    sessionStorage.setItem(asked, '1');
    const res = await fetch('/api/me/membership', { credentials: 'same-origin' });
    const { status, plan } = (await res.json()) as {
      status?: string;
      plan?: { access?: string } | null;
    };
    const running = res.ok && (status === 'active' || status === 'trialing');
    // A plan's access opens its own kind; a paid one (or none: a complimentary gift) opens all.
    const opens = wall.dataset.walled === 'members' || (plan?.access ?? 'paid') === 'paid';
    if (running && opens) location.reload();
  } catch {
    // Storage or the network refused: the wall stays, and its sign-in link still works.
  }
}
