import { useState } from 'react';
import { toast } from 'react-toastify';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { editionPath } from '../../../common/paths';
import type { Edition } from '../../../common/schemas/editions';
import { DataTable, type Column } from '../../components/admin/data-table';
import { RowActions } from '../../components/admin/row-actions';
import { AdminRouteError } from '../../components/admin/route-error';
import { useAdminInterface } from '../../copy/admin-language';
import { editionTreeCopyIn, type EditionTreeCopy } from '../../copy/edition-tree';
import { adminApi } from '../../features/api/admin-api';
import { useListPage } from '../../features/api/use-list-page';
import {
  draftOf,
  EditionModal,
  EMPTY_EDITION,
  type EditionDraft,
} from '../../features/editions/edition-modal';
import { editionLabel } from '../../features/editions/edition-reach-options';
import { requireScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/editions';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireScreen(context, request, 'administrator');
  return null;
}

/** Who reads the edition's e-paper whole, and (when not everyone) its pages free to all. */
function epaperSummary({ epaper }: Edition, t: EditionTreeCopy) {
  const access = t.accessShort[epaper.access];
  if (epaper.access === 'free') return access;
  return `${access} · ${t.freeShort(epaper.freePages.join(', ') || '–')}`;
}

/** An edition with the slugs of its address (national left out) and its depth. */
type Placed = Edition & { slugs: string[] };

/** The tree depth first: each edition followed by what sits under it, by English name. */
function depthFirst(all: readonly Edition[]): Placed[] {
  const under = new Map<string | null, Edition[]>();
  for (const e of all) under.set(e.parentId, [...(under.get(e.parentId) ?? []), e]);
  const out: Placed[] = [];
  const walk = (parent: string | null, slugs: string[]) => {
    for (const e of under.get(parent) ?? []) {
      const own = e._id === NATIONAL_EDITION_ID ? slugs : [...slugs, e.slug];
      out.push({ ...e, slugs: own });
      walk(e._id, own);
    }
  };
  walk(null, []);
  return out;
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  return { editions: depthFirst(await adminApi<Edition[]>('/api/editions')) };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useAdminInterface();
  return <p>{t.loading}</p>;
}

/**
 * The editions (issue 65 item 1): the tree as administrators keep it, each edition under its
 * parent, added, edited and deleted here, with who reads its e-paper whole (issue 68 item 3). A
 * delete the server refuses (stories, e-paper issues or editions under it) is said with the
 * server's reason.
 */
export default function AdminEditions({ loaderData }: Route.ComponentProps) {
  const { editions } = loaderData;
  const ui = useAdminInterface();
  const t = editionTreeCopyIn(ui.lang);
  const list = useListPage({ currentPage: 1, rowsOnPage: editions.length });
  const [modal, setModal] = useState({ open: false, opened: 0, draft: EMPTY_EDITION });
  const openModal = (draft: EditionDraft) =>
    setModal((m) => ({ open: true, opened: m.opened + 1, draft }));
  const nameOf = (e: Edition) => (ui.lang === 'hi' ? e.names.hi : e.names.en);

  const columns: Column<Placed>[] = [
    {
      header: t.name,
      cell: (e) => (
        <a href={editionPath(e.slugs)} lang={ui.lang === 'hi' ? 'hi' : 'en'}>
          {editionLabel(e, ui.lang)}
        </a>
      ),
    },
    { header: t.slug, cell: (e) => <span lang="en">{e.slug}</span> },
    { header: t.kind, cell: (e) => t.kinds[e.kind] },
    { header: t.shown, cell: (e) => (e.active ? t.yes : t.no) },
    { header: t.epaper, cell: (e) => epaperSummary(e, t) },
    {
      header: t.actions,
      className: 'text-nowrap',
      cell: (e) =>
        e._id === NATIONAL_EDITION_ID ? (
          <button
            type="button"
            className="btn btn-sm btn-outline-primary"
            aria-label={`${ui.t.articles.edit}: ${nameOf(e)}`}
            onClick={() => openModal(draftOf(e))}
          >
            {ui.t.articles.edit}
          </button>
        ) : (
          <RowActions
            name={nameOf(e)}
            edit={() => openModal(draftOf(e))}
            onDelete={() =>
              list.deleteAfterConfirm(
                t.confirmDelete(nameOf(e)),
                `/api/editions/${e._id}`,
                t.deleted(nameOf(e)),
              )
            }
          />
        ),
    },
  ];

  return (
    <>
      <div className="d-flex justify-content-between align-items-center mb-2">
        <h1 className="h3 mb-0">{t.title}</h1>
        <button type="button" className="btn btn-primary" onClick={() => openModal(EMPTY_EDITION)}>
          {t.add}
        </button>
      </div>
      <p className="text-body-secondary">{t.intro}</p>
      <DataTable columns={columns} rows={editions} empty={t.empty} />
      <EditionModal
        {...modal}
        tree={editions}
        onClose={() => setModal((m) => ({ ...m, open: false }))}
        onSaved={async () => {
          setModal((m) => ({ ...m, open: false }));
          await list.reload();
          toast.success(t.saved);
        }}
      />
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
