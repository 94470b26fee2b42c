/*
 * The tally as readers see it (issue 69 items 3 and 4): a bar of seats won and leading against
 * the majority mark, and the tables that say the same, won and leading in columns of their own
 * and their sum named as such, each row with its source and time.
 */
import type { ElectionNames, Tally } from '../../../common/schemas/elections';
import { useInterface } from '../../copy/language';
import { electionsCopy } from '../../../common/election-copy';
import { formatChange, formatCount, sourceLine } from '../../../common/election-format';
import { nameIn } from '../../../common/election-names';

type Row = Tally['parties'][number] | Tally['alliances'][number];
const BAR_WIDTH = 1000;

const keyOf = (row: Row) => ('party' in row ? row.party : row.alliance);

/**
 * Seats won (solid) and leading (paler) by each alliance, else each party, from the left, with
 * the majority mark where a majority means something (the whole of the election).
 */
export function TallyBar({
  tally,
  majority,
}: {
  tally: Pick<Tally, 'parties' | 'alliances' | 'seats' | 'majority'>;
  majority: boolean;
}) {
  const { lang } = useInterface();
  const t = electionsCopy[lang];
  const rows: Row[] = tally.alliances.some((a) => a.total.value > 0)
    ? [...tally.alliances, ...tally.parties.filter((p) => !p.alliance)]
    : tally.parties;
  const scale = BAR_WIDTH / Math.max(1, tally.seats);
  let x = 0;
  const rects: { key: string; x: number; width: number; colour: string; pale: boolean }[] = [];
  for (const row of rows.filter((r) => r.total.value > 0)) {
    for (const part of ['won', 'leading'] as const) {
      const width = row[part].value * scale;
      if (width > 0)
        rects.push({
          key: `${keyOf(row)}-${part}`,
          x,
          width,
          colour: row.colour,
          pale: part === 'leading',
        });
      x += width;
    }
  }
  const said = rows
    .filter((r) => r.total.value > 0)
    .map((r) => t.barPart(nameIn(r.name, lang).text, r.won.value, r.leading.value))
    .join('; ');
  const mark = (tally.majority * BAR_WIDTH) / Math.max(1, tally.seats);
  const label = t.tallyBar(said || t.none, majority ? t.majority(tally.majority, tally.seats) : '');
  return (
    <figure className="election-bar mb-2">
      <svg viewBox={`0 0 ${BAR_WIDTH} 48`} role="img" aria-label={label} lang={lang}>
        <rect x="0" y="8" width={BAR_WIDTH} height="32" fill="#e9ecef" />
        {rects.map((r) => (
          <rect
            key={r.key}
            x={r.x.toFixed(1)}
            y="8"
            width={r.width.toFixed(1)}
            height="32"
            fill={r.colour}
            fillOpacity={r.pale ? 0.55 : 1}
          />
        ))}
        {majority && <line x1={mark} x2={mark} y1="0" y2="48" stroke="#212529" strokeWidth="3" />}
      </svg>
      {majority && (
        <figcaption className="small" lang={lang}>
          {t.majority(tally.majority, tally.seats)}
        </figcaption>
      )}
    </figure>
  );
}

/** A party's or an alliance's colour beside its name (the name says it; the colour helps). */
export function Swatch({ colour }: { colour: string }) {
  return <span className="election-swatch" style={{ background: colour }} aria-hidden="true" />;
}

/** Alliances or parties: won, leading, their sum, the change, and where and when from. */
export function TallyTable({
  caption,
  head,
  rows,
  change,
  timeZone,
  names,
}: {
  caption: string;
  head: string;
  rows: readonly Row[];
  /** Whether the seats' previous results are known (the change column means something). */
  change: boolean;
  timeZone: string;
  /** A party's full name (by abbreviation), where the table shows parties. */
  names?: (abbreviation: string) => ElectionNames | undefined;
}) {
  const { lang, locale } = useInterface();
  const t = electionsCopy[lang];
  const shown = rows.filter((r) => r.total.value > 0 || r.change.value !== 0);
  if (shown.length === 0) return null;
  return (
    <div className="table-responsive">
      <table className="table table-sm election-tally" lang={lang}>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{head}</th>
            <th scope="col">{t.won}</th>
            <th scope="col">{t.leading}</th>
            <th scope="col">{t.total}</th>
            {change && <th scope="col">{t.change}</th>}
            <th scope="col">{t.source}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((row) => {
            const name = nameIn(row.name, lang);
            const full = names?.(keyOf(row));
            return (
              <tr key={keyOf(row)}>
                <th scope="row">
                  <Swatch colour={row.colour} /> <span lang={name.lang}>{name.text}</span>
                  {full && 'party' in row && full.en !== row.party && (
                    <span className="visually-hidden"> ({row.party})</span>
                  )}
                </th>
                <td>{formatCount(row.won.value, locale)}</td>
                <td>{formatCount(row.leading.value, locale)}</td>
                <td>{formatCount(row.total.value, locale)}</td>
                {change && <td>{formatChange(row.change.value, locale)}</td>}
                <td className="small text-body-secondary">
                  {sourceLine(row.total, t, timeZone, locale)}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
