/*
 * A small election through the real API (issue 69): three seats in two states drawn as squares,
 * two parties in two alliances, two candidates a seat, the seats' previous winners. Big enough
 * for the results pages, the map and the desk; small enough to import in a moment.
 */
import type { FastifyInstance } from 'fastify';
import { auth, type TestUser } from './index';

/** The seats: ECI state code, number, names, and the square's corner (degrees). */
export const SMALL_SEATS = [
  { state: 'S24', number: 77, en: 'Varanasi', hi: 'वाराणसी', at: [82, 25] },
  { state: 'S24', number: 36, en: 'Rae Bareli', hi: 'रायबरेली', at: [81, 26] },
  { state: 'S20', number: 6, en: 'Jaipur', hi: 'जयपुर', at: [75, 26.5] },
] as const;

const square = ([x, y]: readonly [number, number]) => ({
  type: 'Polygon',
  coordinates: [
    [
      [x, y],
      [x + 0.8, y],
      [x + 0.8, y + 0.8],
      [x, y + 0.8],
      [x, y],
    ],
  ],
});

export interface SmallElection {
  slug: string;
  /** Seat ids by English name, and each seat's candidates' ids (BJP's first, INC's second). */
  seats: Record<string, { _id: string; bjp: string; inc: string }>;
}

export async function createSmallElection(
  app: FastifyInstance,
  admin: TestUser,
  slug: string,
  name = { hi: 'लोकसभा चुनाव 2024', en: 'Lok Sabha election 2024' },
): Promise<SmallElection> {
  const post = async (url: string, payload: object) => {
    const res = await app.inject({ method: 'POST', url, headers: auth(admin), payload });
    if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  await post('/api/elections', {
    slug,
    name,
    kind: 'lok-sabha',
    countingDate: '2024-06-04',
    majority: 2,
  });
  const geojson = JSON.stringify({
    type: 'FeatureCollection',
    features: SMALL_SEATS.map((s) => ({
      type: 'Feature',
      properties: { eci_st_code: s.state, pc_no: s.number, pc_name: s.en, pc_name_hi: s.hi },
      geometry: square(s.at),
    })),
  });
  const url = `/api/elections/${slug}/import`;
  await post(url, { kind: 'constituencies', geojson });
  await post(url, {
    kind: 'parties',
    csv: [
      'abbreviation,name_en,name_hi,colour,alliance',
      'BJP,Bharatiya Janata Party,भारतीय जनता पार्टी,#ff9933,NDA',
      'INC,Indian National Congress,भारतीय राष्ट्रीय कांग्रेस,#19aaed,INDIA',
    ].join('\n'),
  });
  await post(url, {
    kind: 'candidates',
    csv: [
      'state_code,pc_no,serial_no,candidate,party',
      ...SMALL_SEATS.flatMap((s) => [
        `${s.state},${s.number},1,${s.en} BJP Candidate,BJP`,
        `${s.state},${s.number},2,${s.en} INC Candidate,INC`,
      ]),
    ].join('\n'),
  });
  await post(url, {
    kind: 'previous',
    csv: ['state_code,pc_no,party', ...SMALL_SEATS.map((s) => `${s.state},${s.number},BJP`)].join(
      '\n',
    ),
  });
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
