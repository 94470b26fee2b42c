/*
 * The metered wall in the reader's browser (issue 39 item 2, docs/decisions/059). The server
 * sends every article page the same bytes with the wall hidden (`[data-meter]`: the free
 * stories a month, and what the wall asks for); this counts, in this browser only, the stories
 * opened this month. Past the free ones a story opens to its headline, image and first
 * paragraph, then the wall. No cookie, nothing sent: the server never knows the count, so the
 * page stays cached, and search engines (which run no script) read every story in full.
 *
 * Runs as it arrives (main.ts imports it only on pages with a wall).
 */
import { readUserInfo } from '../features/session/user-info';
import { openWalled } from '../features/members/open-walled';

const KEY = 'patrika.meter';

interface Read {
  /** The month counted, `2026-11` (the reader's own calendar). */
  month: string;
  /** The stories opened in it, each once. */
  ids: string[];
}

const thisMonth = () => {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}`;
};

function readCount(): Read {
  try {
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Read | null;
    if (stored?.month === thisMonth() && Array.isArray(stored.ids)) return stored;
  } catch {
    // Unreadable: a fresh month.
  }
  return { month: thisMonth(), ids: [] };
}

function save(read: Read) {
  try {
    localStorage.setItem(KEY, JSON.stringify(read));
  } catch {
    // Private mode or full storage: nothing is counted, and nothing is walled.
  }
}

/** Whether this browser's reader may read on past the wall: signed in, or a member. */
async function entitled(wall: string): Promise<boolean> {
  if (!readUserInfo()) return false;
  if (wall === 'registration') return true;
  try {
    const res = await fetch('/api/me/membership', { credentials: 'same-origin' });
    const { status } = (await res.json()) as { status?: string };
    return res.ok && (status === 'active' || status === 'trialing');
  } catch {
    return false;
  }
}

/** The story's body past its first paragraph hidden, and the wall shown after it. */
function showWall(wall: HTMLElement, body: HTMLElement) {
  let first = true;
  for (const part of Array.from(body.children) as HTMLElement[]) {
    if (first && part.tagName === 'P') {
      first = false;
      continue;
    }
    if (!first) part.hidden = true;
  }
  wall.hidden = false;
}

async function meter() {
  const wall = document.querySelector<HTMLElement>('[data-meter]');
  const story = document.querySelector<HTMLElement>('[data-view-article]');
  const body = story?.querySelector<HTMLElement>('[data-read-story]');
  const id = story?.dataset.viewArticle;
  const free = Number(wall?.dataset.meter);
  if (!wall || !body || !id || !(free > 0)) return;
  const read = readCount();
  // A story already opened this month stays open; a new one counts while free ones are left.
  if (read.ids.includes(id)) return;
  if (read.ids.length < free) {
    save({ ...read, ids: [...read.ids, id] });
    return;
  }
  if (await entitled(wall.dataset.meterWall ?? 'registration')) return;
  showWall(wall, body);
}

void openWalled();
void meter();
