/* The scale bench's figures (bench/scale.ts) and their README-ready table. */

/** A page's or a list's time at one connection, ms. */
export interface Figure {
  p50: number;
  p99?: number;
}

export interface ScaleReport {
  date: string;
  stories: number;
  machine: { loadBefore: string; loadAfter: string; note: string };
  build: { databaseUrl: string; steps: Record<string, number>; buildSeconds: number };
  /** The busiest section, whose first and deep pages are measured. */
  section: { id: string; stories: number; depth?: number };
  readers: Record<string, Figure>;
  newsroom: Record<string, { p50: number; count: string }>;
  sitemaps: {
    indexMs: number;
    files: number;
    monthFileP50: number;
    monthFileMax: number;
    mostAddresses: number;
    /** The list pages' file (sitemap-pages-1.xml) made once; 0 with no index. */
    pagesFileMs?: number;
  };
  /** Peak RSS of the primary and of each worker, MB. */
  rssMb: number[];
  /** The server's RSS after each phase (ready, pages, search, newsroom, sitemaps) and its peak then. */
  memory?: { phase: string; rssMb: number; peakMb: number }[];
  /** The engine measured (PostgreSQL when absent: runs before the embedded engine's mode). */
  engine?: 'postgres' | 'pglite';
  /** Spawn to the first answer of /api/health (polled every 200 ms), and RSS then, MB. */
  start?: { seconds: number; rssMb: number[] };
  /** The embedded site moved to PostgreSQL: `npm run export`, then `npm run import`. */
  move?: {
    dataDirMb: number;
    exportSeconds: number;
    archiveMb: number;
    importSeconds: number;
    publishedMoved: number;
    load: string;
  };
}

/** The rows every engine's table ends with: start, memory, and the move when measured. */
function processRows(r: ScaleReport): [string, string][] {
  const rows: [string, string][] = [];
  if (r.start) {
    rows.push(['start, s (spawn to first answer)', String(r.start.seconds)]);
    rows.push(['RSS MB after start (primary, worker)', r.start.rssMb.join(', ')]);
  }
  rows.push(['peak RSS MB (primary, worker)', r.rssMb.join(', ')]);
  const m = r.move;
  if (m) {
    rows.push(['data folder MB', String(m.dataDirMb)]);
    rows.push(['move: npm run export, s (archive MB)', `${m.exportSeconds} (${m.archiveMb})`]);
    rows.push([
      'move: npm run import into PostgreSQL, s (published stories moved)',
      `${m.importSeconds} (${m.publishedMoved})`,
    ]);
  }
  return rows;
}

/** The run's figures as a README-ready table. */
export function scaleTable(r: ScaleReport): string {
  const rows: [string, string][] = [['build (bulk SQL), s', String(r.build.buildSeconds)]];
  for (const [name, f] of Object.entries(r.readers))
    rows.push([
      `${name}, p50${f.p99 !== undefined ? ' / p99' : ''} ms`,
      f.p99 !== undefined ? `${f.p50} / ${f.p99}` : String(f.p50),
    ]);
  for (const [name, f] of Object.entries(r.newsroom))
    rows.push([`${name}, p50 ms (count shown)`, `${f.p50} (${f.count})`]);
  const s = r.sitemaps;
  rows.push(['sitemap index, first answer ms (files)', `${s.indexMs} (${s.files})`]);
  rows.push([
    'sitemap month file, first answer p50 / max ms',
    `${s.monthFileP50} / ${s.monthFileMax}`,
  ]);
  rows.push(['sitemap list pages file, first answer ms', String(s.pagesFileMs ?? '')]);
  rows.push(['most addresses in one sitemap file', String(s.mostAddresses)]);
  rows.push(...processRows(r));
  for (const m of r.memory ?? [])
    rows.push([`RSS MB after ${m.phase} (peak so far)`, `${m.rssMb} (${m.peakMb})`]);
  return [
    `| ${r.stories.toLocaleString('en')} stories${r.engine === 'pglite' ? ', embedded engine' : ''} (load ${r.machine.loadBefore}${r.machine.note ? `; ${r.machine.note}` : ''}) | |`,
    '| --- | --- |',
    ...rows.map(([a, b]) => `| ${a} | ${b} |`),
  ].join('\n');
}

/** Each figure's rows of one report: name → shown value, and the p50 that ratios compare. */
function figures(r: ScaleReport): Map<string, { shown: string; ms?: number }> {
  const m = new Map<string, { shown: string; ms?: number }>();
  m.set('build (bulk SQL), s', { shown: String(r.build.buildSeconds) });
  for (const [name, f] of Object.entries(r.readers))
    m.set(`${name}, p50${f.p99 !== undefined ? ' / p99' : ''} ms`, {
      shown: f.p99 !== undefined ? `${f.p50} / ${f.p99}` : String(f.p50),
      ms: f.p50,
    });
  for (const [name, f] of Object.entries(r.newsroom))
    m.set(`${name}, p50 ms (count shown)`, { shown: `${f.p50} (${f.count})`, ms: f.p50 });
  const s = r.sitemaps;
  m.set('sitemap index, first answer ms (files)', {
    shown: `${s.indexMs} (${s.files})`,
    ms: s.indexMs,
  });
  m.set('sitemap month file, first answer p50 / max ms', {
    shown: `${s.monthFileP50} / ${s.monthFileMax}`,
  });
  m.set('sitemap list pages file, first answer ms', { shown: String(s.pagesFileMs ?? '') });
  m.set('most addresses in one sitemap file', { shown: String(s.mostAddresses) });
  for (const [name, shown] of processRows(r)) m.set(name, { shown });
  return m;
}

/**
 * Runs of several sizes side by side, smallest first, with the p50's ratio of the largest to
 * the smallest (issue 71 asks at most 1.5): `npm run bench -- --scale-compare=a.json,b.json`.
 */
export function compareTable(reports: ScaleReport[]): string {
  const runs = [...reports].sort((a, b) => a.stories - b.stories);
  const all = runs.map(figures);
  const head = runs.map((r) => `${r.stories.toLocaleString('en')} stories`);
  const lines = [
    `| figure | ${head.join(' | ')} | ratio |`,
    `| --- |${' --- |'.repeat(runs.length + 1)}`,
  ];
  for (const [name] of all[0]!) {
    const cells = all.map((f) => f.get(name)?.shown ?? '');
    const first = all[0]!.get(name)?.ms;
    const last = all.at(-1)!.get(name)?.ms;
    const ratio = first && last && runs.length > 1 ? (last / first).toFixed(2) : '';
    lines.push(`| ${name} | ${cells.join(' | ')} | ${ratio} |`);
  }
  const loads = runs.map(
    (r) => `${r.stories.toLocaleString('en')}: ${r.machine.loadBefore} → ${r.machine.loadAfter}`,
  );
  return [
    ...lines,
    '',
    `Load average (1, 5, 15 min) before → after each run: ${loads.join('; ')}.`,
  ].join('\n');
}
