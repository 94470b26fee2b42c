import type { ImportReport, ReportLine } from './wordpress-run';

const KINDS: [ReportLine['kind'], string][] = [
  ['post', 'Posts'],
  ['page', 'Pages'],
  ['author', 'Authors'],
  ['category', 'Categories'],
  ['image', 'Images'],
  ['other', 'Other content'],
];

const OUTCOME_WORDS: Record<ReportLine['outcome'], string> = {
  created: 'imported',
  unchanged: 'unchanged (imported before)',
  reused: 'matched an existing one',
  skipped: 'skipped',
  missing: 'missing',
  keywords: 'kept as keywords',
};

/** How a line names its thing: images say where they were shown, others their title. */
const titleOf = (l: ReportLine) =>
  !l.title || l.kind === 'other' ? '' : l.kind === 'image' ? ` (in ${l.title})` : ` "${l.title}"`;

/** Counts per kind and outcome, e.g. `{ post: { created: 3, skipped: 1 } }`. */
export function countLines(report: ImportReport) {
  const counts: Partial<
    Record<ReportLine['kind'], Partial<Record<ReportLine['outcome'], number>>>
  > = {};
  for (const line of report.lines) {
    const byOutcome = (counts[line.kind] ??= {});
    byOutcome[line.outcome] = (byOutcome[line.outcome] ?? 0) + 1;
  }
  return counts;
}

/**
 * The report `npm run import:wordpress` prints: a count per kind, then one line for each
 * thing that was skipped or is missing (and why), and each import with what to know about it.
 */
export function formatReport(report: ImportReport, opts: { verbose?: boolean } = {}): string {
  const out: string[] = [
    `WordPress import of ${report.file} (WXR ${report.version}${report.site ? `, ${report.site}` : ''})`,
    '',
  ];
  const counts = countLines(report);
  for (const [kind, label] of KINDS) {
    const byOutcome = counts[kind];
    if (!byOutcome) continue;
    const parts = Object.entries(byOutcome).map(
      ([outcome, n]) => `${n} ${OUTCOME_WORDS[outcome as ReportLine['outcome']]}`,
    );
    const inFile = Object.values(byOutcome).reduce((a, b) => a + (b ?? 0), 0);
    out.push(`${label.padEnd(14)} ${String(inFile).padStart(5)}: ${parts.join(', ')}`);
  }
  if (report.commentsIgnored > 0)
    out.push(
      `${'Comments'.padEnd(14)} ${String(report.commentsIgnored).padStart(5)}: not imported`,
    );
  const detail = report.lines.filter(
    (l) =>
      opts.verbose ||
      l.outcome === 'skipped' ||
      l.outcome === 'missing' ||
      (l.outcome === 'created' && l.kind !== 'image' && l.note),
  );
  if (detail.length > 0) {
    out.push('');
    for (const l of detail)
      out.push(
        `  ${l.kind} ${l.key}${titleOf(l)}: ${OUTCOME_WORDS[l.outcome]}${l.note ? ` (${l.note})` : ''}`,
      );
  }
  out.push('', `${report.created} created, ${report.changed} changed.`, tookLine(report));
  return out.join('\n');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Where the time went: `Took 61.2 s: reading 9.0 s, writing 40.1 s, …`. */
function tookLine({ timings: t }: ImportReport): string {
  const all = t.reading + t.writing + t.media + t.indexing;
  return `Took ${seconds(all)}: reading ${seconds(t.reading)}, writing ${seconds(t.writing)}, images ${seconds(t.media)}, search indexing ${seconds(t.indexing)}.`;
}
