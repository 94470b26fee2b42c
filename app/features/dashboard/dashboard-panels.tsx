/** The dashboard's figures: a count in a card, and views per day as bars. */
import type { Stats } from '../../../common/schemas/stats';
import { useAdminCopy, useAdminInterface } from '../../copy/admin-language';

export function Counter({
  label,
  value,
  about,
}: {
  label: string;
  value: number;
  about?: boolean;
}) {
  const { locale } = useAdminInterface();
  const t = useAdminCopy();
  const shown = value.toLocaleString(locale);
  return (
    <div className="col-6 col-lg-4 col-xl-2">
      <div className="card text-center h-100">
        <div className="card-body">
          <div className="display-6 fw-bold" data-testid={`count-${label.toLowerCase()}`}>
            {about ? t.dashboard.about(shown) : shown}
          </div>
          <div className="text-body-secondary">{label}</div>
        </div>
      </div>
    </div>
  );
}

/** Views per day as bars: an SVG, no chart library. */
export function ViewsChart({ days }: { days: Stats['viewsPerDay'] }) {
  const t = useAdminCopy();
  if (days.every((d) => d.views === 0))
    return (
      <figure className="card card-body mt-4">
        <figcaption className="h6">{t.dashboard.chart}</figcaption>
        <p className="text-body-secondary mb-0">{t.dashboard.noViews}</p>
      </figure>
    );
  const max = Math.max(1, ...days.map((d) => d.views));
  const width = 600;
  const height = 160;
  const bar = width / days.length;
  return (
    // The caption is the figure's own child (HTML's content model): the card is its body too.
    <figure className="card card-body mt-4">
      <figcaption className="h6">{t.dashboard.chart}</figcaption>
      <svg
        viewBox={`0 0 ${width} ${height + 20}`}
        role="img"
        aria-label={t.dashboard.chart}
        className="w-100"
        style={{ maxHeight: 240 }}
      >
        {days.map((d, i) => {
          const h = Math.round((d.views / max) * height);
          return (
            <rect
              key={d.day}
              x={i * bar + 2}
              y={height - h}
              width={bar - 4}
              height={h}
              fill="#b3261e"
            >
              <title>{`${d.day}: ${d.views}`}</title>
            </rect>
          );
        })}
        <text x="0" y={height + 16} fontSize="12">
          {days[0]?.day}
        </text>
        <text x={width} y={height + 16} fontSize="12" textAnchor="end">
          {days[days.length - 1]?.day}
        </text>
      </svg>
    </figure>
  );
}
