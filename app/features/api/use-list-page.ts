import { useRevalidator, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { useAdminInterface } from '../../copy/admin-language';
import { adminApi } from './admin-api';
import { saidOf } from '../../copy/refusals';

/**
 * A back-office list whose page lives in the URL (?page=N), so reloads and links keep it:
 * moving between pages, reloading, and deleting a row after the user confirms.
 */
export function useListPage({
  currentPage,
  rowsOnPage,
}: {
  currentPage: number;
  rowsOnPage: number;
}) {
  const { say } = useAdminInterface();
  const [, setParams] = useSearchParams();
  const revalidator = useRevalidator();
  // Other parameters (a title search) stay as they are.
  const setPage = (n: number) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('page', String(n));
      return next;
    });
  const reload = () => revalidator.revalidate();

  /**
   * Asks `question`; on yes sends DELETE `path` and toasts `done`, or the server's message
   * (say, a category that still has articles). The last row of a later page goes back a page.
   */
  const deleteAfterConfirm = async (question: string, path: string, done: string) => {
    if (!window.confirm(question)) return;
    try {
      await adminApi(path, { method: 'DELETE' });
      toast.success(done);
      if (rowsOnPage === 1 && currentPage > 1) setPage(currentPage - 1);
      else await reload();
    } catch (error) {
      toast.error(say(saidOf(error)));
    }
  };

  return { setPage, reload, deleteAfterConfirm };
}
