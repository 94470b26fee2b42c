/*
 * The desk's seat box (issue 69 item 2), keyboard first: type a seat's name in Hindi or Latin
 * letters, or its number; the matches come from the seats' search (Hindi and Latin typing,
 * server/modules/elections/elections-data.ts); ↓ and ↑ move through them, Enter takes one.
 * WAI-ARIA's combobox with a list box (the APG's "list autocomplete" pattern).
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { nameIn } from '../../../common/election-names';
import type { Seat } from '../../../common/schemas/elections';
import { electionDeskCopy } from '../../copy/election-desk';
import { useAdminInterface } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';

/** Matches shown at most (a number matches a seat in nearly every state). */
const SHOWN = 12;
/** How long typing rests before the search is asked. */
const TYPING_PAUSE_MS = 120;

/** The seats matching what is typed (and the state chosen), asked once typing rests. */
function useSeatSearch(slug: string, q: string, state: string) {
  const [matches, setMatches] = useState<Seat[]>([]);
  /** The query the shown matches answer (none matched only once the search said so). */
  const [answered, setAnswered] = useState('');
  const asked = useRef(0);
  useEffect(() => {
    const query = q.trim();
    if (!query) {
      setMatches([]);
      return;
    }
    const ask = ++asked.current;
    const timer = setTimeout(() => {
      const params = new URLSearchParams({ q: query, ...(state ? { state } : {}) });
      void adminApi<{ seats: Seat[] }>(`/api/elections/${slug}/seats?${params}`).then(
        ({ seats }) => {
          if (ask !== asked.current) return;
          setMatches(seats.slice(0, SHOWN));
          setAnswered(query);
        },
        () => undefined,
      );
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [q, state, slug]);
  return { matches, answered, clear: () => setMatches([]) };
}

export function SeatPicker({
  slug,
  states,
  onPick,
  inputRef,
}: {
  slug: string;
  states: { code: string; name: string }[];
  onPick: (seat: Seat) => void;
  inputRef: React.RefObject<HTMLInputElement | null>;
}) {
  const { lang } = useAdminInterface();
  const d = electionDeskCopy[lang];
  const id = useId();
  const [q, setQ] = useState('');
  const [state, setState] = useState('');
  const { matches, answered, clear } = useSeatSearch(slug, q, state);
  const [active, setActive] = useState(0);
  useEffect(() => setActive(0), [matches]);

  const pick = (seat: Seat | undefined) => {
    if (!seat) return;
    setQ('');
    clear();
    onPick(seat);
  };
  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') setActive((a) => Math.min(a + 1, matches.length - 1));
    else if (event.key === 'ArrowUp') setActive((a) => Math.max(a - 1, 0));
    else if (event.key === 'Enter') pick(matches[active]);
    else if (event.key === 'Escape') clear();
    else return;
    event.preventDefault();
  };
  const stateName = (code: string) => states.find((s) => s.code === code)?.name ?? code;
  const open = matches.length > 0;
  return (
    <div className="row g-2 align-items-end mb-3">
      <div className="col-sm-8 position-relative">
        <label htmlFor={`${id}-q`} className="form-label">
          {d.seat}
        </label>
        <input
          ref={inputRef}
          id={`${id}-q`}
          className="form-control form-control-lg"
          role="combobox"
          aria-expanded={open}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={open ? `${id}-o${active}` : undefined}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          onKeyDown={onKey}
        />
        <div id={`${id}-hint`} className="form-text">
          {d.seatHint}
        </div>
        <SeatOptions
          id={id}
          open={open}
          matches={matches}
          active={active}
          pick={pick}
          stateName={stateName}
        />
        {q.trim() !== '' && answered === q.trim() && !open && (
          <p className="form-text" role="status">
            {d.noMatch}
          </p>
        )}
      </div>
      <StateSelect id={`${id}-state`} states={states} value={state} onChange={setState} />
    </div>
  );
}

function StateSelect({
  id,
  states,
  value,
  onChange,
}: {
  id: string;
  states: { code: string; name: string }[];
  value: string;
  onChange: (code: string) => void;
}) {
  const { lang } = useAdminInterface();
  const d = electionDeskCopy[lang];
  return (
    <div className="col-sm-4">
      <label htmlFor={id} className="form-label">
        {d.state}
      </label>
      <select
        id={id}
        className="form-select form-select-lg"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{d.anyState}</option>
        {states.map((s) => (
          <option key={s.code} value={s.code}>
            {s.name}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The matches as the combobox's list box; a pointer may take one too. */
function SeatOptions({
  id,
  open,
  matches,
  active,
  pick,
  stateName,
}: {
  id: string;
  open: boolean;
  matches: Seat[];
  active: number;
  pick: (seat: Seat) => void;
  stateName: (code: string) => string;
}) {
  const { lang } = useAdminInterface();
  const d = electionDeskCopy[lang];
  return (
    <ul id={`${id}-list`} role="listbox" aria-label={d.seat} className="list-group" hidden={!open}>
      {matches.map((seat, i) => {
        const name = nameIn(seat.name, lang);
        return (
          <li
            key={seat._id}
            id={`${id}-o${i}`}
            role="option"
            aria-selected={i === active}
            className={`list-group-item${i === active ? ' active' : ''}`}
            onMouseDown={(e) => {
              e.preventDefault();
              pick(seat);
            }}
          >
            {seat.number} · <span lang={name.lang}>{name.text}</span> ({stateName(seat.state)})
          </li>
        );
      })}
    </ul>
  );
}
