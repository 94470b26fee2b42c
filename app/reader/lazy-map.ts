/**
 * The footer's map (app/components/public-footer.tsx) loads on a click (issue 45 item 5): the
 * page shows a preview with the place and a "Show map" button, and no page asks the map's host
 * for anything before the reader does. The code that tries the host and makes the frame
 * (map-frame.ts) comes with the click, so a page that is only read never fetches it.
 */

/** Binds every map preview's "Show map" button on a reading page. */
export function lazyMaps(root: ParentNode) {
  for (const box of root.querySelectorAll<HTMLElement>('[data-lazy-map]')) {
    box
      .querySelector('[data-map-show]')
      ?.addEventListener('click', () => void import('./map-frame').then((map) => map.showMap(box)));
  }
}
