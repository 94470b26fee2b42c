/*
 * The demo's counting day (issue 69, README's demo): the Lok Sabha election of 2024 as the
 * product ships it, 543 seats with their declared winners (BJP 240, INC 99; NDA 293, INDIA 234
 * as the press counted the alliances), and its rehearsal, which ends on the same tally when the
 * clock has run through its day at 60×; the demo's removal takes both away.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { removeDemoContent } from '../../../db/seed/demo-remove';
import { DEMO_SETTINGS } from '../../../db/seed/seed';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let now = Date.parse('2026-11-29T08:00:00Z');
const clock = { now: () => new Date(now) };

beforeAll(async () => {
  t = await createTestApp({}, { clock, pollJobs: false });
}, 120_000);
afterAll(() => t?.close());

const wonBy = async (slug: string) => {
  const tally = await t.app.services.elections.tally(slug);
  const won = (
    rows: { won: { value: number }; leading: { value: number } }[],
    key: (i: number) => string,
  ) => Object.fromEntries(rows.map((r, i) => [key(i), r.won.value]).filter(([, n]) => n !== 0));
  return {
    seats: tally.seats,
    parties: won(tally.parties, (i) => tally.parties[i]!.party),
    alliances: won(tally.alliances, (i) => tally.alliances[i]!.alliance),
  };
};

it('seeds Lok Sabha 2024 with its declared results and a rehearsal that ends on them', async () => {
  expect(await t.app.services.elections.seedDemo()).toBe(true);
  expect(await t.app.services.elections.seedDemo()).toBe(false);
  const final = await wonBy('lok-sabha-2024');
  expect(final.seats).toBe(543);
  expect(final.parties).toMatchObject({ BJP: 240, INC: 99, SP: 37, AITC: 29, DMK: 22 });
  expect(final.alliances).toEqual({ NDA: 293, INDIA: 234 });

  const state = await t.app.services.elections.rehearsals.state(
    { id: '', name: '', email: '', role: 'administrator' },
    'lok-sabha-2024-rehearsal',
  );
  expect(state.rehearsal).toMatchObject({ from: 'synthetic', speed: 60, played: 0 });
  // Half way: leads counted, some seats declared.
  now += (Date.parse(state.endsAt) - now) / 2;
  while ((await t.app.services.jobs.runDue()) > 0);
  const half = await t.app.services.elections.tally('lok-sabha-2024-rehearsal');
  const leading = half.parties.reduce((n, p) => n + p.leading.value, 0);
  expect(leading).toBeGreaterThan(0);
  now = Date.parse(state.endsAt) + 1000;
  while ((await t.app.services.jobs.runDue()) > 0);
  expect(await wonBy('lok-sabha-2024-rehearsal')).toEqual(final);

  // `npm run seed -- --remove` takes both away, and an election of the site's own stays.
  const admin = { id: '', name: '', email: '', role: 'administrator' } as const;
  await t.app.services.elections.create(admin, {
    slug: 'ours',
    name: { hi: 'हमारा', en: 'Ours' },
    kind: 'lok-sabha',
    countingDate: '2029-05-01',
    majority: 272,
  });
  await removeDemoContent(t.database.db, DEMO_SETTINGS);
  expect((await t.app.services.elections.list(admin)).map((e) => e.slug)).toEqual(['ours']);
}, 300_000);
