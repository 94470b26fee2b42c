/* Editors define newsletters (issue 37 item 3): made, changed, archived; the public list. */
import { randomBytes } from 'node:crypto';
import { slugify } from '../../../common/slug';
import type { NewsletterInput } from '../../../common/schemas/newsletters';
import { requireRole, type Actor } from '../../lib/actor';
import { fieldError, notFound } from '../../lib/errors';
import { CacheTags } from '../../../common/cache-tags';
import type { EventDraft } from '../../events/outbox';
import {
  activeNewsletters,
  archiveNewsletter,
  findNewsletter,
  insertNewsletter,
  updateNewsletter,
  type NewsletterRow,
} from './newsletters-repository';
import type { NewslettersDeps } from './newsletters-deps';
import type { newsletterDigests } from './newsletter-digests';

export const toNewsletter = (row: NewsletterRow) => ({
  _id: row.id,
  slug: row.slug,
  name: row.name,
  description: row.description,
  language: row.language,
  schedule: row.schedule,
  categories: row.categories,
  tags: row.tags,
  maxArticles: row.maxArticles,
  edition: row.editionId,
});

const valuesOf = (input: NewsletterInput) => ({
  name: input.name,
  description: input.description,
  language: input.language,
  schedule: input.schedule,
  categories: input.categories ?? [],
  tags: (input.tags ?? []).map((tag) => slugify(tag)),
  maxArticles: input.maxArticles,
  editionId: input.edition ?? null,
});

/** A newsletter's change: every kept page's sign-up form lists the active ones. */
const changed = (id: string): EventDraft => ({
  type: 'newsletter.changed',
  subject: { kind: 'newsletter', id },
  cache: { stale: [CacheTags.newsletters] },
});

export function newsletterAdmin(
  deps: Pick<NewslettersDeps, 'db' | 'clock' | 'outbox' | 'events' | 'editions'>,
  digests: Pick<ReturnType<typeof newsletterDigests>, 'planDigest' | 'dropDigest'>,
) {
  const { db, clock, outbox, events } = deps;
  /** An edition the newsletter is bound to must exist: 400 `edition.unknown`, nothing written. */
  const checkEdition = async (input: NewsletterInput) => {
    if (input.edition && (await deps.editions.pathOf(input.edition)).length === 0)
      throw fieldError('body.edition', 'edition.unknown', { id: input.edition });
  };
  // The active newsletters every page's footer offers, kept in this process until a newsletter
  // event says they changed (as the breaking band is): an uncached render does not read them.
  let offered: Promise<ReturnType<typeof toNewsletter>[]> | undefined;
  events.everyProcess('newsletters', (batch) => {
    if (batch.some((e) => e.subject.kind === 'newsletter')) offered = undefined;
  });
  const readOffered = () =>
    (offered ??= activeNewsletters(db)
      .then((rows) => rows.map(toNewsletter))
      .catch((error: unknown) => {
        offered = undefined;
        throw error;
      }));
  return {
    async create(actor: Actor | null, input: NewsletterInput) {
      requireRole(actor, 'editor');
      await checkEdition(input);
      const base = slugify(input.name) || 'newsletter';
      for (let attempt = 0; ; attempt++) {
        const slug = attempt === 0 ? base : `${base}-${randomBytes(2).toString('hex')}`;
        const row = await outbox.transaction(async (tx, record) => {
          const made = await insertNewsletter(tx, { slug, ...valuesOf(input) }, clock.now());
          if (made) record(changed(made.id));
          if (made) await digests.planDigest(made, tx);
          return made;
        });
        if (row) return toNewsletter(row);
      }
    },

    async update(actor: Actor | null, id: string, input: NewsletterInput) {
      requireRole(actor, 'editor');
      await checkEdition(input);
      const row = await outbox.transaction(async (tx, record) => {
        const saved = await updateNewsletter(tx, id, valuesOf(input));
        if (saved) record(changed(id));
        if (saved) await digests.planDigest(saved, tx);
        return saved;
      });
      if (!row) throw notFound('newsletter.not_found');
      return toNewsletter(row);
    },

    async archive(actor: Actor | null, id: string) {
      requireRole(actor, 'editor');
      const archived = await outbox.transaction(async (tx, record) => {
        const done = await archiveNewsletter(tx, id, clock.now());
        if (done) record(changed(id));
        if (done) await digests.dropDigest(id, tx);
        return done;
      });
      if (!archived) throw notFound('newsletter.not_found');
      return { message: 'Archived.' };
    },

    async list() {
      return (await activeNewsletters(db)).map(toNewsletter);
    },

    /** The active newsletters, as `list`, kept until a newsletter event (the pages' footer). */
    offered: () => readOffered(),

    async one(id: string) {
      const row = await findNewsletter(db, id);
      if (!row) throw notFound('newsletter.not_found');
      return row;
    },
  };
}
