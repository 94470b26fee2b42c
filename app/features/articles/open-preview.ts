import { toast } from 'react-toastify';
import { adminCopy as t } from '../../copy/admin';
import { adminApi } from '../api/admin-api';

/** A signed preview link of the article (DECISIONS.md §11), or null after telling the user why not. */
export async function previewLink(articleId: string): Promise<string | null> {
  try {
    const { url } = await adminApi<{ url: string }>(`/api/articles/${articleId}/preview`, {
      method: 'POST',
    });
    return url;
  } catch (error) {
    toast.error(t.form.previewFailed((error as Error).message));
    return null;
  }
}

/** Opens the article's preview in a new tab; the tab opens on the click, so no pop-up blocker. */
export async function openPreview(articleId: string): Promise<void> {
  const tab = window.open('', '_blank');
  const url = await previewLink(articleId);
  if (url && tab) tab.location.href = url;
  else tab?.close();
}
