import { toast } from 'react-toastify';
import type { AdminInterface } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';
import { saidOf } from '../../copy/refusals';

/** A signed preview link of the article (DECISIONS.md §11), or null after telling the user why not. */
export async function previewLink(
  articleId: string,
  { t, say }: Pick<AdminInterface, 't' | 'say'>,
): Promise<string | null> {
  try {
    const { url } = await adminApi<{ url: string }>(`/api/articles/${articleId}/preview`, {
      method: 'POST',
    });
    return url;
  } catch (error) {
    toast.error(t.form.previewFailed(say(saidOf(error))));
    return null;
  }
}

/** Opens the article's preview in a new tab; the tab opens on the click, so no pop-up blocker. */
export async function openPreview(
  articleId: string,
  ui: Pick<AdminInterface, 't' | 'say'>,
): Promise<void> {
  const tab = window.open('', '_blank');
  const url = await previewLink(articleId, ui);
  if (url && tab) tab.location.href = url;
  else tab?.close();
}
