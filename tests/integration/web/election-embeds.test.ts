/*
 * Election blocks in stories and live entries (issue 69 item 4): the body keeps the block the
 * editor saved (a <div data-election…> around its link, checked by the sanitiser), and the
 * story's page shows in its place the figures of the moment: the tally, a state's, a seat's.
 * The page is kept, the same bytes for every reader; a desk save (POST
 * /api/elections/{slug}/results) shows in the story's block within 5 s, as on the results pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth,
  createAdmin,
  createArticle,
  createCategory,
  createUser,
  type TestUser,
} from '../../factories';
import { createSmallElection, saveResult, type SmallElection } from '../../factories/elections';
import { jsonLdBlocks } from '../../setup/rich-results';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let election: SmallElection;
let path: string;
let livePath: string;
let liveId: string;
const get = (url: string) => t.app.inject({ method: 'GET', url });
/** A desk save shows in every embed within this (issue 69 item 5). */
const WITHIN_5_S = { timeout: 5_000, interval: 100 };

const TALLY = '<div data-election="lok-sabha-2024"><a href="/elections/lok-sabha-2024">x</a></div>';
const STATE =
  '<div data-election="lok-sabha-2024" data-election-state="uttar-pradesh"><a href="/elections/lok-sabha-2024/uttar-pradesh">x</a></div>';
const SEAT =
  '<div data-election="lok-sabha-2024" data-election-state="rajasthan" data-election-seat="6"><a href="/elections/lok-sabha-2024/rajasthan/6">Jaipur</a></div>';

/** The text of an HTML fragment, tags dropped and spaces folded. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\s+/g, ' ')
    .trim();
/** The blocks a page shows, by kind, as text. */
const embedsOf = (html: string) =>
  [
    ...html.matchAll(
      /<aside class="election-embed[^"]*"[^>]*data-election-embed="(\w+)">(.*?)<\/aside>/gs,
    ),
  ].map((m) => ({ kind: m[1], text: textOf(m[2]!) }));

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://patrika.example' }, { web: 'build' });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  election = await createSmallElection(t.app, admin, 'lok-sabha-2024');
  const { Varanasi } = election.seats;
  await saveResult(t.app, editor, election, {
    seat: Varanasi!._id,
    leader: Varanasi!.bjp,
    votes: 612970,
    margin: 152513,
    status: 'won',
  });
  const category = await createCategory(t.app, admin, { name: 'Counting Day' });
  const story = await createArticle(t.app, admin, category._id, {
    name: 'Counting day: the results as they come',
    description: `<p>The count began at eight.</p>${TALLY}${STATE}<p>Jaipur:</p>${SEAT}`,
    status: 'published',
  });
  path = `/${category.slug}/${story.slug}`;
  const live = await createArticle(t.app, admin, category._id, {
    name: 'Counting day live',
    description: '<p>Follow the count.</p>',
    status: 'published',
    liveBlog: true,
  });
  livePath = `/${category.slug}/${live.slug}`;
  liveId = live._id;
  const entry = await t.app.inject({
    method: 'POST',
    url: `/api/articles/${live._id}/live`,
    headers: auth(admin),
    payload: { body: `<p>Jaipur, now:</p>${SEAT}` },
  });
  expect(entry.statusCode, entry.body).toBe(201);
}, 180_000);
afterAll(() => t?.close());

describe('the saved block', () => {
  it('keeps its checked attributes and link, and drops what names no election', async () => {
    const category = await createCategory(t.app, admin, { name: 'Checked Blocks' });
    const story = await createArticle(t.app, admin, category._id, {
      name: 'Blocks as saved',
      description: `<p>x</p><div data-election="../x" data-election-seat="5" onclick="y">z</div>${SEAT}<div data-election="lok-sabha-2024" data-election-seat="6">w</div>`,
    });
    const res = await t.app.inject({
      url: `/api/articles/article/${story._id}`,
      headers: auth(admin),
    });
    expect(res.statusCode, res.body).toBe(200);
    // A seat without its state names the whole election.
    expect((res.json() as { description: string }).description).toBe(
      `<p>x</p><div>z</div>${SEAT}<div data-election="lok-sabha-2024">w</div>`,
    );
  });
});

