/*
 * What the fediverse sees of a story (issue 41 item 4): an Article with `contentMap` in the
 * story's language, the whole body or the summary and a link (`fullText`), and activity ids
 * that are the same however often an event is read.
 */
import { describe, expect, it } from 'vitest';
import type { V1Article } from '../../common/schemas/v1';
import {
  activityFor,
  articleObject,
  summaryOf,
  type ObjectAddresses,
} from '../../server/modules/fediverse/fediverse-objects';

const at: ObjectAddresses = {
  objectUri: (id) => new URL(`https://news.example/ap/articles/${id}`),
  actorUri: (id) => new URL(`https://news.example/ap/actors/${id}`),
  followersUri: (id) => new URL(`https://news.example/ap/actors/${id}/followers`),
  publicUrl: 'https://news.example',
};

const story = {
  _id: '11111111-1111-4111-8111-111111111111',
  name: 'बारिश का मौसम',
  description: '<p>पहला अनुच्छेद।</p><p>दूसरा अनुच्छेद, <b>पूरा</b>।</p>',
  metaDescription: '',
  imageUrl: '/media/2026/11/abc/photo.jpg',
  imageAlt: 'बादल',
  language: 'hi',
  url: 'https://news.example/news/barish',
  publishedAt: '2026-11-25T10:00:00.000Z',
  changedAt: '2026-11-25T11:00:00.000Z',
} as unknown as V1Article;

const jsonOf = async (article: ReturnType<typeof articleObject>) =>
  (await article.toJsonLd({ format: 'compact' })) as Record<string, unknown>;

describe('articleObject', () => {
  it('carries the whole body in the story’s language when fullText is on', async () => {
    const json = await jsonOf(articleObject(story, { by: 'site', fullText: true, at }));
    expect(json).toMatchObject({
      type: 'Article',
      id: `https://news.example/ap/articles/${story._id}`,
      attributedTo: 'https://news.example/ap/actors/site',
      url: 'https://news.example/news/barish',
      contentMap: { hi: story.description },
      nameMap: { hi: 'बारिश का मौसम' },
      image: { type: 'Image', url: 'https://news.example/media/2026/11/abc/photo.jpg' },
    });
  });

  it('carries only the summary and a link when fullText is off', async () => {
    const json = await jsonOf(articleObject(story, { by: 'site', fullText: false, at }));
    const content = (json.contentMap as { hi: string }).hi;
    expect(content).not.toContain('<b>पूरा</b>');
    expect(content).toContain('पहला अनुच्छेद।');
    expect(content).toContain('href="https://news.example/news/barish"');
  });

  it('prefers the meta description as the summary', () => {
    expect(summaryOf({ metaDescription: 'सार', description: '<p>लंबा पाठ</p>' })).toBe('सार');
    expect(summaryOf({ metaDescription: '', description: '<p>लंबा पाठ</p>' })).toBe('लंबा पाठ');
  });
});

describe('activityFor', () => {
  it('names an activity by its event and sender, the same each time', () => {
    const object = articleObject(story, { by: 'site', fullText: true, at });
    const input = { eventId: 42, by: 'site', articleId: story._id, object, at };
    expect(activityFor('create', input).id?.href).toBe(
      'https://news.example/ap/actors/site#create-42',
    );
    expect(activityFor('create', input).id?.href).toBe(activityFor('create', input).id?.href);
  });

  it('deletes with a Tombstone of the Article’s id', async () => {
    const json = (await activityFor('delete', {
      ...{ eventId: 7, by: 'site', articleId: story._id, at },
    }).toJsonLd({ format: 'compact' })) as { type: string; object: { type: string; id: string } };
    expect(json.type).toBe('Delete');
    expect(json.object).toMatchObject({
      type: 'Tombstone',
      id: `https://news.example/ap/articles/${story._id}`,
    });
  });
});
