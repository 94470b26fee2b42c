/**
 * The public header's menus are plain `<details>` (the ☰ menu, Categories, the user's menu):
 * they open and close with no JavaScript at all, by mouse, touch and keyboard. This small
 * progressive enhancement adds what a person expects of a menu and HTML alone cannot do
 * (issue 14 item 1):
 *
 * - choosing a link or button in a menu closes every menu (the next page must not open under
 *   a menu left open; on a full page load they start closed anyway);
 * - Escape closes the menu holding the focus (or every menu) and gives the focus back to its
 *   toggle;
 * - a click or tap outside a menu closes it, and opening one menu closes the others beside it;
 * - going back or forward in history closes them.
 *
 * Plain DOM, no React: the reading pages will ship it as a small script of their own
 * (DECISIONS.md §13). Returns the function that removes the listeners.
 */
export function enhanceMenus(root: HTMLElement): () => void {
  const menus = () => Array.from(root.querySelectorAll<HTMLDetailsElement>('details[open]'));
  const close = (details: HTMLDetailsElement) => details.removeAttribute('open');
  const closeAll = () => menus().forEach(close);

  const onClick = (event: MouseEvent) => {
    const target = event.target as Element | null;
    if (!target?.closest) return;
    if (!root.contains(target)) {
      closeAll();
      return;
    }
    // A choice inside a menu (not the summary that opens it).
    if (target.closest('details a[href], details button') && !target.closest('summary')) {
      closeAll();
      return;
    }
    // A click inside the header closes the menus it is not in.
    menus()
      .filter((d) => !d.contains(target))
      .forEach(close);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    const open = menus();
    if (open.length === 0) return;
    const focused = document.activeElement;
    // The innermost open menu around the focus, else every open menu.
    const around = open.filter((d) => focused && d.contains(focused)).pop();
    if (around) {
      close(around);
      around.querySelector<HTMLElement>(':scope > summary')?.focus();
    } else {
      closeAll();
    }
    event.preventDefault();
  };

  // One menu open at a time beside another (not the ☰ menu around the Categories menu).
  const onToggle = (event: Event) => {
    const opened = event.target as HTMLDetailsElement;
    if (!opened.open) return;
    menus()
      .filter((d) => d !== opened && !d.contains(opened) && !opened.contains(d))
      .forEach(close);
  };

  document.addEventListener('click', onClick);
  document.addEventListener('keydown', onKeyDown);
  root.addEventListener('toggle', onToggle, true);
  addEventListener('popstate', closeAll);
  return () => {
    document.removeEventListener('click', onClick);
    document.removeEventListener('keydown', onKeyDown);
    root.removeEventListener('toggle', onToggle, true);
    removeEventListener('popstate', closeAll);
  };
}