describe('a story with election blocks', () => {
  it('shows the tally, a state and a seat with their source and time in place of the blocks', async () => {
    const res = await get(path);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-election="lok-sabha-2024"');
    const [tally, state, seat] = embedsOf(res.body);
    expect(tally?.kind).toBe('tally');
    expect(tally?.text).toMatch(
      /^Lok Sabha election 2024: live results Majority: 2 of 3 seats Seats won and leading Alliance Won Leading Won \+ leading NDA 1 0 1 Source, as of: our desk, \d+ \w+, \d\d:\d\d IST$/,
    );
    expect(state?.text).toMatch(/^Lok Sabha election 2024: Uttar Pradesh: live results /);
    expect(seat).toEqual({
      kind: 'seat',
      text: 'Jaipur (Rajasthan): result Awaited · no result yet',
    });
    // Its NewsArticle stays what Google expects.
    const article = jsonLdBlocks(res.body).find((b) => b['@type'] === 'NewsArticle');
    expect(article).toMatchObject({ headline: 'Counting day: the results as they come' });
  });

  it('shows a desk save in the story’s and the live entry’s block within 5 s, kept pages', async () => {
    // Both pages kept before the save.
    for (const url of [path, livePath]) {
      await get(url);
      expect((await get(url)).headers['x-page-cache']).toMatch(/hit|stale/);
    }
    const { Jaipur } = election.seats;
    await saveResult(t.app, editor, election, {
      seat: Jaipur!._id,
      leader: Jaipur!.inc,
      votes: 40123,
      margin: 1234,
      status: 'leading',
    });
    const seatOn = async (url: string) =>
      embedsOf((await get(url)).body).find((e) => e.kind === 'seat')?.text;
    await expect
      .poll(() => seatOn(path), WITHIN_5_S)
      .toMatch(
        /^Jaipur \(Rajasthan\): result Leading: Jaipur INC Candidate \(INC\) · by 1,234 votes Votes: 40,123 · round 1 · our desk, \d+ \w+, \d\d:\d\d IST$/,
      );
    await expect.poll(() => seatOn(livePath), WITHIN_5_S).toMatch(/Leading: Jaipur INC Candidate/);
    await expect
      .poll(async () => embedsOf((await get(path)).body)[0]?.text, WITHIN_5_S)
      .toContain('INDIA 0 1 1');
    // Kept again, the same bytes for the next reader.
    const first = await get(path);
    const second = await get(path);
    expect(second.headers['x-page-cache']).toMatch(/hit|stale/);
    expect(second.body).toBe(first.body);
    expect(second.headers['set-cookie']).toBeUndefined();
  });

  it('fills the blocks of the entries the live poll brings, kept, and a desk save shows in 5 s', async () => {
    // An entry written after the blog's page was made reaches open pages through the poll.
    const since = new Date(Date.now() - 60_000).toISOString();
    const VARANASI =
      '<div data-election="lok-sabha-2024" data-election-state="uttar-pradesh" data-election-seat="77"><a href="/elections/lok-sabha-2024/uttar-pradesh/77">Varanasi</a></div>';
    const written = await t.app.inject({
      method: 'POST',
      url: `/api/articles/${liveId}/live`,
      headers: auth(admin),
      payload: { body: `<p>Varanasi, now:</p>${VARANASI}` },
    });
    expect(written.statusCode, written.body).toBe(201);
    const entryId = (written.json() as { _id: string })._id;
    const poll = `/api/articles/${liveId}/live?since=${encodeURIComponent(since)}&blocks=filled`;
    const bodyOf = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      const { entries } = res.json() as { entries: { _id: string; body: string }[] };
      return { res, body: entries.find((e) => e._id === entryId)?.body ?? '' };
    };
    const polled = await bodyOf(poll);
    expect(embedsOf(polled.body)).toEqual([
      {
        kind: 'seat',
        text: expect.stringMatching(
          /^Varanasi \(Uttar Pradesh\): result Won: Varanasi BJP Candidate \(BJP\) · by 1,52,513 votes Votes: 6,12,970 · round 1 · our desk, \d+ \w+, \d\d:\d\d IST$/,
        ),
      },
    ]);
    expect(polled.body).toMatch(/^<p>Varanasi, now:<\/p><aside class="election-embed /);
    // Unasked, the entries as stored: the desk edits these, block and link.
    expect((await bodyOf(`/api/articles/${liveId}/live`)).body).toBe(
      `<p>Varanasi, now:</p>${VARANASI}`,
    );
    // Kept for the next poll, and made again when the desk saves the seat.
    expect((await bodyOf(poll)).res.headers['x-page-cache']).toMatch(/hit|stale/);
    const { Varanasi } = election.seats;
    await saveResult(t.app, editor, election, {
      seat: Varanasi!._id,
      leader: Varanasi!.bjp,
      votes: 613001,
      margin: 152544,
      status: 'won',
    });
    await expect
      .poll(async () => embedsOf((await bodyOf(poll)).body)[0]?.text, WITHIN_5_S)
      .toContain('by 1,52,544 votes Votes: 6,13,001');
  });

  it('writes the block in the story’s language', async () => {
    const category = await createCategory(t.app, admin, { name: 'Hindi Counts' });
    const story = await createArticle(t.app, admin, category._id, {
      name: 'मतगणना',
      description:
        '<p>वाराणसी:</p><div data-election="lok-sabha-2024" data-election-state="uttar-pradesh" data-election-seat="77"><a href="/elections/lok-sabha-2024/uttar-pradesh/77">वाराणसी</a></div>',
      language: 'hi',
      status: 'published',
    });
    const html = (await get(`/${category.slug}/${story.slug}`)).body;
    const [seat] = embedsOf(html);
    expect(seat?.text).toMatch(
      /^वाराणसी \(उत्तर प्रदेश\): नतीजा जीती: Varanasi BJP Candidate \(BJP\) · /,
    );
    expect(html).toContain('<aside class="election-embed border rounded p-2 my-3" lang="hi"');
  });

  it('leaves a block whose election is not there as its link', async () => {
    const category = await createCategory(t.app, admin, { name: 'Old Counts' });
    const story = await createArticle(t.app, admin, category._id, {
      name: 'An election that never was',
      description:
        '<p>x</p><div data-election="no-such-vote"><a href="/elections/no-such-vote">Results</a></div>',
      status: 'published',
    });
    const res = await get(`/${category.slug}/${story.slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<div data-election="no-such-vote"><a href="/elections/no-such-vote">Results</a></div>',
    );
    expect(embedsOf(res.body)).toEqual([]);
  });
});

describe('a seat’s page', () => {
  it('writes its Dataset JSON-LD and the follow button hidden, the same for everyone', async () => {
    const res = await get('/elections/lok-sabha-2024/uttar-pradesh/77-varanasi');
    expect(res.statusCode).toBe(200);
    const dataset = jsonLdBlocks(res.body).find((b) => b['@type'] === 'Dataset');
    expect(dataset).toMatchObject({
      url: 'https://patrika.example/elections/lok-sabha-2024/uttar-pradesh/77-varanasi',
      isAccessibleForFree: true,
    });
    expect(String(dataset?.description).length).toBeGreaterThanOrEqual(50);
    expect(res.body).toMatch(
      /<p class="election-follow" data-seat-follow="\/api\/elections\/lok-sabha-2024\/seats\/[0-9a-f-]{36}\/follow" data-following="You will get an alert when this seat is declared\." data-unfollowed="You will not get an alert for this seat\." data-failed="[^"]+" hidden=""><button type="button" class="btn btn-outline-primary btn-sm" data-seat-action="follow">Alert me when this seat is declared<\/button><button type="button" class="btn btn-outline-secondary btn-sm" data-seat-action="stop" hidden="">Stop alerts for this seat<\/button>/,
    );
    const second = await get('/elections/lok-sabha-2024/uttar-pradesh/77-varanasi');
    expect(second.body).toBe(res.body);
    expect(second.headers['set-cookie']).toBeUndefined();
  });
});
