import { useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import type { CommentBanList } from '../../../common/schemas/comments';
import { fromZonedInput } from '../../../common/time-zone';
import { Field } from '../../components/field';
import { formatMoment, useAdminInterface } from '../../copy/admin-language';
import { commentDeskCopy, type CommentDeskCopy } from '../../copy/comment-desk';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../../features/api/admin-api';
import { requireModeratorScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/comment-bans';

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireModeratorScreen(context, request);
  return null;
}

export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  return adminApi<CommentBanList>('/api/comments/bans');
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useAdminInterface();
  return <p>{t.loading}</p>;
}

type Bans = CommentBanList['bans'];

/**
 * The moderators' bans (issue 42 item 2): a reader chosen from a comment in the queue (its
 * "Ban" link names them) is banned with a reason, until a date or until lifted; every ban is
 * listed, newest first, each with a button that lifts it.
 */
export default function CommentBans({ loaderData }: Route.ComponentProps) {
  const ui = useAdminInterface();
  const t = commentDeskCopy[ui.lang].bans;
  const revalidator = useRevalidator();
  const [params] = useSearchParams();
  const reader = params.get('reader');
  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toast.success(done);
    } catch (error) {
      toast.error(ui.say(saidOf(error)));
    }
    await revalidator.revalidate();
  };
  return (
    <>
      <h1 className="h3 mb-2">{t.title}</h1>
      <p className="text-body-secondary">{t.intro}</p>
      {reader && /^[0-9a-f-]{36}$/i.test(reader) && (
        <BanForm
          t={t}
          name={params.get('name') ?? ''}
          onBan={(reason, until) =>
            act(
              () =>
                adminApi(`/api/users/${reader}/ban`, {
                  method: 'POST',
                  body: { reason, ...(until ? { until } : {}) },
                }),
              t.banned,
            )
          }
        />
      )}
      <BanList
        t={t}
        bans={loaderData.bans}
        when={(iso) => formatMoment(new Date(iso), ui)}
        onLift={(userId) =>
          act(() => adminApi(`/api/users/${userId}/ban`, { method: 'DELETE' }), t.lifted)
        }
      />
    </>
  );
}

function BanForm({
  t,
  name,
  onBan,
}: {
  t: CommentDeskCopy['bans'];
  name: string;
  onBan: (reason: string, until: string | undefined) => Promise<void>;
}) {
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <form
      className="card card-body mb-4 vstack gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        const end = until ? fromZonedInput(until, zone)?.toISOString() : undefined;
        void onBan(reason.trim(), end);
      }}
    >
      <p className="mb-0">
        {t.who}: <strong>{name}</strong>
      </p>
      <Field id="ban-reason" label={t.reason}>
        <input
          id="ban-reason"
          className="form-control"
          required
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Field>
      <Field id="ban-until" label={t.until}>
        <input
          id="ban-until"
          type="datetime-local"
          className="form-control"
          value={until}
          onChange={(e) => setUntil(e.target.value)}
        />
      </Field>
      <div>
        <button type="submit" className="btn btn-danger">
          {t.ban}
        </button>
      </div>
    </form>
  );
}

function BanList({
  t,
  bans,
  when,
  onLift,
}: {
  t: CommentDeskCopy['bans'];
  bans: Bans;
  when: (iso: string) => string;
  onLift: (userId: string) => Promise<void>;
}) {
  if (bans.length === 0) return <p>{t.empty}</p>;
  return (
    <table className="table align-middle" aria-label={t.listLabel}>
      <thead>
        <tr>
          <th scope="col">{t.who}</th>
          <th scope="col">{t.why}</th>
          <th scope="col">{t.ends}</th>
          <th scope="col">{t.by}</th>
          <th scope="col">
            <span className="visually-hidden">{t.lift}</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {bans.map((b) => (
          <tr key={b.userId}>
            <td>
              {b.name} <small className="text-body-secondary">{b.email}</small>
            </td>
            <td style={{ overflowWrap: 'anywhere' }}>{b.reason}</td>
            <td>
              {b.until ? when(b.until) : t.forever}
              {!b.active && <span className="badge text-bg-secondary ms-2">{t.ended}</span>}
            </td>
            <td>{b.bannedBy ?? ''}</td>
            <td>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                aria-label={t.liftOf(b.name)}
                onClick={() => void onLift(b.userId)}
              >
                {t.lift}
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
