/*
 * The e-paper's reader pages in the browser (issue 67 item 3), on markup the server rendered
 * the same for every reader (app/components/epaper-reader.tsx): /epaper takes a reader whose
 * city (kept in this browser, issue 65 item 4) has an e-paper to its newest issue; a page turns
 * by a swipe or the arrow keys, and zooms by a double tap, the zoom button or `+` into the
 * page's tiles: OpenSeadragon and the tiles load only then (epaper-zoom.ts).
 */
import { readerAccess } from './epaper-access';
import { storedEditionSlug } from './stored-edition';

const SWIPE_PX = 60;

/** /epaper: the reader's own city's newest issue, when it has one. */
function goToOwnCity(main: HTMLElement) {
  const own = storedEditionSlug();
  if (!own) return;
  let homes: [string, string][] = [];
  try {
    homes = JSON.parse(main.dataset.epaperHome ?? '[]') as [string, string][];
  } catch {
    return;
  }
  const path = homes.find(([id, to]) => id === own || to.split('/')[2] === own)?.[1];
  if (path && path !== location.pathname) location.replace(path);
}

function turnTo(href: string | undefined) {
  if (href) location.href = href;
}

type Zoom = { by(factor: number): void };

/** Swipes, keys and the zoom of the page shown. */
function enhancePage(page: HTMLElement) {
  let zoom: Promise<Zoom> | undefined;
  const zoomIn = (factor = 2) => {
    zoom ??= import('./epaper-zoom').then((z) => z.openZoom(page));
    void zoom.then((viewer) => viewer.by(factor));
  };
  const button = document.querySelector<HTMLButtonElement>('[data-epaper-zoom]');
  const hint = document.querySelector<HTMLElement>('[data-epaper-hint]');
  // A walled page's tiles come after load, to a reader who may read it (epaper-access.ts).
  const enableZoom = () => {
    if (!page.dataset.tiles || !button || !button.hidden) return;
    button.hidden = false;
    if (hint) hint.hidden = false;
    button.addEventListener('click', () => zoomIn());
    page.querySelector('img')?.addEventListener('dblclick', () => zoomIn());
  };
  enableZoom();
  page.addEventListener('epaper-tiles', enableZoom);
  let start: { x: number; y: number } | undefined;
  page.addEventListener(
    'touchstart',
    (e) =>
      (start =
        e.touches.length === 1
          ? { x: e.touches[0]!.clientX, y: e.touches[0]!.clientY }
          : undefined),
    { passive: true },
  );
  page.addEventListener(
    'touchend',
    (e) => {
      const touch = e.changedTouches[0];
      // Never while a clip is being drawn (issue 68 item 2).
      if (!start || !touch || zoom || page.closest('.epaper-clipping')) return;
      const dx = touch.clientX - start.x;
      if (Math.abs(dx) > SWIPE_PX && Math.abs(dx) > 2 * Math.abs(touch.clientY - start.y))
        turnTo(dx < 0 ? page.dataset.next : page.dataset.prev);
    },
    { passive: true },
  );
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || (e.target as HTMLElement).closest('input,textarea'))
      return;
    if (e.key === 'ArrowRight' && !zoom) turnTo(page.dataset.next);
    else if (e.key === 'ArrowLeft' && !zoom) turnTo(page.dataset.prev);
    else if ((e.key === '+' || e.key === '=') && page.dataset.tiles) zoomIn(1.5);
    else if (e.key === '-' && zoom) void zoom.then((viewer) => viewer.by(1 / 1.5));
  });
}

/**
 * A box's text read aloud by the browser's own voices (issue 68 item 1): its button shows only
 * when the browser has a voice for the text's language (voices may arrive after load).
 */
function enableListen() {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-epaper-listen]')];
  if (buttons.length === 0 || !('speechSynthesis' in window)) return;
  const synth = window.speechSynthesis;
  const voiceFor = (lang: string) =>
    synth.getVoices().find((v) => v.lang.toLowerCase().replace('_', '-').startsWith(lang));
  const label = new Map(buttons.map((b) => [b, b.textContent ?? '']));
  const show = () => {
    for (const button of buttons) button.hidden = !voiceFor(button.dataset.epaperListen ?? '');
  };
  for (const button of buttons)
    button.addEventListener('click', () => {
      if (synth.speaking) {
        synth.cancel();
        return;
      }
      const lang = button.dataset.epaperListen ?? '';
      const body = button.closest('[data-epaper-zone-text]')?.querySelector('.epaper-zone-body');
      const voice = voiceFor(lang);
      if (!body || !voice) return;
      const speech = new SpeechSynthesisUtterance(body.textContent ?? '');
      speech.voice = voice;
      speech.lang = voice.lang;
      speech.onend = speech.onerror = () => (button.textContent = label.get(button) ?? '');
      button.textContent = button.dataset.stop ?? '';
      synth.speak(speech);
    });
  show();
  synth.addEventListener('voiceschanged', show);
}

/** The clip button (issue 68 item 2): its code comes when pressed. */
function enableClips() {
  const main = document.querySelector<HTMLElement>('[data-epaper]');
  const tool = document.querySelector<HTMLElement>('[data-epaper-clip-tool]');
  const start = tool?.querySelector<HTMLButtonElement>('[data-epaper-clip-start]');
  if (!main || !tool || !start) return;
  start.hidden = false;
  start.addEventListener('click', () => {
    void import('./epaper-clip').then((clip) => clip.startClipping(main, tool));
  });
}

/** A clip's share page: its link copied, and the opening counted after load. */
function enhanceClipPage(main: HTMLElement) {
  void fetch(`/api/epaper/clips/${main.dataset.epaperClip}/open`, {
    method: 'POST',
    keepalive: true,
  }).catch(() => {});
  const copy = main.querySelector<HTMLButtonElement>('[data-copy-link]');
  const status = main.querySelector<HTMLElement>('[data-copy-status]');
  copy?.addEventListener('click', () => {
    navigator.clipboard
      .writeText(copy.dataset.copyLink ?? location.href)
      .then(() => (status!.textContent = copy.dataset.copied ?? ''))
      .catch(() => (status!.textContent = copy.dataset.copyFailed ?? ''));
  });
}

const main = document.querySelector<HTMLElement>('[data-epaper-home]');
if (main) goToOwnCity(main);
const page = document.querySelector<HTMLElement>('[data-epaper-page]');
if (page) enhancePage(page);
// Each reader's own access after load (issue 68 items 3 and 4): the kept page is everyone's.
if (page) void readerAccess(page).catch(() => {});
enableListen();
enableClips();
const clipPage = document.querySelector<HTMLElement>('[data-epaper-clip]');
if (clipPage) enhanceClipPage(clipPage);
