/*
 * The small election's data (issue 69): three seats in two states drawn as squares, two parties
 * in two alliances, two candidates a seat, the seats' previous winners; as the API calls that
 * make it, for the integration factories (./elections.ts) and the browser journeys alike.
 */
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

/** What makes the small election: the election's own body, then the imports in order. */
export function smallElectionCalls(
  slug: string,
  name = { hi: 'लोकसभा चुनाव 2024', en: 'Lok Sabha election 2024' },
) {
  const geojson = JSON.stringify({
    type: 'FeatureCollection',
    features: SMALL_SEATS.map((s) => ({
      type: 'Feature',
      properties: { eci_st_code: s.state, pc_no: s.number, pc_name: s.en, pc_name_hi: s.hi },
      geometry: square(s.at),
    })),
  });
  const parties = [
    'abbreviation,name_en,name_hi,colour,alliance',
    'BJP,Bharatiya Janata Party,भारतीय जनता पार्टी,#ff9933,NDA',
    'INC,Indian National Congress,भारतीय राष्ट्रीय कांग्रेस,#19aaed,INDIA',
  ].join('\n');
  const candidates = [
    'state_code,pc_no,serial_no,candidate,party',
    ...SMALL_SEATS.flatMap((s) => [
      `${s.state},${s.number},1,${s.en} BJP Candidate,BJP`,
      `${s.state},${s.number},2,${s.en} INC Candidate,INC`,
    ]),
  ].join('\n');
  const previous = [
    'state_code,pc_no,party',
    ...SMALL_SEATS.map((s) => `${s.state},${s.number},BJP`),
  ].join('\n');
  const url = `/api/elections/${slug}/import`;
  return [
    {
      url: '/api/elections',
      body: { slug, name, kind: 'lok-sabha', countingDate: '2024-06-04', majority: 2 },
    },
    { url, body: { kind: 'constituencies', geojson } },
    { url, body: { kind: 'parties', csv: parties } },
    { url, body: { kind: 'candidates', csv: candidates } },
    { url, body: { kind: 'previous', csv: previous } },
  ];
}
