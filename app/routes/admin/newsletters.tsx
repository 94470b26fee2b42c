/*
 * Newsletters for editors and up (issue 37 item 3): the active ones, creating and changing one
 * with the server's own schema, archiving, "Send now", and each one's issues as they go out.
 * Their subscribers' lists are administrators' (/admin/subscribers), linked from here.
 */
import { useState, type ReactNode } from 'react';
import { Link, useOutletContext, useRevalidator } from 'react-router';
import { toast } from 'react-toastify';
import { isLanguage } from '../../../common/languages';
import { hasRole } from '../../../common/roles';
import type { Category } from '../../../common/schemas/categories';
import type { Edition } from '../../../common/schemas/editions';
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
  const [newsletters, categories, editions] = await Promise.all([
    adminApi<Newsletter[]>('/api/newsletters'),
    adminApi<Category[]>('/api/categories'),
    adminApi<Edition[]>('/api/editions').catch(() => [] as Edition[]),
  ]);
  return { newsletters, categories, editions };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const t = useAdminCopy();
  return <p>{t.loading}</p>;
}

type Asking = { what: 'archive' | 'send'; newsletter: Newsletter };

export default function AdminNewsletters({ loaderData }: Route.ComponentProps) {
  const { t } = useAdminInterface();
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

  const { archive, send } = useNewsletterCalls({
    onArchived: (x) => {
      if (shown === x._id) setShown(null);
      if (editing === x._id) setEditing(null);
    },
    onSent: (x) => {
      setShown(x._id);
      setSends((count) => count + 1);
    },
  });

  const answer = (a: Asking) => {
    setAsking(null);
    void (a.what === 'archive' ? archive(a.newsletter) : send(a.newsletter));
  };

  const columns = newsletterColumns(t, (x) => (
    <NewsletterActions
      newsletter={x}
      editing={editing === x._id}
      shown={shown === x._id}
      onEdit={() => setEditing(editing === x._id ? null : x._id)}
      onShow={() => setShown(shown === x._id ? null : x._id)}
      onAsk={(what) => setAsking({ what, newsletter: x })}
    />
  ));

  return (
    <>
      <h1 className="h3 mb-2">{n.title}</h1>
      <p className="text-muted">{n.intro}</p>
      {hasRole(me.role, 'administrator') && (
        <p>
          <Link to="/admin/subscribers">{n.subscribersLink}</Link>
        </p>
      )}
      <NewsletterCard
        id="newsletter-add-heading"
        heading={n.addHeading}
        categories={categories}
        editions={loaderData.editions}
        onSaved={(saved) => {
          toast.success(n.created(saved.name));
          void revalidator.revalidate();
        }}
      />
      {editingOne && (
        <NewsletterCard
          key={editingOne._id}
          id="newsletter-edit-heading"
          heading={n.editHeading(editingOne.name)}
          newsletter={editingOne}
          categories={categories}
          editions={loaderData.editions}
          onSaved={(saved) => {
            setEditing(null);
            toast.success(n.saved(saved.name));
            void revalidator.revalidate();
          }}
          onCancel={() => setEditing(null)}
        />
      )}
      <h2 className="h5">{n.listLabel}</h2>
      <DataTable columns={columns} rows={newsletters} empty={n.none} />
      {shownOne && <NewsletterIssues key={shownOne._id} newsletter={shownOne} version={sends} />}
      {asking && (
        <AskDialog asking={asking} onYes={() => answer(asking)} onNo={() => setAsking(null)} />
      )}
    </>
  );
}

/** The question before archiving or sending. */
function AskDialog({
  asking,
  onYes,
  onNo,
}: {
  asking: Asking;
  onYes: () => void;
  onNo: () => void;
}) {
  const n = useAdminCopy().newsletters;
  const archive = asking.what === 'archive';
  return (
    <ConfirmDialog
      question={
        archive ? n.confirmArchive(asking.newsletter.name) : n.confirmSend(asking.newsletter.name)
      }
      confirmLabel={archive ? n.confirmArchiveYes : n.confirmSendYes}
      cancelLabel={n.cancel}
      onConfirm={onYes}
      onCancel={onNo}
    />
  );
}

/** Archiving and "Send now", each with its toast; the list is asked again after an archive. */
function useNewsletterCalls({
  onArchived,
  onSent,
}: {
  onArchived: (x: Newsletter) => void;
  onSent: (x: Newsletter) => void;
}) {
  const { t, say } = useAdminInterface();
  const n = t.newsletters;
  const revalidator = useRevalidator();
  const archive = async (x: Newsletter) => {
    try {
      await adminApi(`/api/newsletters/${x._id}`, { method: 'DELETE' });
      toast.success(n.archived(x.name));
      onArchived(x);
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
      onSent(x);
    } catch (error) {
      toast.error(say(saidOf(error)));
    }
  };
  return { archive, send };
}

/** The form in a card of its own: a new newsletter, or changing `newsletter`. */
function NewsletterCard({
  id,
  heading,
  ...form
}: { id: string; heading: string } & Omit<Parameters<typeof NewsletterForm>[0], 'language'>) {
  const { lang } = useAdminInterface();
  return (
    <section className="card mb-4" aria-labelledby={id}>
      <div className="card-body">
        <h2 id={id} className="h5">
          {heading}
        </h2>
        <NewsletterForm language={lang} {...form} />
      </div>
    </section>
  );
}

/** The newsletters' columns; `actions` draws a row's buttons. */
function newsletterColumns(
  t: ReturnType<typeof useAdminInterface>['t'],
  actions: (x: Newsletter) => ReactNode,
): Column<Newsletter>[] {
  const n = t.newsletters;
  const scheduleOf = ({ schedule }: Newsletter) =>
    schedule.kind === 'manual'
      ? n.manual
      : schedule.kind === 'weekly'
        ? n.weekly(n.weekdays[schedule.weekday ?? 1] ?? '', schedule.time)
        : n.daily(schedule.time);
  return [
    { header: n.columns.name, cell: (x) => x.name },
    {
      header: n.columns.language,
      cell: (x) => (isLanguage(x.language) ? t.languageName(x.language) : x.language),
    },
    { header: n.columns.schedule, cell: scheduleOf },
    { header: n.columns.actions, cell: actions },
  ];
}

/** A newsletter's buttons, each named by it: edit, send now, issues, archive. */
function NewsletterActions({
  newsletter: x,
  editing,
  shown,
  onEdit,
  onShow,
  onAsk,
}: {
  newsletter: Newsletter;
  editing: boolean;
  shown: boolean;
  onEdit: () => void;
  onShow: () => void;
  onAsk: (what: Asking['what']) => void;
}) {
  const n = useAdminCopy().newsletters;
  return (
    <div className="d-flex flex-wrap gap-1">
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        aria-label={`${n.edit}: ${x.name}`}
        aria-pressed={editing}
        onClick={onEdit}
      >
        {n.edit}
      </button>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        aria-label={`${n.sendNow}: ${x.name}`}
        onClick={() => onAsk('send')}
      >
        {n.sendNow}
      </button>
      <button
        type="button"
        className="btn btn-outline-secondary btn-sm"
        aria-label={`${n.issues}: ${x.name}`}
        aria-expanded={shown}
        onClick={onShow}
      >
        {shown ? n.hideIssues : n.issues}
      </button>
      <button
        type="button"
        className="btn btn-outline-danger btn-sm"
        aria-label={`${n.archive}: ${x.name}`}
        onClick={() => onAsk('archive')}
      >
        {n.archive}
      </button>
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
