/*
 * The reader's city (issue 65 item 4, DECISIONS.md §30), without tracking: chosen by name or
 * "near me", kept in this browser's localStorage for a year (with when it was chosen), cleared
 * on request. "Near me" finds the nearest edition here, from the cached tree (`GET
 * /api/editions`): no coordinate leaves the browser. Pages stay the same bytes for everyone;
 * the strip is filled after load from the edition's cached top JSON. Loaded only when a city
 * is kept or the picker is opened (main.ts), so other readers pay nothing for it.
 */
import { editionName, nearestEdition } from '../../common/edition-place';
import { findEditions } from '../../common/edition-names';
import type { Edition } from '../../common/schemas/editions';
import type { EditionTop } from '../../common/schemas/edition-top';
import { readUserInfo } from '../features/session/user-info';
import { CITY_KEY } from './city-key';
import { editionSlugOf } from './stored-edition';

const SHOWN_RESULTS = 8;

/**
 * The kept city's id, unless a year has passed since it was chosen (then it is forgotten): read
 * as the ads read it (stored-edition.ts), so both agree on what a stored value means.
 */
export function keptCity(now = Date.now()): string | undefined {
  try {
    const raw = localStorage.getItem(CITY_KEY);
    const id = editionSlugOf(raw, now);
    if (raw !== null && id === undefined) localStorage.removeItem(CITY_KEY);
    return id;
  } catch {
    return undefined; // Storage refused: no city.
  }
}

const lang = () => document.documentElement.lang || 'hi';

/** Shows the strip "आपका शहर: जयपुर →" with the city's top stories, or hides it. */
export async function showStrip(doc: Document) {
  const strip = doc.querySelector<HTMLElement>('[data-city-strip]');
  const kept = keptCity();
  if (!strip) return;
  if (!kept) return void (strip.hidden = true);
  const res = await fetch(`/api/editions/${kept}/top`);
  if (!res.ok) return;
  const top = (await res.json()) as EditionTop;
  const link = (href: string, text: string) => {
    const a = doc.createElement('a');
    a.href = href;
    a.textContent = text;
    return a;
  };
  const head = link(
    top.edition.path,
    `${strip.dataset.label}: ${editionName(top.edition, lang())} →`,
  );
  head.className = 'fw-bold me-3';
  const items = top.articles.slice(0, 3).map((a) => {
    const item = link(a.path, a.name);
    item.lang = a.language;
    item.className = 'me-3';
    return item;
  });
  strip.replaceChildren(head, ...items);
  strip.hidden = false;
}

/** Keeps `id` as this browser's city (a signed-in reader's, from `GET /api/me`). */
export function adopt(doc: Document, id: string) {
  if (keptCity() === id) return;
  try {
    localStorage.setItem(CITY_KEY, JSON.stringify({ id, at: Date.now() }));
  } catch {
    return;
  }
  void showStrip(doc);
}

async function choose(doc: Document, edition: Edition | undefined) {
  if (!edition) return;
  try {
    localStorage.setItem(CITY_KEY, JSON.stringify({ id: edition._id, at: Date.now() }));
  } catch {
    return;
  }
  doc.querySelector<HTMLDetailsElement>('[data-city]')?.removeAttribute('open');
  await Promise.all([showStrip(doc), followMe(edition._id)]);
}

/** A signed-in reader's choice follows them (`PUT /api/me`); nobody else's is sent anywhere. */
async function followMe(edition: string | null) {
  if (!readUserInfo()) return;
  await fetch('/api/me', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ edition }),
  }).catch(() => undefined);
}

/** The picker in the header: search by any name, "near me", forget. */
export async function picker(doc: Document) {
  const box = doc.querySelector<HTMLElement>('[data-city]');
  const input = box?.querySelector<HTMLInputElement>('[data-city-q]');
  const list = box?.querySelector<HTMLElement>('[data-city-list]');
  if (!box || !input || !list) return;
  const tree = ((await (await fetch('/api/editions')).json()) as Edition[]).filter(
    (e) => e.active && e.kind !== 'national',
  );
  const show = (found: Edition[]) => {
    list.replaceChildren(
      ...found.slice(0, SHOWN_RESULTS).map((e) => {
        const li = doc.createElement('li');
        const button = doc.createElement('button');
        button.type = 'button';
        button.className = 'btn btn-link btn-sm';
        button.textContent = editionName(e, lang());
        button.dataset.cityPick = e.slug;
        button.onclick = () => void choose(doc, e);
        li.append(button);
        return li;
      }),
    );
    if (input.value && !found.length) list.textContent = box.dataset.none ?? '';
  };
  input.oninput = () => show(findEditions(tree, input.value));
  // What was typed while this code and the tree were on their way.
  if (input.value) show(findEditions(tree, input.value));
  const near = box.querySelector<HTMLButtonElement>('[data-city-near]');
  if (near)
    near.onclick = () =>
      navigator.geolocation.getCurrentPosition(
        (at) =>
          void choose(
            doc,
            nearestEdition(tree, { lat: at.coords.latitude, lng: at.coords.longitude }),
          ),
      );
  const forget = box.querySelector<HTMLButtonElement>('[data-city-forget]');
  if (forget)
    forget.onclick = () => {
      localStorage.removeItem(CITY_KEY);
      void showStrip(doc);
      void followMe(null);
    };
}

// Run as it arrives (main.ts imports it with a kept city or when the picker opens).
void showStrip(document);
const box = document.querySelector<HTMLDetailsElement>('[data-city]');
if (box?.open) void picker(document);
else box?.addEventListener('toggle', () => void picker(document), { once: true });
