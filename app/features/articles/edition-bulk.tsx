/*
 * Stories' editions in bulk on the admin list (issue 65 item 2): a box on each row selects it,
 * and "Add to edition" or "Remove from edition" sends the selected stories with the chosen
 * edition (`POST /api/articles/editions`, editors and up). A refusal (a desk limited to other
 * editions) changes nothing and is said in the back office's language.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { toast } from 'react-toastify';
import type { Edition } from '../../../common/schemas/editions';
import type { Column } from '../../components/admin/data-table';
import { useAdminInterface } from '../../copy/admin-language';
import { editionDeskCopyIn } from '../../copy/edition-desk';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../api/admin-api';
import { EditionOptions } from '../editions/edition-reach-options';

/** The rows selected, and the column of boxes that selects them. */
export function useSelection<T extends { _id: string; name: string }>(rows: readonly T[]) {
  const { lang } = useAdminInterface();
  const t = editionDeskCopyIn(lang);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  // Another page, another filter or the list read again: nothing unseen stays selected.
  useEffect(() => setSelected(new Set()), [rows]);
  const toggle = (id: string) =>
    setSelected((now) => {
      const next = new Set(now);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const all = rows.length > 0 && rows.every((r) => selected.has(r._id));
  const column: Column<T> = {
    header: t.selectColumn,
    cell: (row) => (
      <input
        type="checkbox"
        className="form-check-input"
        aria-label={t.select(row.name)}
        checked={selected.has(row._id)}
        onChange={() => toggle(row._id)}
      />
    ),
  };
  const selectPage = (
    <input
      type="checkbox"
      className="form-check-input"
      aria-label={t.selectPage}
      checked={all}
      onChange={() => setSelected(all ? new Set() : new Set(rows.map((r) => r._id)))}
    />
  );
  return { selected, clear: () => setSelected(new Set()), column, selectPage };
}

/** The bar above the list: how many are selected, the edition, add and remove. */
export function EditionBulkBar({
  selected,
  selectPage,
  editions,
  onDone,
}: {
  selected: ReadonlySet<string>;
  selectPage: ReactNode;
  editions: readonly Edition[];
  onDone: () => Promise<void> | void;
}) {
  const ui = useAdminInterface();
  const t = editionDeskCopyIn(ui.lang);
  const [edition, setEdition] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (move: 'add' | 'remove') => {
    setBusy(true);
    try {
      const { updated } = await adminApi<{ updated: number }>('/api/articles/editions', {
        method: 'POST',
        body: { ids: [...selected], [move]: edition },
      });
      toast.success(t.bulkDone(updated));
      await onDone();
    } catch (error) {
      toast.error(ui.say(saidOf(error)));
    } finally {
      setBusy(false);
    }
  };
  const off = busy || selected.size === 0 || !edition;
  // A site with no editions has nothing to place stories in; on a phone's width the rows carry
  // no boxes (a desk's task on a wide screen), so neither does the bar above them.
  if (editions.length === 0) return null;
  return (
    <section
      className="d-none d-md-flex flex-wrap gap-2 align-items-end mb-2"
      aria-label={t.bulkTitle}
    >
      <div className="form-check mb-2">{selectPage}</div>
      <p className="small mb-2 me-2" role="status">
        {t.selected(selected.size)}
      </p>
      <div>
        <label htmlFor="bulk-edition" className="form-label small mb-0">
          {t.bulkEdition}
        </label>
        <select
          id="bulk-edition"
          className="form-select form-select-sm"
          value={edition}
          onChange={(e) => setEdition(e.target.value)}
        >
          <EditionOptions editions={editions} lang={ui.lang} none={t.bulkChoose} />
        </select>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary"
        disabled={off}
        onClick={() => void send('add')}
      >
        {t.bulkAdd}
      </button>
      <button
        type="button"
        className="btn btn-sm btn-outline-danger"
        disabled={off}
        onClick={() => void send('remove')}
      >
        {t.bulkRemove}
      </button>
    </section>
  );
}
