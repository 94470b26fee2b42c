/**
 * The footer's map frame (app/components/public-footer.tsx) is made only when the footer comes
 * near the screen: a map service's page weighs more than the whole article.
 */
export function lazyMaps(root: ParentNode) {
  for (const box of root.querySelectorAll<HTMLElement>('[data-lazy-map]')) {
    const show = () => {
      if (box.querySelector('iframe:not(noscript iframe)')) return;
      const frame = document.createElement('iframe');
      frame.title = box.dataset.mapTitle ?? '';
      if (box.dataset.mapLang) frame.lang = box.dataset.mapLang;
      frame.src = box.dataset.lazyMap ?? '';
      frame.loading = 'lazy';
      frame.referrerPolicy = 'no-referrer-when-downgrade';
      box.querySelector('noscript')?.remove();
      box.append(frame);
    };
    if (!('IntersectionObserver' in window)) {
      show();
      continue;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          show();
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(box);
  }
}
