/*
 * An election block's markup inside a story (issue 69 item 4): written as HTML, since it takes
 * the place of the saved block in the story's text. The tally (of the election or a state):
 * seats won and leading by alliance, else by party, in columns apart and their sum named as
 * such, with the majority mark where it means something; a seat: who is ahead, by how much,
 * won or leading. Every figure says its source and time (DECISIONS.md §32).
 */
import { nameIn } from './election-names';
import type { ElectionPage, Figure, SeatPage, Tally } from './schemas/elections';
import type { UiLanguage } from './settings';
import { electionsCopy } from './election-copy';
import { LANGUAGE_REGISTRY } from './languages';
import { formatCount, sourceLine } from './election-format';

export type EmbedShown =
  | { kind: 'tally'; page: Omit<ElectionPage, 'tags'> }
  | { kind: 'seat'; page: Omit<SeatPage, 'tags'> };

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const esc = (text: string | number) => String(text).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const COLOUR = /^#[0-9a-f]{3,8}$/i;

/** A name in the block's language, marked with its own when it fell back to another. */
function named(names: Parameters<typeof nameIn>[0], lang: string): string {
  const name = nameIn(names, lang);
  return name.lang === lang ? esc(name.text) : `<span lang="${name.lang}">${esc(name.text)}</span>`;
}

/** Where and when the figures shown came from: every source of them, the newest time. */
function sourcesOf(figures: readonly Figure[]): Pick<Figure, 'sources' | 'at'> {
  const sources = [...new Set(figures.flatMap((f) => f.sources))];
  const at = figures.reduce<string | null>((n, f) => (f.at && (!n || f.at > n) ? f.at : n), null);
  return { sources, at };
}

type Row = Tally['parties'][number] | Tally['alliances'][number];

function tallyHtml(page: EmbedShown & { kind: 'tally' }, lang: UiLanguage, timeZone: string) {
  const { election, state, tally } = page.page;
  const t = electionsCopy[lang];
  const { locale } = LANGUAGE_REGISTRY[lang];
  const byAlliance = tally.alliances.some((a) => a.total.value > 0);
  const rows: Row[] = (
    byAlliance ? [...tally.alliances, ...tally.parties.filter((p) => !p.alliance)] : tally.parties
  ).filter((r) => r.total.value > 0);
  const name = nameIn(election.name, lang).text;
  const title = state ? t.stateResults(name, nameIn(state.name, lang).text) : name;
  const path = `/elections/${election.slug}${state ? `/${state.slug}` : ''}`;
  const count = (n: number) => esc(formatCount(n, locale));
  const body = rows
    .map((row) => {
      const colour = COLOUR.test(row.colour) ? row.colour : '#888888';
      return `<tr><th scope="row"><span class="election-swatch" style="background:${colour}" aria-hidden="true"></span> ${named(row.name, lang)}</th><td>${count(row.won.value)}</td><td>${count(row.leading.value)}</td><td>${count(row.total.value)}</td></tr>`;
    })
    .join('');
  const source = sourceLine(sourcesOf(rows.map((r) => r.total)), t, timeZone, locale);
  return [
    `<p class="election-embed-title"><a href="${esc(path)}">${esc(t.embedTitle(title))}</a></p>`,
    state ? '' : `<p class="small mb-1">${esc(t.majority(tally.majority, tally.seats))}</p>`,
    rows.length === 0
      ? `<p class="mb-1">${esc(t.none)}</p>`
      : `<table class="table table-sm election-tally mb-1"><caption>${esc(t.tally)}</caption><thead><tr><th scope="col">${esc(byAlliance ? t.alliance : t.party)}</th><th scope="col">${esc(t.won)}</th><th scope="col">${esc(t.leading)}</th><th scope="col">${esc(t.total)}</th></tr></thead><tbody>${body}</tbody></table>`,
    `<p class="small text-body-secondary mb-0">${esc(t.source)}: ${esc(source)}</p>`,
  ].join('');
}

function seatHtml(page: EmbedShown & { kind: 'seat' }, lang: UiLanguage, timeZone: string) {
  const { seat, state, path } = page.page;
  const t = electionsCopy[lang];
  const { locale } = LANGUAGE_REGISTRY[lang];
  const title = t.seatResult(
    t.seatTitle(nameIn(seat.name, lang).text, nameIn(state.name, lang).text),
  );
  const result = seat.result;
  const line = result
    ? `<p class="mb-1"><strong>${esc(t.statuses[result.status])}:</strong> ${named(result.leader.name, lang)} (${esc(result.leader.party)}) · ${esc(t.byMargin(formatCount(result.margin, locale)))}</p><p class="small text-body-secondary mb-0">${esc(t.votes)}: ${esc(formatCount(result.votes, locale))} · ${esc(t.roundOf(result.round))} · ${esc(sourceLine({ sources: [result.source], at: result.at }, t, timeZone, locale))}</p>`
    : `<p class="mb-0">${esc(t.statuses.awaited)} · ${esc(t.noSource)}</p>`;
  return `<p class="election-embed-title"><a href="${esc(path)}">${esc(title)}</a></p>${line}`;
}

/** The block's markup in `lang`, times in the site's zone. */
export function embedHtml(
  shown: EmbedShown,
  { lang, timeZone }: { lang: UiLanguage; timeZone: string },
): string {
  const inner =
    shown.kind === 'seat' ? seatHtml(shown, lang, timeZone) : tallyHtml(shown, lang, timeZone);
  return `<aside class="election-embed border rounded p-2 my-3" lang="${lang}" data-election-embed="${shown.kind}">${inner}</aside>`;
}
