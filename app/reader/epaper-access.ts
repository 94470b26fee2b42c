/*
 * The paid e-paper in the browser (issue 68 items 3 and 4): the page every reader got shows a
 * walled page's thumbnail and wall; this asks the server, after load and for this reader only
 * (`GET /api/epaper/issues/{id}/access`, private), whether they may read on. If they may, the
 * page's view and tiles come at addresses signed for minutes (never in the kept page) and the
 * issue's download shows; if not, the wall says why (signed out, no plan with the e-paper,
 * older than the plan reaches).
 */
import type { EpaperIssueAccess } from '../../common/schemas/epaper';

/** The walled page's view in place of its wall, and its tiles for the zoom. */
function openPage(page: HTMLElement, signed: EpaperIssueAccess['pages'][number]) {
  const wall = page.querySelector('[data-epaper-wall]');
  if (!wall || !signed.view) return;
  const sheet = document.createElement('div');
  sheet.className = 'epaper-sheet';
  const picture = document.createElement('picture');
  const avif = document.createElement('source');
  avif.type = 'image/avif';
  avif.srcset = signed.view.avif;
  const img = document.createElement('img');
  img.src = signed.view.webp;
  img.width = 1080;
  img.alt = wall.querySelector('img')?.alt ?? '';
  picture.append(avif, img);
  sheet.append(picture);
  wall.replaceWith(sheet);
  if (signed.tiles) {
    page.dataset.tiles = JSON.stringify(signed.tiles);
    page.dispatchEvent(new CustomEvent('epaper-tiles'));
  }
}

/** Why the wall stays: only that reason's words and ways on. */
function explainWall(page: HTMLElement, wall: NonNullable<EpaperIssueAccess['wall']>) {
  for (const el of page.querySelectorAll<HTMLElement>('[data-wall-reason]'))
    el.hidden = el.dataset.wallReason !== wall;
}

/** The issue's PDF, fetched and saved; a refusal's words shown beside the button. */
function enableDownload(box: HTMLElement) {
  const button = box.querySelector('button');
  const status = box.querySelector<HTMLElement>('[role="status"]');
  box.hidden = false;
  button?.addEventListener('click', () => {
    button.disabled = true;
    void fetch(`/api/epaper/issues/${box.dataset.epaperDownload}/download`, {
      method: 'POST',
      credentials: 'same-origin',
    })
      .then(async (res) => {
        if (!res.ok) {
          const body = (await res.json().catch(() => ({}))) as { message?: string };
          throw new Error(body.message ?? button.dataset.failed);
        }
        const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '');
        const link = document.createElement('a');
        link.href = URL.createObjectURL(await res.blob());
        link.download = name?.[1] ?? 'epaper.pdf';
        link.click();
        setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
      })
      .catch((error: Error) => {
        if (status) status.textContent = error.message;
      })
      .finally(() => (button.disabled = false));
  });
}

export async function readerAccess(page: HTMLElement) {
  const issue = page.dataset.epaperIssue;
  if (!issue) return;
  const res = await fetch(`/api/epaper/issues/${issue}/access`, { credentials: 'same-origin' });
  if (!res.ok) return;
  const access = (await res.json()) as EpaperIssueAccess;
  const shown = Number(page.dataset.walled);
  if (shown && access.wall) explainWall(page, access.wall);
  const signed = access.pages.find((p) => p.number === shown);
  if (shown && signed) openPage(page, signed);
  const download = document.querySelector<HTMLElement>('[data-epaper-download]');
  if (download && access.download) enableDownload(download);
}
