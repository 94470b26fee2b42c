import { LanguageString } from '@fedify/fedify';
import { Article, Create, Delete, Image, Tombstone, Update } from '@fedify/fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import type { V1Article } from '../../../common/schemas/v1';
import { htmlExcerpt } from '../../../common/text';

/*
 * What the fediverse sees of a story (issue 41 item 4): an ActivityStreams `Article` with its
 * name, summary, address, image and `contentMap` in the story's own language, and the
 * activities that carry it. Pure: the addresses come from the caller's Fedify context.
 */

/** How long a summary made from the body may be (the cards' excerpt length, SPEC.md §9). */
const SUMMARY_MAX = 200;

export { SITE_ACTOR } from './fediverse-deps';

/** The addresses an Article needs, from the caller's Fedify context. */
export interface ObjectAddresses {
  objectUri(articleId: string): URL;
  actorUri(identifier: string): URL;
  followersUri(identifier: string): URL;
  publicUrl: string;
}

/** The story's summary: its meta description, else the start of its body. */
export const summaryOf = (article: Pick<V1Article, 'metaDescription' | 'description'>) =>
  article.metaDescription?.trim() || htmlExcerpt(article.description ?? '', SUMMARY_MAX);

/**
 * The story as an ActivityStreams Article, attributed to `by` (the actor sending it). With
 * `fullText` off, its content is the summary and a link, so readers come to the site.
 */
export function articleObject(
  article: V1Article,
  options: { by: string; fullText: boolean; at: ObjectAddresses },
): Article {
  const { at } = options;
  const language = article.language;
  const summary = summaryOf(article);
  const url = new URL(article.url);
  const content = options.fullText
    ? article.description
    : `<p>${escapeHtml(summary)}</p><p><a href="${escapeHtml(url.href)}">${escapeHtml(url.href)}</a></p>`;
  const image = article.imageUrl ? new URL(article.imageUrl, at.publicUrl) : undefined;
  return new Article({
    id: at.objectUri(article._id),
    attribution: at.actorUri(options.by),
    name: new LanguageString(article.name, language),
    summary: new LanguageString(summary, language),
    content: new LanguageString(content, language),
    url,
    image: image ? new Image({ url: image, name: article.imageAlt || null }) : null,
    published: Temporal.Instant.from(article.publishedAt),
    updated: Temporal.Instant.from(article.changedAt),
    tos: [new URL('https://www.w3.org/ns/activitystreams#Public')],
    ccs: [at.followersUri(options.by)],
  });
}

/** The activity for `kind` of change, with an id that is the same however often it is sent. */
export function activityFor(
  kind: 'create' | 'update' | 'delete',
  input: { eventId: number; by: string; articleId: string; object?: Article; at: ObjectAddresses },
) {
  const actor = input.at.actorUri(input.by);
  const common = {
    id: new URL(`${actor.href}#${kind}-${input.eventId}`),
    actor,
    tos: [new URL('https://www.w3.org/ns/activitystreams#Public')],
    ccs: [input.at.followersUri(input.by)],
  };
  if (kind === 'delete')
    return new Delete({
      ...common,
      object: new Tombstone({ id: input.at.objectUri(input.articleId) }),
    });
  if (!input.object) throw new Error(`a ${kind} activity needs its article`);
  return kind === 'create'
    ? new Create({ ...common, object: input.object })
    : new Update({ ...common, object: input.object });
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}
