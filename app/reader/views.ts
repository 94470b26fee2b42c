/**
 * Counts a view of the article on the page (its element names it in `data-view-article`),
 * after the page is shown and without holding anything up.
 */
export function countView(root: ParentNode) {
  const id = root.querySelector<HTMLElement>('[data-view-article]')?.dataset.viewArticle;
  if (!id) return;
  void fetch(`/api/articles/${encodeURIComponent(id)}/view`, {
    method: 'POST',
    keepalive: true,
  }).catch(() => {});
}
