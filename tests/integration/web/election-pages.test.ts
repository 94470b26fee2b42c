/*
 * An election's results pages as readers and crawlers get them (issue 69 item 4): the whole
 * election with its tally bar, alliance and party tables (won and leading apart, their sum named
 * as such, each row's source and time), the map as one SVG beside a table that says the same,
 * the desk's key contests; a state's page; a seat's page with every saved result; Dataset
 * JSON-LD; the same bytes for every reader, no cookie.
 */
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, createAdmin, createUser, type TestUser } from '../../factories';
import { createSmallElection, saveResult, type SmallElection } from '../../factories/elections';
import { jsonLdBlocks } from '../../setup/rich-results';
import { createTestApp, type TestApp } from '../../setup/test-app';

const PUBLIC_URL = 'https://patrika.example';
let t: TestApp;
let admin: TestUser;
let editor: TestUser;
let election: SmallElection;
const get = (url: string) => t.app.inject({ method: 'GET', url });

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL }, { web: 'build' });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  election = await createSmallElection(t.app, admin, 'lok-sabha-2024');
  const { Varanasi, Jaipur } = election.seats;
  await saveResult(t.app, editor, election, {
    seat: Varanasi!._id,
    leader: Varanasi!.bjp,
    votes: 612970,
    margin: 152513,
    status: 'won',
  });
  await saveResult(t.app, editor, election, {
    seat: Jaipur!._id,
    leader: Jaipur!.inc,
    votes: 40000,
    margin: 1200,
    status: 'leading',
  });
  const key = await t.app.inject({
    method: 'PUT',
    url: `/api/elections/${election.slug}/key-contests`,
    headers: auth(editor),
    payload: { seats: [Varanasi!._id] },
  });
  expect(key.statusCode, key.body).toBe(200);
}, 180_000);
afterAll(() => t?.close());

/** The text of an HTML fragment, tags dropped and spaces folded. */
const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&nbsp;|\s+/g, ' ')
    .trim();

