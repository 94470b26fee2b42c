/*
 * Counting day's desk for one election (issue 69 item 2), keyboard first: the seat box
 * (a name in Hindi or Latin letters, or a number), then the leading candidate, votes, margin,
 * round and status; Enter saves a new snapshot (POST /api/elections/{slug}/results) and the
 * seat box is ready for the next seat. Several desk members work at once: a save made against
 * an older snapshot is refused (409) and shows the newer figures. Administrators start and stop
 * a rehearsal of the election here (issue 69 item 6, the rehearsal panel).
 */
import { useRef, useState } from 'react';
import { toast } from 'react-toastify';
import { nameIn } from '../../../common/election-names';
import { hasRole } from '../../../common/roles';
import { electionPath } from '../../../common/paths';
import type { DeskElectionDetail, SeatDetail } from '../../../common/schemas/elections';
import { AdminRouteError } from '../../components/admin/route-error';
import { useAdminInterface } from '../../copy/admin-language';
import { electionDeskCopy } from '../../copy/election-desk';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../../features/api/admin-api';
import { RehearsalPanel } from '../../features/election-desk/rehearsal-panel';
import { ResultForm, SnapshotLine } from '../../features/election-desk/result-form';
import { SeatPicker } from '../../features/election-desk/seat-picker';
import { requireScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/election-desk';

export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireScreen(context, request, 'editor');
  return { administrator: hasRole(me.role, 'administrator') };
}

export async function clientLoader({ serverLoader, params }: Route.ClientLoaderArgs) {
  const { administrator } = await serverLoader();
  const election = await adminApi<DeskElectionDetail>(`/api/elections/${params.slug}`);
  return { election, administrator };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const { t } = useAdminInterface();
  return <p>{t.loading}</p>;
}

/** Another election's desk (a rehearsal opened from here) starts afresh. */
export default function ElectionDeskRoute({ loaderData }: Route.ComponentProps) {
  return <ElectionDesk key={loaderData.election._id} loaderData={loaderData} />;
}

function ElectionDesk({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const ui = useAdminInterface();
  const d = electionDeskCopy[ui.lang];
  const [election, setElection] = useState(loaderData.election);
  const [seat, setSeat] = useState<SeatDetail | null>(null);
  const seatBox = useRef<HTMLInputElement>(null);
  const slug = election.slug;
  const read = (id: string) => adminApi<SeatDetail>(`/api/elections/${slug}/seats/${id}`);
  const states = election.states.map((s) => ({ code: s.code, name: nameIn(s.name, ui.lang).text }));
  const stateName = (code: string) => states.find((s) => s.code === code)?.name ?? code;

  const toggleKey = async (id: string) => {
    const key = election.keySeats.includes(id);
    const seats = key ? election.keySeats.filter((s) => s !== id) : [...election.keySeats, id];
    try {
      await adminApi(`/api/elections/${slug}/key-contests`, { method: 'PUT', body: { seats } });
      setElection({ ...election, keySeats: seats });
      toast.success(key ? d.keyRemoved : d.keyAdded);
    } catch (error) {
      toast.error(ui.say(saidOf(error)));
    }
  };

  return (
    <>
      <h1 className="h3 mb-2" lang={nameIn(election.name, ui.lang).lang}>
        {d.deskTitle(nameIn(election.name, ui.lang).text)}
      </h1>
      <p className="text-muted">
        {d.deskIntro} <a href={electionPath(slug)}>{d.results}</a>
      </p>
      <RehearsalPanel election={election} administrator={loaderData.administrator} />
      <SeatPicker
        slug={slug}
        states={states}
        inputRef={seatBox}
        onPick={(picked) => void read(picked._id).then(setSeat)}
      />
      {seat && (
        <section className="card mb-4" aria-labelledby="desk-seat">
          <div className="card-body">
            <h2 id="desk-seat" className="h4">
              {seat.number} · {nameIn(seat.name, ui.lang).text} ({stateName(seat.state)})
            </h2>
            <p className="mb-2">
              <span className="text-muted">{d.current}: </span>
              {seat.result ? <SnapshotLine snapshot={seat.result} /> : d.noneYet}
            </p>
            <p>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                onClick={() => void toggleKey(seat._id)}
              >
                {election.keySeats.includes(seat._id) ? d.removeKey : d.addKey}
              </button>
            </p>
            <ResultForm
              key={seat._id}
              slug={slug}
              seat={seat}
              onSaved={() => {
                setSeat(null);
                seatBox.current?.focus();
              }}
              onStale={async () => {
                const fresh = await read(seat._id);
                setSeat(fresh);
                return fresh;
              }}
            />
          </div>
        </section>
      )}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
