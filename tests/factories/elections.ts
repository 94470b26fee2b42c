/*
 * A small election through the real API (issue 69): three seats in two states drawn as squares,
 * two parties in two alliances, two candidates a seat, the seats' previous winners. Big enough
 * for the results pages, the map and the desk; small enough to import in a moment.
 */
import type { FastifyInstance } from 'fastify';
import { smallElectionCalls } from './election-data';
import { auth, type TestUser } from './index';

export interface SmallElection {
  slug: string;
  /** Seat ids by English name, and each seat's candidates' ids (BJP's first, INC's second). */
  seats: Record<string, { _id: string; bjp: string; inc: string }>;
}

export async function createSmallElection(
  app: FastifyInstance,
  admin: TestUser,
  slug: string,
  name?: { hi: string; en: string },
): Promise<SmallElection> {
  for (const call of smallElectionCalls(slug, name)) {
    const res = await app.inject({
      method: 'POST',
      url: call.url,
      headers: auth(admin),
      payload: call.body,
    });
    if (res.statusCode >= 300) throw new Error(`${call.url}: ${res.statusCode} ${res.body}`);
  }
  const seats: SmallElection['seats'] = {};
  const list = (await app.inject({ url: `/api/elections/${slug}/seats` })).json() as {
    seats: { _id: string; name: { en: string } }[];
  };
  for (const seat of list.seats) {
    const detail = (await app.inject({ url: `/api/elections/${slug}/seats/${seat._id}` })).json();
    const [bjp, inc] = detail.candidates.map((c: { _id: string }) => c._id);
    seats[seat.name.en] = { _id: seat._id, bjp, inc };
  }
  return { slug, seats };
}

/** A desk save of a seat's result, against the snapshot the desk saw (none: the newest). */
export async function saveResult(
  app: FastifyInstance,
  editor: TestUser,
  election: SmallElection,
  body: { seat: string; leader: string; votes: number; margin: number; status: 'leading' | 'won' },
) {
  const seen = (
    await app.inject({ url: `/api/elections/${election.slug}/seats/${body.seat}` })
  ).json() as { result: { _id: string } | null };
  const res = await app.inject({
    method: 'POST',
    url: `/api/elections/${election.slug}/results`,
    headers: auth(editor),
    payload: { ...body, round: 1, basedOn: seen.result?._id ?? null },
  });
  if (res.statusCode !== 201) throw new Error(`save: ${res.statusCode} ${res.body}`);
  return res.json() as { _id: string; at: string };
}
