/** SPEC.md §9: share popups are 550 by 400. */
export function openSharePopup(href: string) {
  const left = Math.max(0, (screen.width - 550) / 2);
  const top = Math.max(0, (screen.height - 400) / 2);
  open(href, 'share', `width=550,height=400,left=${left},top=${top},noopener,noreferrer`);
}

/**
 * The article's share row (app/components/share-buttons.tsx): network links open a popup
 * instead of a tab; the share icon uses the Web Share API where there is one, else copies the
 * link and says so in the row's status line.
 */
export function enhanceShareButtons(root: ParentNode) {
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-share-popup]')) {
    link.addEventListener('click', (event) => {
      event.preventDefault();
      openSharePopup(link.href);
    });
  }
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-share-url]')) {
    const status = button.parentElement?.querySelector<HTMLElement>('[data-share-status]');
    const say = (text: string | undefined) => {
      if (status && text) status.textContent = text;
    };
    button.addEventListener('click', () => {
      const url = button.dataset.shareUrl ?? location.href;
      const title = button.dataset.shareTitle ?? document.title;
      if (typeof navigator.share === 'function') {
        navigator.share({ title, url }).catch(() => {
          // The reader closed the share sheet.
        });
        return;
      }
      navigator.clipboard
        .writeText(url)
        .then(() => say(button.dataset.copied))
        .catch(() => say(button.dataset.copyFailed));
    });
  }
}
