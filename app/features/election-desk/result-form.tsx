/*
 * One seat's result at the desk (issue 69 item 2): the leading candidate, votes, margin, round
 * and status, saved as a new snapshot against the one the desk member saw. A save refused
 * because a colleague saved a newer one (409) shows their figures and keeps these, so the
 * member checks and saves again knowingly.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { nameIn } from '../../../common/election-names';
import type { SeatDetail, Snapshot } from '../../../common/schemas/elections';
import { electionDeskCopy } from '../../copy/election-desk';
import { formatMoment, useAdminInterface } from '../../copy/admin-language';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../api/admin-api';
import { ApiError } from '../api/client';

/** A snapshot in one line: who leads, the status, the figures; who saved it, when, from where. */
export function SnapshotLine({ snapshot }: { snapshot: Snapshot }) {
  const ui = useAdminInterface();
  const d = electionDeskCopy[ui.lang];
  const leader = nameIn(snapshot.leader.name, ui.lang);
  const count = (n: number) => n.toLocaleString(ui.locale);
  return (
    <>
      <strong>
        {d.snapshotLine(
          leader.text,
          snapshot.leader.party,
          snapshot.status === 'won' ? d.won : d.leading,
          count(snapshot.votes),
          count(snapshot.margin),
          snapshot.round,
        )}
      </strong>
      <br />
      <small>
        {d.snapshot(
          snapshot.by.name,
          formatMoment(new Date(snapshot.at), ui),
          d.sources[snapshot.source],
        )}
      </small>
    </>
  );
}

interface Values {
  leader: string;
  votes: string;
  margin: string;
  round: string;
  status: 'leading' | 'won';
}

const valuesOf = (seat: SeatDetail): Values => ({
  leader: seat.result?.leader._id ?? seat.candidates[0]?._id ?? '',
  votes: seat.result ? String(seat.result.votes) : '',
  margin: seat.result ? String(seat.result.margin) : '',
  round: String((seat.result?.round ?? 0) + 1),
  status: seat.result?.status ?? 'leading',
});

type Setter = (key: keyof Values) => (e: { target: { value: string } }) => void;

/** The form's fields in the desk's order: leader, votes, margin, round, status. */
function ResultFields({
  id,
  seat,
  values,
  set,
  first,
}: {
  id: string;
  seat: SeatDetail;
  values: Values;
  set: Setter;
  first: React.RefObject<HTMLSelectElement | null>;
}) {
  const ui = useAdminInterface();
  const d = electionDeskCopy[ui.lang];
  const field = (key: 'votes' | 'margin' | 'round', label: string) => (
    <div className="col-sm-3">
      <label htmlFor={`${id}-${key}`} className="form-label">
        {label}
      </label>
      <input
        id={`${id}-${key}`}
        className="form-control"
        type="number"
        inputMode="numeric"
        min={0}
        required
        value={values[key]}
        onChange={set(key)}
      />
    </div>
  );
  return (
    <>
      <div className="row g-2 mb-2">
        <div className="col-sm-8">
          <label htmlFor={`${id}-leader`} className="form-label">
            {d.leader}
          </label>
          <select
            ref={first}
            id={`${id}-leader`}
            className="form-select"
            value={values.leader}
            onChange={set('leader')}
          >
            {seat.candidates.map((c) => (
              <option key={c._id} value={c._id}>
                {c.serial} · {nameIn(c.name, ui.lang).text} ({c.party})
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="row g-2 mb-3">
        {field('votes', d.votes)}
        {field('margin', d.margin)}
        {field('round', d.round)}
        <div className="col-sm-3">
          <label htmlFor={`${id}-status`} className="form-label">
            {d.status}
          </label>
          <select
            id={`${id}-status`}
            className="form-select"
            value={values.status}
            onChange={set('status')}
          >
            <option value="leading">{d.leading}</option>
            <option value="won">{d.won}</option>
          </select>
        </div>
      </div>
    </>
  );
}

/** A colleague's newer snapshot, which refused this save: their figures, then what to do. */
function StaleNotice({
  newer,
  box,
}: {
  newer: Snapshot;
  box: React.RefObject<HTMLDivElement | null>;
}) {
  const d = electionDeskCopy[useAdminInterface().lang];
  return (
    <div ref={box} tabIndex={-1} className="alert alert-warning" role="alert">
      <p className="mb-1">{d.stale}</p>
      <p className="mb-1">
        <SnapshotLine snapshot={newer} />
      </p>
      <p className="mb-0">{d.staleAgain}</p>
    </div>
  );
}

export function ResultForm({
  slug,
  seat,
  onSaved,
  onStale,
}: {
  slug: string;
  seat: SeatDetail;
  /** The saved snapshot: the desk moves on to the next seat. */
  onSaved: (snapshot: Snapshot) => void;
  /** A colleague's newer snapshot: the seat is read again. */
  onStale: () => Promise<SeatDetail>;
}) {
  const ui = useAdminInterface();
  const d = electionDeskCopy[ui.lang];
  const id = useId();
  const [values, setValues] = useState<Values>(() => valuesOf(seat));
  const [seen, setSeen] = useState<string | null>(seat.result?._id ?? null);
  const [newer, setNewer] = useState<Snapshot | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLSelectElement>(null);
  const staleBox = useRef<HTMLDivElement>(null);
  useEffect(() => first.current?.focus(), []);
  // The newer figures are read first: the focus goes to them once they are shown.
  useEffect(() => staleBox.current?.focus(), [newer]);
  const set: Setter = (key) => (e) => setValues((v) => ({ ...v, [key]: e.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await adminApi<Snapshot>(`/api/elections/${slug}/results`, {
        method: 'POST',
        body: {
          seat: seat._id,
          leader: values.leader,
          votes: Number(values.votes),
          margin: Number(values.margin),
          round: Number(values.round),
          status: values.status,
          basedOn: seen,
        },
      });
      toast.success(d.saved(nameIn(seat.name, ui.lang).text));
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'election.result_stale') {
        const fresh = await onStale();
        setNewer(fresh.result);
        setSeen(fresh.result?._id ?? null);
      } else toast.error(ui.say(saidOf(error)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} aria-label={d.save}>
      {newer && <StaleNotice newer={newer} box={staleBox} />}
      <ResultFields id={id} seat={seat} values={values} set={set} first={first} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? d.saving : d.save}
      </button>
    </form>
  );
}
