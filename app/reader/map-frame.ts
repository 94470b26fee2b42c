/**
 * The footer's map, made on a click of "Show map" (lazy-map.ts fetches this file then; issue 45
 * item 5). On the click the host is tried first: a frame is made only
 * when it answers, else the preview says the map could not be loaded and keeps its link to the
 * map, so an unreachable host never leaves a broken frame.
 */

/** How long the map's host may take to answer before the preview says it could not load. */
const PROBE_MS = 8000;

/** Whether the map's host answers at all (an opaque answer is enough; a network error is not). */
async function reachable(src: string): Promise<boolean> {
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), PROBE_MS);
  try {
    await fetch(src, { mode: 'no-cors', signal: abort.signal, referrerPolicy: 'no-referrer' });
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** Loads the map into its box (`data-lazy-map`), after a click of its button. */
export async function showMap(box: HTMLElement): Promise<void> {
  const src = box.dataset.lazyMap ?? '';
  const button = box.querySelector<HTMLButtonElement>('[data-map-show]');
  const status = box.querySelector<HTMLElement>('[data-map-status]');
  if (box.querySelector('iframe') || !src) return;
  if (button) button.disabled = true;
  if (status) status.textContent = box.dataset.mapLoading ?? '';
  if (!(await reachable(src))) {
    if (status) status.textContent = box.dataset.mapFailed ?? '';
    if (button) button.disabled = false;
    return;
  }
  const frame = document.createElement('iframe');
  frame.title = box.dataset.mapTitle ?? '';
  if (box.dataset.mapLang) frame.lang = box.dataset.mapLang;
  frame.src = src;
  frame.referrerPolicy = 'no-referrer-when-downgrade';
  box.querySelector('[data-map-preview]')?.remove();
  box.classList.add('ratio', 'ratio-4x3');
  box.append(frame);
}
