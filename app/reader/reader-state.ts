import { isStaff, type Role } from '../../common/roles';
import { clearUserInfo, readUserInfo, USER_INFO_KEY } from '../features/session/user-info';
import { buttonsOf, leadToSignIn, toSignIn } from './sign-in-buttons';

/*
 * What is a reader's own on a shared page (issue 37 item 2, docs/decisions/055): the Follow and
 * Save buttons' state and who the header says is signed in, from `GET /api/me` after load. The
 * page's bytes are everyone's; only a browser that stored a signed-in user at sign-in asks, so an
 * anonymous reader's page makes no extra call. Without a session a button leads to sign-in.
 */

interface ReaderState {
  user: { _id: string; name: string; email: string; role: Role };
  follows: { categories: string[]; tags: string[]; authors: string[] };
  saved: string[];
  /** Their chosen edition's id (issue 65 item 4). */
  edition?: string | null;
}

type Lists = ReaderState['follows'];
const LIST_OF = { category: 'categories', tag: 'tags', author: 'authors' } as const;

const press = (button: HTMLButtonElement, on: boolean) =>
  button.setAttribute('aria-pressed', String(on));

/** An element with its class and text; `attrs` as attributes. */
function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className: string,
  text = '',
  attrs: Record<string, string> = {},
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, value);
  return node;
}

/**
 * The header's Sign In becomes the signed-in user's menu (SPEC.md §2): a dropdown titled with the
 * reader's name offering User Profile and Sign Out, as the server draws it for a session it
 * sees (public-header.tsx's UserMenu); the texts come with the link, in the page's language.
 */
function showSignedIn(doc: Document, name: string) {
  const link = doc.querySelector<HTMLAnchorElement>('.site-header a[href="/login"]');
  const item = link?.closest('li');
  if (!link || !item) return;
  const lang = link.lang;
  const menu = el(doc, 'details', 'menu');
  menu.append(el(doc, 'summary', 'nav-link', name));
  const list = el(doc, 'ul', 'menu-list menu-end');
  const profile = el(doc, 'li', '');
  profile.append(el(doc, 'a', 'dropdown-item', link.dataset.profile, { href: '/profile', lang }));
  const out = el(doc, 'form', '', '', { method: 'post', action: '/logout', 'data-sign-out': '' });
  out.append(el(doc, 'button', 'dropdown-item', link.dataset.signOut, { type: 'submit', lang }));
  out.addEventListener('submit', clearUserInfo);
  const signOut = el(doc, 'li', '');
  signOut.append(out);
  list.append(profile, signOut);
  menu.append(list);
  item.replaceChildren(menu);
}

async function send(method: 'PUT' | 'DELETE', path: string, body?: unknown) {
  const res = await fetch(path, {
    method,
    credentials: 'same-origin',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.status === 401) toSignIn();
  if (!res.ok) throw new Error(String(res.status));
  return res.json() as Promise<unknown>;
}

function wireFollow(button: HTMLButtonElement, lists: Lists) {
  const kind = button.dataset.follow as keyof typeof LIST_OF;
  const target = button.dataset.target ?? '';
  const list = LIST_OF[kind];
  if (!list) return;
  press(button, lists[list].includes(target));
  button.addEventListener('click', () => {
    const on = button.getAttribute('aria-pressed') !== 'true';
    const next = {
      ...lists,
      [list]: on ? [...lists[list], target] : lists[list].filter((t) => t !== target),
    };
    button.disabled = true;
    send('PUT', '/api/me/follows', next)
      .then((answer) => {
        Object.assign(lists, answer as Lists);
        press(button, lists[list].includes(target));
      })
      .catch(() => undefined)
      .finally(() => (button.disabled = false));
  });
}

function wireSave(button: HTMLButtonElement, saved: Set<string>) {
  const id = button.dataset.save ?? '';
  press(button, saved.has(id));
  button.addEventListener('click', () => {
    const on = button.getAttribute('aria-pressed') !== 'true';
    button.disabled = true;
    send(on ? 'PUT' : 'DELETE', `/api/me/saved/${encodeURIComponent(id)}`)
      .then(() => {
        if (on) saved.add(id);
        else saved.delete(id);
        press(button, on);
      })
      .catch(() => undefined)
      .finally(() => (button.disabled = false));
  });
}

/** A story's comment form and buttons (issue 42): their code comes only to a signed-in reader. */
function comments(doc: Document, user: { _id: string; name: string }) {
  if (doc.querySelector('[data-comments][data-texts]'))
    void import('./comments').then((c) => c.commentsFor(doc, user));
}

/** A members' story read whole: the gift offer's code (issue 39 item 5). */
function gifts(doc: Document) {
  if (doc.querySelector('[data-gift]')) void import('./gift').then((g) => g.offerGift(doc));
}

/** Asks `GET /api/me` when a signed-in reader is stored; wires the buttons either way. */
export async function readerState(doc: Document): Promise<void> {
  const stored = readUserInfo();
  // A staff session renders its own pages: the server said who is signed in.
  if (stored && isStaff(stored.role) && doc.documentElement.dataset.signedIn === 'true') {
    gifts(doc);
    return comments(doc, stored);
  }
  const buttons = [...buttonsOf(doc)];
  const anonymous = () => leadToSignIn(doc);
  const justSignedIn = location.hash === '#signed-in';
  if (!stored && !justSignedIn) return anonymous();
  const res = await fetch('/api/me', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  }).catch(() => undefined);
  if (res?.status === 401) {
    clearUserInfo();
    return anonymous();
  }
  if (!res?.ok) return;
  const state = (await res.json()) as ReaderState;
  if (justSignedIn) {
    // Kept as a sign-in keeps it (SPEC.md §3), without the token: the cookie carries the session.
    // (storeUserInfo's work, written here: importing it would grow every page's first script.)
    if (!stored)
      try {
        localStorage.setItem(USER_INFO_KEY, JSON.stringify({ ...state.user, token: '' }));
      } catch {
        // Private mode or full storage: the cookie still signs the reader in.
      }
    history.replaceState(history.state, '', location.pathname + location.search);
  }
  showSignedIn(doc, state.user.name);
  comments(doc, state.user);
  gifts(doc);
  // Their city, chosen on another device (issue 65 item 4), comes to this browser.
  const city = state.edition;
  if (city) void import('./city').then((c) => c.adopt(doc, city));
  const saved = new Set(state.saved);
  for (const button of buttons) {
    if (button.dataset.follow) wireFollow(button, state.follows);
    else wireSave(button, saved);
  }
}
