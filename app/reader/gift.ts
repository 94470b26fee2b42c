/*
 * Gift links (issue 39 item 5): on a members' story read whole, a signed-in reader's browser
 * shows the page's hidden "Gift this story" offer (components/members-wall.tsx); a click asks
 * the server for a link (it decides who may give, and how many), then shows it with a copy
 * button and the gifts left this month. Not on a gift link's own page: its reader got the story
 * as a gift.
 */
import { GIFT_PARAM } from '../../common/schemas/gifts';

export function offerGift(doc: Document) {
  const box = doc.querySelector<HTMLElement>('[data-gift]');
  const button = box?.querySelector('button');
  const out = box?.querySelector<HTMLElement>('[data-gift-out]');
  if (!box || !button || !out || new URLSearchParams(location.search).has(GIFT_PARAM)) return;
  box.hidden = false;
  button.addEventListener('click', () => void give(doc, box, button, out));
}

async function give(doc: Document, box: HTMLElement, button: HTMLButtonElement, out: HTMLElement) {
  const texts = box.dataset;
  button.disabled = true;
  const res = await fetch(`/api/articles/${texts.gift}/gifts`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  }).catch(() => undefined);
  const answer = (await res?.json().catch(() => undefined)) as
    { url?: string; remaining?: number; message?: string } | undefined;
  const left = (n: number | undefined) => (texts.remaining ?? '').replace('{n}', String(n ?? 0));
  out.replaceChildren();
  if (!res?.ok || !answer?.url) {
    button.disabled = false;
    // Past the month's gifts: none left (gift.limit); anything else, try again.
    out.append(line(doc, res?.status === 429 ? left(0) : texts.failed));
    return;
  }
  const link = doc.createElement('input');
  link.type = 'text';
  link.readOnly = true;
  link.value = answer.url;
  link.className = 'form-control my-2';
  const copy = doc.createElement('button');
  copy.type = 'button';
  copy.className = 'btn btn-primary btn-sm';
  copy.textContent = texts.copy ?? '';
  copy.addEventListener('click', () => {
    link.select();
    void navigator.clipboard?.writeText(answer.url ?? '').then(
      () => (copy.textContent = texts.copied ?? ''),
      () => {},
    );
  });
  out.append(line(doc, texts.made), link, copy, line(doc, left(answer.remaining)));
  button.disabled = false;
}

const line = (doc: Document, text: string | undefined) => {
  const p = doc.createElement('p');
  p.className = 'my-1';
  p.textContent = text ?? '';
  return p;
};
