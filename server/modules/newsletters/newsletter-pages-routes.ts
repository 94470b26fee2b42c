/*
 * The newsletters' addresses readers open from a mail or a form, answered as small pages in the
 * site's language (issue 37 item 3): the footer's form without a script, the confirmation link,
 * the preferences page and its one-click unsubscribe (RFC 8058). Never cached.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ONE_CLICK_BODY, SubscribeSchema } from '../../../common/schemas/newsletters';
import { AppError } from '../../lib/errors';
import type { NewslettersService } from './newsletters-service';
import type { PageTexts } from './newsletter-texts';

/** Subscriptions one client may ask for in an hour, by the API or by the footer's plain form. */
export const SUBSCRIBE_RATE_LIMIT = { max: 20, timeWindow: 3600_000 };

export function newsletterPagesRoutes(newsletters: NewslettersService) {
  return async function (fastify: FastifyInstance) {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const TokenParams = z.object({ token: z.string().min(1).max(200) });
    // A mail client's one-click POST is a form body (RFC 8058 §3.1); read here as text.
    if (!fastify.hasContentTypeParser('application/x-www-form-urlencoded'))
      fastify.addContentTypeParser(
        'application/x-www-form-urlencoded',
        { parseAs: 'string', bodyLimit: 1024 },
        (_request, body, done) => done(null, body),
      );
    // The footer's form without a script (app/components/newsletter-signup.tsx posts here; its
    // script sends JSON to the API instead): the same subscription, answered as a page.
    app.post(
      '/newsletters/subscribe',
      { schema: { hide: true }, config: { rateLimit: SUBSCRIBE_RATE_LIMIT } },
      subscribeByForm(newsletters),
    );
    app.get(
      '/newsletters/confirm/:token',
      { schema: { hide: true, params: TokenParams } },
      async (request, reply) => {
        const ok = await newsletters.confirm(request.params.token);
        const { language, says } = await newsletters.pageTexts();
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        return reply
          .status(ok ? 200 : 404)
          .send(page(language, says, escape(ok ? says.confirmed : says.invalid)));
      },
    );
    app.get(
      '/newsletters/manage/:token',
      { schema: { hide: true, params: TokenParams } },
      async (request, reply) => {
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        const { status, html } = await preferencesPage(newsletters, request.params.token);
        return reply.status(status).send(html);
      },
    );
    // RFC 8058: a POST with `List-Unsubscribe=One-Click` unsubscribes at once, without a sign-in.
    app.post(
      '/newsletters/manage/:token',
      { schema: { hide: true, params: TokenParams } },
      async (request, reply) => {
        const body =
          typeof request.body === 'string'
            ? request.body
            : new URLSearchParams(request.body as Record<string, string>).toString();
        const { language, says } = await newsletters.pageTexts();
        reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
        if (!body.includes(ONE_CLICK_BODY))
          return reply.status(400).send(page(language, says, escape(says.oneClickOnly)));
        const ok = await newsletters.unsubscribeByToken(request.params.token);
        return reply
          .status(ok ? 200 : 404)
          .send(page(language, says, escape(ok ? says.unsubscribed : says.invalid)));
      },
    );
  };
}

/**
 * POST /newsletters/subscribe, a form body: always by mail confirmation, signed in or not (a
 * form on another site must not subscribe a signed-in reader at once); a page says what
 * happened in the site's language, 400 with nothing stored when the form was not right.
 */
function subscribeByForm(newsletters: NewslettersService) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const form = new URLSearchParams(typeof request.body === 'string' ? request.body : '');
    const { language, says } = await newsletters.pageTexts();
    const answer = (status: number, text: string) =>
      reply
        .status(status)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(page(language, says, `${escape(text)}<p><a href="/">${escape(says.back)}</a></p>`));
    const parsed = SubscribeSchema.safeParse({
      email: form.get('email') ?? '',
      newsletters: form.getAll('newsletters'),
    });
    if (!parsed.success) return answer(400, says.notSent);
    try {
      await newsletters.subscribe(null, parsed.data);
      return answer(202, says.sent);
    } catch (error) {
      // An unknown or archived newsletter: the form was not right; anything else is the
      // error handler's.
      if (error instanceof AppError && error.statusCode < 500) return answer(400, says.notSent);
      throw error;
    }
  };
}

/** The preferences page of a link: the address, its subscriptions, one button to leave all. */
async function preferencesPage(newsletters: NewslettersService, token: string) {
  const found = await newsletters.preferences(token);
  const { language, says } = await newsletters.pageTexts();
  if (!found) return { status: 404, html: page(language, says, escape(says.invalid)) };
  const list = found.subscriptions
    .map(
      (s) =>
        `<li>${escape(s.name)}: ${escape(says.status[s.status as keyof typeof says.status] ?? s.status)}</li>`,
    )
    .join('');
  return {
    status: 200,
    html: page(
      language,
      says,
      `<p>${escape(found.email)}</p><ul>${list}</ul><form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escape(says.unsubscribeAll)}</button></form>`,
    ),
  };
}

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
/** A small page of its own, in the site's language (`body` is HTML, its text escaped). */
const page = (language: string, says: PageTexts, body: string) =>
  `<!doctype html><html lang="${escape(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(says.title)}</title></head><body><main><h1>${escape(says.title)}</h1>${body}</main></body></html>`;
