/*
 * Newsletters for editors and up (issue 37 item 3): the active ones, creating and changing one
 * with the server's own schema, archiving, "Send now", and each one's issues as they go out.
 * Their subscribers' lists are administrators' (/admin/subscribers), linked from here.
 */
import { useState } from 'react';
import { Link, useOutletContext, useRevalidator } from 'react-router';
import { toast } from 'react-toastify';
import { hasRole } from '../../../common/roles';
import type { Category } from '../../../common/schemas/categories';
import type { SessionUser } from '../../../common/services';
import { AdminRouteError } from '../../components/admin/route-error';
import { ConfirmDialog } from '../../components/admin/confirm-dialog';
import { DataTable, type Column } from '../../components/admin/data-table';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../../features/api/admin-api';
import { NewsletterForm, type Newsletter } from '../../features/newsletters/newsletter-form';
import { NewsletterIssues } from '../../features/newsletters/newsletter-issues';
import { requireScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/newsletters';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireScreen(context, request, 'editor');
  return null;
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  const [newsletters, categories] = await Promise.all([
    adminApi<Newsletter[]>('/api/newsletters'),
    adminApi<Category[]>('/api/categories'),
  ]);
  return { newsletters, categories };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const t = useAdminCopy();
  return <p>{t.loading}</p>;
}

type Asking = { what: 'archive' | 'send'; newsletter: Newsletter };

export default function AdminNewsletters({ loaderData }: Route.ComponentProps) {
  const { t, say, lang } = useAdminInterface();
  const n = t.newsletters;
  const me = useOutletContext<SessionUser>();
  const { newsletters, categories } = loaderData;
  const revalidator = useRevalidator();
  const [editing, setEditing] = useState<string | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [asking, setAsking] = useState<Asking | null>(null);
  /** Bumped after a send, so the shown issues are asked again at once. */
  const [sends, setSends] = useState(0);
  const editingOne = newsletters.find((x) => x._id === editing);
  const shownOne = newsletters.find((x) => x._id === shown);

  const scheduleOf = ({ schedule }: Newsletter) =>
    schedule.kind === 'manual'
      ? n.manual
      : schedule.kind === 'weekly'
        ? n.weekly(n.weekdays[schedule.weekday ?? 1] ?? '', schedule.time)
        : n.daily(schedule.time);

  const archive = async (x: Newsletter) => {
    try {
      await adminApi(`/api/newsletters/${x._id}`, { method: 'DELETE' });
      toast.success(n.archived(x.name));
      if (shown === x._id) setShown(null);
      if (editing === x._id) setEditing(null);
    } catch (error) {
      toast.error(say(saidOf(error)));
    }
    await revalidator.revalidate();
  };

  const send = async (x: Newsletter) => {
    try {
      const { issueId } = await adminApi<{ issueId: string | null }>(
        `/api/newsletters/${x._id}/send`,
        { method: 'POST' },
      );
      if (issueId) toast.success(n.sending);
      else toast.info(n.nothingNew);
      setShown(x._id);
      setSends((s) => s + 1);
    } catch (error) {
      toast.error(say(saidOf(error)));
    }
  };

  const answer = (a: Asking) => {
    setAsking(null);
    void (a.what === 'archive' ? archive(a.newsletter) : send(a.newsletter));
  };

  const columns: Column<Newsletter>[] = [
    { header: n.columns.name, cell: (x) => x.name },
    {
      header: n.columns.language,
      cell: (x) => t.languageName(x.language as Parameters<typeof t.languageName>[0]),
    },
    { header: n.columns.schedule, cell: scheduleOf },
    {
      header: n.columns.actions,
      cell: (x) => (
        <div className="d-flex flex-wrap gap-1">
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            aria-label={`${n.edit}: ${x.name}`}
            aria-pressed={editing === x._id}
            onClick={() => setEditing(editing === x._id ? null : x._id)}
          >
            {n.edit}
          </button>
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            aria-label={`${n.sendNow}: ${x.name}`}
            onClick={() => setAsking({ what: 'send', newsletter: x })}
          >
            {n.sendNow}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            aria-label={`${n.issues}: ${x.name}`}
            aria-expanded={shown === x._id}
            onClick={() => setShown(shown === x._id ? null : x._id)}
          >
            {shown === x._id ? n.hideIssues : n.issues}
          </button>
          <button
            type="button"
            className="btn btn-outline-danger btn-sm"
            aria-label={`${n.archive}: ${x.name}`}
            onClick={() => setAsking({ what: 'archive', newsletter: x })}
          >
            {n.archive}
          </button>
        </div>
      ),
    },
  ];

  return (
    <>
      <h1 className="h3 mb-2">{n.title}</h1>
      <p className="text-muted">{n.intro}</p>
      {hasRole(me.role, 'administrator') && (
        <p>
          <Link to="/admin/subscribers">{n.subscribersLink}</Link>
        </p>
      )}
      <section className="card mb-4" aria-labelledby="newsletter-add-heading">
        <div className="card-body">
          <h2 id="newsletter-add-heading" className="h5">
            {n.addHeading}
          </h2>
          <NewsletterForm
            categories={categories}
            language={lang}
            onSaved={(saved) => {
              toast.success(n.created(saved.name));
              void revalidator.revalidate();
            }}
          />
        </div>
      </section>
      {editingOne && (
        <section className="card mb-4" aria-labelledby="newsletter-edit-heading">
          <div className="card-body">
            <h2 id="newsletter-edit-heading" className="h5">
              {n.editHeading(editingOne.name)}
            </h2>
            <NewsletterForm
              key={editingOne._id}
              newsletter={editingOne}
              categories={categories}
              language={lang}
              onSaved={(saved) => {
                setEditing(null);
                toast.success(n.saved(saved.name));
                void revalidator.revalidate();
              }}
              onCancel={() => setEditing(null)}
            />
          </div>
        </section>
      )}
      <h2 className="h5">{n.listLabel}</h2>
      <DataTable columns={columns} rows={newsletters} empty={n.none} />
      {shownOne && <NewsletterIssues key={shownOne._id} newsletter={shownOne} version={sends} />}
      {asking && (
        <ConfirmDialog
          question={
            asking.what === 'archive'
              ? n.confirmArchive(asking.newsletter.name)
              : n.confirmSend(asking.newsletter.name)
          }
          confirmLabel={asking.what === 'archive' ? n.confirmArchiveYes : n.confirmSendYes}
          cancelLabel={n.cancel}
          onConfirm={() => answer(asking)}
          onCancel={() => setAsking(null)}
        />
      )}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
