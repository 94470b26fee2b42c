/*
 * Cutting a clip on an e-paper page (issue 68 item 2), loaded by app/reader/epaper.ts when the
 * reader presses "Clip": a rectangle dragged over the page (mouse, finger or pen), or a tap on
 * one of the desk's boxes, is sent to `POST /api/epaper/clips`, and the reader is taken to the
 * clip's share page.
 */
type Box = { x: number; y: number; w: number; h: number };
/** A drag smaller than this (a fraction of the page) is a tap. */
const TAP = 0.02;

const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** Sends the box; answers false when no clip was made (the status line says so). */
async function sendClip(tool: HTMLElement, start: HTMLElement, status: HTMLElement, box: Box) {
  status.textContent = start.dataset.clipping ?? '';
  const res = await fetch('/api/epaper/clips', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify({ pageId: tool.dataset.epaperClipTool, box }),
  }).catch(() => undefined);
  if (res?.status === 201) {
    location.href = ((await res.json()) as { url: string }).url;
    return true;
  }
  status.textContent = start.dataset.failed ?? '';
  return false;
}

export function startClipping(main: HTMLElement, tool: HTMLElement) {
  const sheet = main.querySelector<HTMLElement>('.epaper-sheet');
  const start = tool.querySelector<HTMLButtonElement>('[data-epaper-clip-start]');
  const hint = tool.querySelector<HTMLElement>('[data-epaper-clip-hint]');
  const status = tool.querySelector<HTMLElement>('[data-epaper-clip-status]');
  if (!sheet || !start || !hint || !status) return;
  const zones = [...sheet.querySelectorAll<HTMLElement>('[data-epaper-zone]')].map(
    (z) => JSON.parse(z.dataset.epaperZone ?? '{}') as Box,
  );
  const drawn = document.createElement('div');
  drawn.className = 'epaper-clip-box';
  drawn.dataset.epaperClipBox = '';
  let from: { x: number; y: number } | undefined;
  let box: Box | undefined;

  const at = (e: PointerEvent) => {
    const r = sheet.getBoundingClientRect();
    return { x: clamp((e.clientX - r.left) / r.width), y: clamp((e.clientY - r.top) / r.height) };
  };
  const show = (b: Box) =>
    Object.assign(drawn.style, {
      left: `${b.x * 100}%`,
      top: `${b.y * 100}%`,
      width: `${b.w * 100}%`,
      height: `${b.h * 100}%`,
    });
  const down = (e: PointerEvent) => {
    e.preventDefault();
    from = at(e);
    box = undefined;
    sheet.setPointerCapture(e.pointerId);
    sheet.append(drawn);
    show({ ...from, w: 0, h: 0 });
  };
  const move = (e: PointerEvent) => {
    if (!from) return;
    const to = at(e);
    box = {
      x: Math.min(from.x, to.x),
      y: Math.min(from.y, to.y),
      w: Math.abs(to.x - from.x),
      h: Math.abs(to.y - from.y),
    };
    show(box);
  };
  const up = () => {
    if (!from) return;
    const tapped = from;
    from = undefined;
    if (!box || box.w < TAP || box.h < TAP) {
      const zone = zones.find(
        (z) => tapped.x >= z.x && tapped.x <= z.x + z.w && tapped.y >= z.y && tapped.y <= z.y + z.h,
      );
      if (!zone) return drawn.remove();
      box = zone;
      show(box);
    }
    void sendClip(tool, start, status, box).then((ok) => ok || stop());
  };
  const stop = () => {
    main.classList.remove('epaper-clipping');
    hint.hidden = true;
    start.hidden = false;
    drawn.remove();
    sheet.removeEventListener('pointerdown', down);
    sheet.removeEventListener('pointermove', move);
    sheet.removeEventListener('pointerup', up);
  };

  main.classList.add('epaper-clipping');
  start.hidden = true;
  hint.hidden = false;
  status.textContent = '';
  sheet.addEventListener('pointerdown', down);
  sheet.addEventListener('pointermove', move);
  sheet.addEventListener('pointerup', up);
  hint.querySelector('[data-epaper-clip-cancel]')?.addEventListener('click', stop, { once: true });
}
