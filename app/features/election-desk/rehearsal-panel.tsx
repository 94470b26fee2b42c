/*
 * The desk's rehearsal panel (issue 69 item 6): on an election, administrators start a replay
 * of its counting day on a copy (`{slug}-rehearsal`) at a chosen speed; on the copy, the desk
 * sees how far the replay has come, and administrators stop it or replay it again.
 */
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { Rehearsal } from '../../../common/schemas/election-rehearsal';
import type { DeskElectionDetail } from '../../../common/schemas/elections';
import { formatMoment, useAdminInterface } from '../../copy/admin-language';
import { electionRehearsalCopy } from '../../copy/election-rehearsal';
import { saidOf } from '../../copy/refusals';
import { adminApi } from '../api/admin-api';

const SPEEDS = [1, 10, 60, 360];
/** How often the copy's desk reads the replay's progress while it runs. */
const PROGRESS_MS = 5_000;

export function RehearsalPanel(props: { election: DeskElectionDetail; administrator: boolean }) {
  const { election, administrator } = props;
  if (election.rehearsal)
    return <ReplayProgress slug={election.slug} administrator={administrator} />;
  return administrator ? <StartRehearsal slug={election.slug} /> : null;
}

function StartRehearsal({ slug }: { slug: string }) {
  const ui = useAdminInterface();
  const r = electionRehearsalCopy[ui.lang];
  const navigate = useNavigate();
  const id = useId();
  const [speed, setSpeed] = useState(60);
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const made = await adminApi<Rehearsal>(`/api/elections/${slug}/rehearsal`, {
        method: 'POST',
        body: { speed },
      });
      toast.success(r.started);
      await navigate(`/admin/elections/${made.slug}`);
    } catch (error) {
      toast.error(ui.say(saidOf(error)));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card mb-4" aria-labelledby={`${id}-title`}>
      <div className="card-body">
        <h2 id={`${id}-title`} className="h5">
          {r.title}
        </h2>
        <p className="text-muted">{r.intro}</p>
        <div className="d-flex flex-wrap gap-2 align-items-end">
          <div>
            <label htmlFor={`${id}-speed`} className="form-label">
              {r.speed}
            </label>
            <select
              id={`${id}-speed`}
              className="form-select"
              value={speed}
              onChange={(e) => setSpeed(Number(e.target.value))}
            >
              {SPEEDS.map((n) => (
                <option key={n} value={n}>
                  {r.speedOption(n)}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="btn btn-outline-primary"
            disabled={busy}
            onClick={() => void start()}
          >
            {busy ? r.starting : r.start}
          </button>
        </div>
      </div>
    </section>
  );
}

function ReplayProgress({ slug, administrator }: { slug: string; administrator: boolean }) {
  const ui = useAdminInterface();
  const r = electionRehearsalCopy[ui.lang];
  const navigate = useNavigate();
  const [state, setState] = useState<Rehearsal | null>(null);
  const running = state?.running ?? true;
  useEffect(() => {
    const read = () =>
      adminApi<Rehearsal>(`/api/elections/${slug}/rehearsal`)
        .then(setState)
        .catch(() => undefined);
    void read();
    if (!running) return;
    const timer = setInterval(() => void read(), PROGRESS_MS);
    return () => clearInterval(timer);
  }, [slug, running]);
  if (!state) return null;
  const { rehearsal } = state;
  const act = async (method: 'DELETE' | 'POST') => {
    try {
      const url = `/api/elections/${method === 'POST' ? rehearsal.ofSlug : slug}/rehearsal`;
      const body = method === 'POST' ? { speed: rehearsal.speed } : undefined;
      const next = await adminApi<Rehearsal>(url, { method, ...(body ? { body } : {}) });
      toast.success(method === 'POST' ? r.started : r.stopped);
      setState(next);
      // Replayed again, the copy is a new election: its desk is opened afresh.
      if (method === 'POST') await navigate(`/admin/elections/${next.slug}`, { replace: true });
    } catch (error) {
      toast.error(ui.say(saidOf(error)));
    }
  };
  const when = (iso: string) => formatMoment(new Date(iso), ui);
  return (
    <section className="alert alert-warning" aria-live="polite">
      <p className="mb-1">
        <strong>{r.title}.</strong> {r.of(rehearsal.ofSlug)}{' '}
        {r.progress(rehearsal.played, rehearsal.total, rehearsal.speed)}{' '}
        {rehearsal.stoppedAt
          ? r.stoppedAt(when(rehearsal.stoppedAt))
          : state.running
            ? r.ends(when(state.endsAt))
            : r.finished}
      </p>
      {administrator && (
        <p className="mb-0 d-flex gap-2">
          {state.running && (
            <button
              type="button"
              className="btn btn-sm btn-outline-dark"
              onClick={() => void act('DELETE')}
            >
              {r.stop}
            </button>
          )}
          <button
            type="button"
            className="btn btn-sm btn-outline-dark"
            onClick={() => void act('POST')}
          >
            {r.again}
          </button>
          <Link className="btn btn-sm btn-link" to={`/admin/elections/${rehearsal.ofSlug}`}>
            {rehearsal.ofSlug}
          </Link>
        </p>
      )}
    </section>
  );
}
