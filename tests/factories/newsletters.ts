import type { FastifyInstance } from 'fastify';
import { auth, multipart, type TestUser } from './index';

/**
 * A manual newsletter of one section, made through the API, with `addresses` imported as
 * confirmed subscribers (consent given): what the sending tests start from.
 */
export async function createNewsletterWith(
  app: FastifyInstance,
  by: TestUser,
  opts: { name: string; categoryId: string; addresses: string[] },
) {
  const made = await app.inject({
    method: 'POST',
    url: '/api/newsletters',
    headers: auth(by),
    payload: {
      name: opts.name,
      language: 'en',
      schedule: { kind: 'manual', time: '07:00' },
      categories: [opts.categoryId],
      maxArticles: 5,
    },
  });
  if (made.statusCode !== 201)
    throw new Error(`newsletter failed: ${made.statusCode} ${made.body}`);
  const newsletter = made.json<{ _id: string; slug: string }>();
  const csv = ['email,name,newsletters,subscribed_at,consent']
    .concat(opts.addresses.map((a) => `${a},,${newsletter.slug},,true`))
    .join('\n');
  const body = multipart([
    { name: 'file', filename: 'list.csv', contentType: 'text/csv', data: csv },
  ]);
  const imported = await app.inject({
    method: 'POST',
    url: '/api/newsletters/subscribers/import',
    headers: { ...body.headers, ...auth(by) },
    payload: body.payload,
  });
  const { imported: count } = imported.json<{ imported: number }>();
  if (count !== opts.addresses.length)
    throw new Error(`import took ${count} of ${opts.addresses.length}: ${imported.body}`);
  return newsletter;
}

/** RFC 8058's one-click unsubscribe to a preferences link, as a mail client sends it. */
export const oneClickUnsubscribe = (app: FastifyInstance, manageUrl: string) =>
  app.inject({
    method: 'POST',
    url: manageUrl,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });
