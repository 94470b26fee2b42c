/*
 * Following a seat (issue 69 item 4): a reader's browser follows a seat from its page (a call
 * after load, never part of the kept page) and gets a Web Push when the seat is declared
 * (status `won`), once: a second save of the declared seat sends nothing more, a `leading` save
 * sends nothing, another seat's followers get nothing. The push goes to a real local HTTPS push
 * service (tests/setup/push-endpoint.ts) as the editors' alerts do. A browser that only follows
 * a seat never asked for the editors' alerts and does not get them.
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
import {
  startPushEndpoint,
  type PushEndpoint,
  type TestSubscriber,
} from '../../setup/push-endpoint';
import { createTestApp, type TestApp } from '../../setup/test-app';

let t: TestApp;
let push: PushEndpoint;
let admin: TestUser;
let editor: TestUser;
let election: SmallElection;
let follower: TestSubscriber;
let other: TestSubscriber;
let reader: TestSubscriber;

/** Generous for a busy machine: events are read every second; this only bounds a failure. */
const DELIVERED = { timeout: 30_000, interval: 100 };
const followPath = (seat: string) => `/api/elections/${election.slug}/seats/${seat}/follow`;
const follow = (seat: string, browser: TestSubscriber) =>
  t.app.inject({
    method: 'POST',
    url: followPath(seat),
    payload: { endpoint: browser.endpoint, keys: browser.keys },
  });
const followState = async (seat: string, browser: TestSubscriber) =>
  (
    await t.app.inject({
      method: 'POST',
      url: `${followPath(seat)}/state`,
      payload: { endpoint: browser.endpoint },
    })
  ).json() as { following: boolean };
/** Every event read by now: a push that was to come has come. */
const settled = () => t.app.services.events.settled();

beforeAll(async () => {
  push = await startPushEndpoint();
  t = await createTestApp({ PUSH_ALLOW_PRIVATE: '1', NODE_EXTRA_CA_CERTS: push.caFile });
  admin = await createAdmin(t.app);
  editor = await createUser(t.app, 'editor');
  election = await createSmallElection(t.app, admin, 'lok-sabha-2024');
  follower = push.subscriber();
  other = push.subscriber();
  reader = push.subscriber();
}, 180_000);
afterAll(async () => {
  await t?.close();
  await push?.close();
});

describe('following a seat', () => {
  it('follows from the seat’s page: 201, once per browser, and says so after load', async () => {
    const { Varanasi, Jaipur } = election.seats;
    expect(await followState(Varanasi!._id, follower)).toEqual({ following: false });
    const res = await follow(Varanasi!._id, follower);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((await follow(Varanasi!._id, follower)).statusCode).toBe(201);
    expect((await follow(Jaipur!._id, other)).statusCode).toBe(201);
    expect(await followState(Varanasi!._id, follower)).toEqual({ following: true });
    expect(await followState(Jaipur!._id, follower)).toEqual({ following: false });
  });

  it('refuses a seat that is not the election’s and a bad subscription, keeping nothing', async () => {
    const res = await follow(admin._id, follower);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('election.seat_not_found');
    const bad = await t.app.inject({
      method: 'POST',
      url: followPath(election.seats.Varanasi!._id),
      payload: { endpoint: 'http://push.example/x', keys: follower.keys },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('sends the push when the seat is declared, once; leading and other seats send nothing', async () => {
    const { Varanasi } = election.seats;
    await saveResult(t.app, editor, election, {
      seat: Varanasi!._id,
      leader: Varanasi!.bjp,
      votes: 300000,
      margin: 20000,
      status: 'leading',
    });
    await settled();
    expect(follower.delivered).toEqual([]);
    await saveResult(t.app, editor, election, {
      seat: Varanasi!._id,
      leader: Varanasi!.bjp,
      votes: 612970,
      margin: 152513,
      status: 'won',
    });
    await expect.poll(() => follower.delivered.length, DELIVERED).toBe(1);
    expect(follower.broken).toEqual([]);
    expect(follower.delivered[0]?.payload).toEqual({
      title: 'Varanasi (Uttar Pradesh): BJP wins',
      body: 'Varanasi BJP Candidate won by 1,52,513 votes.',
      url: `${t.config.publicUrl}/elections/lok-sabha-2024/uttar-pradesh/77-varanasi?utm_source=push`,
    });
    // The declared seat saved again (a corrected count): no second push.
    await saveResult(t.app, editor, election, {
      seat: Varanasi!._id,
      leader: Varanasi!.bjp,
      votes: 612971,
      margin: 152514,
      status: 'won',
    });
    await settled();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(follower.delivered).toHaveLength(1);
    expect(other.delivered).toEqual([]);
  });

  it('a browser that only follows a seat gets no editors’ alert; one that subscribed does', async () => {
    const subscribed = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: reader.endpoint, keys: reader.keys },
    });
    expect(subscribed.statusCode).toBe(201);
    const category = await createCategory(t.app, admin, { name: 'Counting Alerts' });
    const story = await createArticle(t.app, admin, category._id, {
      name: 'The count is over',
      status: 'published',
    });
    const alert = await t.app.inject({
      method: 'POST',
      url: '/api/push/alerts',
      headers: auth(editor),
      payload: { articleId: story._id },
    });
    expect(alert.statusCode, alert.body).toBe(202);
    await expect.poll(() => reader.delivered.length, DELIVERED).toBe(1);
    expect(other.delivered).toEqual([]);
    expect(follower.delivered).toHaveLength(1);
  });

  it('stops following: DELETE, then 404 for a browser that does not follow', async () => {
    const { Jaipur } = election.seats;
    const stop = () =>
      t.app.inject({
        method: 'DELETE',
        url: followPath(Jaipur!._id),
        payload: { endpoint: other.endpoint },
      });
    expect((await stop()).statusCode).toBe(200);
    expect(await followState(Jaipur!._id, other)).toEqual({ following: false });
    expect((await stop()).statusCode).toBe(404);
  });
});