describe('the results page', () => {
  it('shows the tally against the majority, won and leading apart, with source and time', async () => {
    const res = await get('/elections/lok-sabha-2024');
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const html = res.body;
    expect(html).toContain('<h1>Lok Sabha election 2024: results</h1>');
    expect(html).toContain('Majority: 2 of 3 seats');
    const alliances = textOf(html.slice(html.indexOf('<caption>Alliances')));
    expect(alliances).toMatch(
      /^Alliances Alliance Won Leading Won \+ leading Change on last time Source, as of NDA 1 0 1 −2 our desk, \d+ \w+, \d\d:\d\d IST INDIA 0 1 1 \+1 our desk/,
    );
    expect(html).toMatch(
      /role="img" aria-label="NDA: 1 won, 0 leading; INDIA: 0 won, 1 leading\. Majority: 2 of 3 seats\."/,
    );
  });

  it('has the map as one image beside the table of every seat that says the same', async () => {
    const html = (await get('/elections/lok-sabha-2024')).body;
    expect(html).toMatch(
      /<img src="\/elections\/lok-sabha-2024\/map\.svg\?v=\d+" width="1000" height="\d+" alt="Map of Lok Sabha election 2024: each constituency/,
    );
    // Every seat, a state at a time, each state's table closed until opened (a phone lays out
    // only what is opened: docs/perf/elections.md).
    const seats = html.slice(html.indexOf('id="seats"'), html.indexOf('id="states"'));
    const groups = seats
      .split('<details ')
      .slice(1)
      .map((g) => `<details ${g.slice(0, g.indexOf('</details>'))}`);
    expect(groups.every((g) => /^<details class="election-seat-group">/.test(g))).toBe(true);
    expect(groups.map(textOf)).toEqual([
      expect.stringMatching(
        /^Rajasthan · 1 of 1 seats have a result Rajasthan Seat Ahead Status Margin Source, as of Jaipur Jaipur INC Candidate INC Leading 1,200 our desk, \d+ \w+, \d\d:\d\d IST$/,
      ),
      expect.stringMatching(
        /^Uttar Pradesh · 1 of 2 seats have a result Uttar Pradesh Seat Ahead Status Margin Source, as of Rae Bareli Awaited no result yet Varanasi Varanasi BJP Candidate BJP Won 1,52,513 our desk, \d+ \w+, \d\d:\d\d IST$/,
      ),
    ]);
    const contests = textOf(
      html.slice(html.indexOf('<h2 id="key-contests"'), html.indexOf('<h2 id="seats"')),
    );
    expect(contests).toMatch(
      /^Key contests Varanasi Varanasi BJP Candidate BJP · Won by 1,52,513 votes our desk, \d+ \w+, \d\d:\d\d IST$/,
    );
  });

  it('draws the map as valid SVG: a path per seat in its leader’s colour with its name', async () => {
    const res = await get('/elections/lok-sabha-2024/map.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    const paths: { fill?: string; opacity?: string; title: string }[] = [];
    const parser = new SaxesParser({ xmlns: true });
    let inTitle = false;
    parser.on('opentag', (tag) => {
      if (tag.local === 'path')
        paths.push({
          fill: tag.attributes.fill?.value,
          opacity: tag.attributes['fill-opacity']?.value,
          title: '',
        });
      inTitle = tag.local === 'title' && paths.length > 0;
    });
    parser.on('text', (text) => {
      if (inTitle) paths.at(-1)!.title += text;
    });
    parser.write(res.body).close();
    const byTitle = Object.fromEntries(paths.map((p) => [p.title, p]));
    expect(paths).toHaveLength(3);
    expect(byTitle).toEqual({
      'Rae Bareli': { fill: '#d9d9d9', opacity: undefined, title: 'Rae Bareli' },
      Varanasi: { fill: '#ff9933', opacity: undefined, title: 'Varanasi' },
      Jaipur: { fill: '#19aaed', opacity: '.55', title: 'Jaipur' },
    });
  });

  it('writes Dataset and breadcrumb JSON-LD', async () => {
    const blocks = jsonLdBlocks((await get('/elections/lok-sabha-2024')).body);
    const dataset = blocks.find((b) => b['@type'] === 'Dataset');
    expect(dataset).toMatchObject({
      name: 'Lok Sabha election 2024: results',
      url: `${PUBLIC_URL}/elections/lok-sabha-2024`,
      temporalCoverage: '2024-06-04',
      isAccessibleForFree: true,
      distribution: [
        {
          encodingFormat: 'application/json',
          contentUrl: `${PUBLIC_URL}/api/elections/lok-sabha-2024/tally`,
        },
        {
          encodingFormat: 'image/svg+xml',
          contentUrl: `${PUBLIC_URL}/elections/lok-sabha-2024/map.svg`,
        },
      ],
    });
    expect(String(dataset?.description).length).toBeGreaterThanOrEqual(50);
    expect(blocks.some((b) => b['@type'] === 'BreadcrumbList')).toBe(true);
  });

  it('is kept: the second reader gets the same bytes from the cache', async () => {
    const first = await get('/elections/lok-sabha-2024/rajasthan');
    const second = await get('/elections/lok-sabha-2024/rajasthan');
    expect(second.headers['x-page-cache']).toMatch(/hit|stale/);
    expect(second.body).toBe(first.body);
  });
});

describe('a state and a seat', () => {
  it('shows one state’s seats and tally, without the whole election’s majority', async () => {
    const res = await get('/elections/lok-sabha-2024/uttar-pradesh');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Lok Sabha election 2024: Uttar Pradesh</h1>');
    expect(res.body).not.toContain('Majority:');
    expect(res.body).toContain('src="/elections/lok-sabha-2024/uttar-pradesh/map.svg');
    expect(res.body).not.toContain('>Jaipur</a></th>');
    const map = await get('/elections/lok-sabha-2024/uttar-pradesh/map.svg');
    expect(map.body.match(/<path /g)).toHaveLength(2);
    expect((await get('/elections/lok-sabha-2024/nowhere')).statusCode).toBe(404);
    expect((await get('/elections/no-such-election')).statusCode).toBe(404);
  });

  it('shows a seat’s contest with every result saved, newest first, with source and time', async () => {
    const res = await get('/elections/lok-sabha-2024/uttar-pradesh/77-varanasi');
    expect(res.statusCode).toBe(200);
    const text = textOf(res.body.slice(res.body.indexOf('<main')));
    expect(text).toContain('Varanasi ( Uttar Pradesh )');
    expect(text).toMatch(
      /Varanasi BJP Candidate \( BJP \) · Won by 1,52,513 votes Votes: 6,12,970 · round 1 · our desk, \d+ \w+, \d\d:\d\d IST/,
    );
    expect(text).toContain('Last time: won by BJP');
    expect(text).toMatch(
      /Every result saved, newest first When Ahead Status Votes Margin Round Source, as of \d+ \w+, \d\d:\d\d IST Varanasi BJP Candidate \(BJP\) Won 6,12,970 1,52,513 1 our desk/,
    );
    // The number decides; the name is for people.
    expect((await get('/elections/lok-sabha-2024/uttar-pradesh/77')).statusCode).toBe(200);
    expect((await get('/elections/lok-sabha-2024/uttar-pradesh/99-nowhere')).statusCode).toBe(404);
  });

  it('refuses a key contest that is not a seat of the election, and an author', async () => {
    const put = (who: TestUser, seats: string[]) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/elections/${election.slug}/key-contests`,
        headers: auth(who),
        payload: { seats },
      });
    expect((await put(editor, [admin._id])).json().code).toBe('election.key_contest_unknown');
    const author = await createUser(t.app, 'author');
    expect((await put(author, [])).statusCode).toBe(403);
  });
});
