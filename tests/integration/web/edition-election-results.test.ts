/*
 * An edition's own seats first on counting day (issue 69 item 4, the editions issue): while an
 * election is counted today, a state's edition page shows a small results block of its state
 * (the tally, won and leading apart, and its seats), and a city's its own seat first. The pages
 * stay kept, the same bytes for everyone, and a desk save shows in the block within 5 s. An
 * edition whose state has no seats in it, and any edition on another day, shows no block.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NATIONAL_EDITION_ID } from '../../../common/editions';
import { zonedDay } from '../../../common/time-zone';
import { elections } from '../../../db/schema/elections';
import { createAdmin, createUser, type TestUser } from '../../factories';
import { editionTree } from '../../factories/editions';
import { createSmallElection, saveResult, type SmallElection } from '../../factories/elections';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let election: SmallElection;
const tail = randomBytes(3).toString('hex');
const get = (url: string) => t.app.inject({ method: 'GET', url });
const WITHIN_5_S = { timeout: 5_000, interval: 100 };

const { made: ed, add: addEdition } = editionTree(() => ({ app: t.app, by: admin }), tail);

/** The text of an HTML fragment, tags dropped and spaces folded. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\s+/g, ' ')
    .trim();
/** The results block of an edition's page, as HTML; undefined when it has none. */
const blockHtml = (html: string) => {
  const at = html.indexOf('data-edition-results=');
  if (at < 0) return undefined;
  return html.slice(html.lastIndexOf('<section', at), html.indexOf('</section>', at));
};
/** The block as text. */
const blockOf = (html: string) => {
  const block = blockHtml(html);
  return block === undefined ? undefined : textOf(block);
};
/** The seats the block lists, in its order. */
const seatsOf = (html: string) =>
  [...(blockHtml(html) ?? '').matchAll(/<th scope="row"><a [^>]*>([^<]+)<\/a>/g)].map((m) => m[1]);

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://patrika.example' }, { web: 'build' });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  election = await createSmallElection(t.app, admin, 'lok-sabha-2024');
  // Counted today in the site's zone (the shipped factory's day is in 2024).
  await t.database.db
    .update(elections)
    .set({ countingDate: zonedDay(new Date(), 'Asia/Kolkata') })
    .where(eq(elections.slug, election.slug));
  await addEdition('up', 'state', NATIONAL_EDITION_ID, { hi: 'उत्तर प्रदेश', en: 'Uttar Pradesh' });
  await addEdition('varanasi', 'city', ed.up!._id, { hi: 'वाराणसी', en: 'Varanasi' });
  await addEdition('kerala', 'state', NATIONAL_EDITION_ID, { hi: 'केरल', en: 'Kerala' });
  const { Varanasi } = election.seats;
  await saveResult(t.app, editor, election, {
    seat: Varanasi!._id,
    leader: Varanasi!.bjp,
    votes: 300000,
    margin: 20000,
    status: 'leading',
  });
}, 180_000);
afterAll(() => t?.close());

describe('an edition’s page on counting day', () => {
  it('shows its state’s results: the tally, won and leading apart, and the state’s seats', async () => {
    const res = await get(`/local/up-${tail}`);
    expect(res.statusCode).toBe(200);
    const block = blockOf(res.body);
    expect(block).toMatch(
      /^Lok Sabha election 2024: Uttar Pradesh: live results Seats won and leading Alliance Won Leading Won \+ leading Source, as of NDA 0 1 1 our desk, /,
    );
    expect(block).toContain('All results');
    expect(res.body).toContain('href="/elections/lok-sabha-2024/uttar-pradesh"');
    // In the state's order; Jaipur is another state's.
    expect(seatsOf(res.body)).toEqual(['Rae Bareli', 'Varanasi']);
  });

  it('puts a city’s own seat first', async () => {
    const res = await get(`/local/up-${tail}/varanasi-${tail}`);
    expect(res.statusCode).toBe(200);
    expect(seatsOf(res.body)).toEqual(['Varanasi', 'Rae Bareli']);
  });

  it('shows no block where the state has no seat in it, nor on the national home', async () => {
    expect(blockOf((await get(`/local/kerala-${tail}`)).body)).toBeUndefined();
    expect(blockOf((await get('/')).body)).toBeUndefined();
  });

  it('is kept, and shows a desk save within 5 s', async () => {
    const path = `/local/up-${tail}/varanasi-${tail}`;
    await get(path);
    const kept = await get(path);
    expect(kept.headers['x-page-cache']).toMatch(/hit|stale/);
    expect(kept.headers['set-cookie']).toBeUndefined();
    const { Varanasi } = election.seats;
    await saveResult(t.app, editor, election, {
      seat: Varanasi!._id,
      leader: Varanasi!.bjp,
      votes: 612970,
      margin: 152513,
      status: 'won',
    });
    await expect
      .poll(async () => blockOf((await get(path)).body), WITHIN_5_S)
      .toMatch(/NDA 1 0 1 .*Varanasi Varanasi BJP Candidate BJP Won 1,52,513/);
  });
});

describe('an edition’s page on another day', () => {
  it('shows no block', async () => {
    await t.database.db
      .update(elections)
      .set({ countingDate: '2024-06-04' })
      .where(eq(elections.slug, election.slug));
    // Any change to the edition's page makes it again (here the state's results' tag).
    const raeBareli = election.seats['Rae Bareli']!;
    await saveResult(t.app, editor, election, {
      seat: raeBareli._id,
      leader: raeBareli.inc,
      votes: 1000,
      margin: 10,
      status: 'leading',
    });
    const path = `/local/up-${tail}`;
    await t.app.services.events.settled();
    await expect.poll(async () => blockOf((await get(path)).body), WITHIN_5_S).toBeUndefined();
  });
});
