/*
 * What an election block in a story names (issue 69 item 4; common/editor/election-embed.ts):
 * an election, a state of it, a seat of that state. Pure, for the editor, the sanitiser and the
 * reader's page alike.
 */
import { electionPath } from './paths';

/** What one block shows: the whole election, a state of it, or a seat of that state. */
export interface ElectionEmbedRef {
  election: string;
  state?: string | undefined;
  seat?: number | undefined;
}

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,78}[a-z0-9])?$/;
const SEAT = /^\d{1,4}$/;

/** A slug or a seat number as the block keeps it, or undefined when it is neither. */
export const embedSlug = (value: string | null | undefined) =>
  value && SLUG.test(value) ? value : undefined;
export const embedSeat = (value: string | null | undefined) =>
  value && SEAT.test(value) && Number(value) > 0 ? Number(value) : undefined;

/** Where the block links: the results page, a state's or a seat's (the number decides). */
export const embedPath = (ref: ElectionEmbedRef) =>
  ref.state && ref.seat
    ? `${electionPath(ref.election, ref.state)}/${ref.seat}`
    : electionPath(ref.election, ref.state);

/**
 * A results page's address as the editor's dialog takes it (`https://site/elections/x/state/77-name`
 * or its path) read into a block's reference; undefined when it is no results page.
 */
export function embedRefOf(address: string): ElectionEmbedRef | undefined {
  let path = address.trim();
  try {
    path = new URL(path, 'https://x.invalid').pathname;
  } catch {
    return undefined;
  }
  const match =
    /^\/elections\/([a-z0-9-]+)(?:\/([a-z0-9-]+)(?:\/(\d{1,4})(?:-[a-z0-9-]*)?)?)?\/?$/.exec(path);
  const election = embedSlug(match?.[1]);
  if (!match || !election || match[2] === 'map.svg') return undefined;
  const state = match[2] ? embedSlug(match[2]) : undefined;
  const seat = match[3] ? embedSeat(match[3]) : undefined;
  if ((match[2] && !state) || (match[3] && !seat)) return undefined;
  return { election, state, seat };
}

/** The block's attributes as saved, the state and seat only when they are given. */
export const embedAttributes = (ref: ElectionEmbedRef): Record<string, string> => ({
  'data-election': ref.election,
  ...(ref.state ? { 'data-election-state': ref.state } : {}),
  ...(ref.state && ref.seat ? { 'data-election-seat': String(ref.seat) } : {}),
});
