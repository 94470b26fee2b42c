/*
 * The e-paper page's zoom (issue 67 item 3, docs/decisions/067): OpenSeadragon over the page's
 * Deep Zoom tiles (200 dpi, given inline: no .dzi to fetch), in place of the page's view.
 * Loaded by app/reader/epaper.ts when the reader first zooms; it asks only for the tiles in
 * sight. Pinch, double tap, the mouse wheel and the viewer's own keys work in it.
 */
import OpenSeadragon from 'openseadragon';

interface Tiles {
  url: string;
  width: number;
  height: number;
  tileSize: number;
  overlap: number;
  format: string;
}

export function openZoom(page: HTMLElement): { by(factor: number): void } {
  const tiles = JSON.parse(page.dataset.tiles!) as Tiles;
  const box = document.createElement('div');
  box.className = 'epaper-viewer';
  box.dataset.epaperViewer = '';
  const sheet = page.querySelector('.epaper-sheet');
  if (sheet) sheet.replaceWith(box);
  else page.append(box);
  const viewer = OpenSeadragon({
    element: box,
    showNavigationControl: false,
    visibilityRatio: 1,
    minZoomImageRatio: 1,
    gestureSettingsTouch: { pinchToZoom: true, dblClickToZoom: true, flickEnabled: true },
    tileSources: {
      Image: {
        xmlns: 'http://schemas.microsoft.com/deepzoom/2008',
        Url: `${tiles.url}/`,
        Format: tiles.format,
        Overlap: String(tiles.overlap),
        TileSize: String(tiles.tileSize),
        Size: { Width: String(tiles.width), Height: String(tiles.height) },
      },
    },
  });
  let opened = false;
  const waiting: number[] = [];
  viewer.addOnceHandler('open', () => {
    opened = true;
    for (const factor of waiting.splice(0)) viewer.viewport.zoomBy(factor);
  });
  return {
    by(factor) {
      if (opened) viewer.viewport.zoomBy(factor);
      else waiting.push(factor);
    },
  };
}
