/*
 * Where articles live: the one resolver of /{segment}/{slug} (pages and API) and the current
 * paths behind old numbers, ids, slugs and an old site's permalinks.
 */
import { mayReadWhole, type AccessClass } from '../../../common/article-access';
import { articlePath, formerPathKey, UNCATEGORISED_SEGMENT } from '../../../common/paths';
import type { Article } from '../../../common/schemas/articles';
import type { Correction } from '../../../common/schemas/corrections';
import type { Db } from '../../../db/client';
import { toArticle } from './article-rows';
import { findPublishedByAddress } from './articles-repository';
import {
  findAddressByFormerAddress,
  findAddressByFormerPath,
  findAddressById,
  findAddressByLegacyId,
  findAddressBySlug,
  type AddressRow,
} from './article-addresses-repository';
import type { ArticlesDeps } from './article-deps';

/** What readers find at /{segment}/{slug}: the article, where it lives now, or nothing. */
export type ArticleAtAddress =
  | { article: Article; corrections: Correction[]; movedTo?: undefined }
  | { article?: undefined; movedTo: string }
  | null;

const pathOf = (row: AddressRow | undefined) => row && articlePath(row);

/** Current, or former, address /{segment}/{slug} of a published article. */
async function current(db: Db, segment: string, slug: string, now: Date, reader: AccessClass) {
  const article = await findPublishedByAddress(db, { segment, slug, now });
  const viewer = article && mayReadWhole(article.access, reader) ? 'entitled' : 'reader';
  // Its corrections came with it (its page shows them): no second query.
  if (article)
    return { article: toArticle(article, now, viewer), corrections: article.corrections };
  const moved = pathOf(await findAddressByFormerAddress(db, { segment, slug, now }));
  return moved ? { movedTo: moved } : undefined;
}

export function articleAddresses({
  db,
  clock,
  categories,
}: Pick<ArticlesDeps, 'db' | 'clock' | 'categories'>) {
  return {
    /**
     * The one resolver of article addresses (pages and API): the published article at
     * /{segment}/{slug}; else where it lives now, if that address was its own before, its
     * category's former slug, or any address with its current or former slug; else null.
     */
    async resolve(
      segment: string,
      slug: string,
      reader: AccessClass = 'none',
    ): Promise<ArticleAtAddress> {
      const now = clock.now();
      const found = await current(db, segment, slug, now, reader);
      if (found?.article) return found;
      let movedTo = found?.movedTo;
      if (!movedTo && segment !== UNCATEGORISED_SEGMENT) {
        // A renamed category: its articles keep the addresses they had under its old slug.
        const renamed = await categories.currentSlugFor(segment);
        const there = renamed ? await current(db, renamed, slug, now, reader) : undefined;
        movedTo = there?.article ? articlePath(there.article) : there?.movedTo;
      }
      movedTo ??= pathOf(await findAddressBySlug(db, slug, now));
      return movedTo && movedTo !== `/${segment}/${slug}` ? { movedTo } : null;
    },

    /** Current path of the published article the old site numbered `legacyId`. */
    async pathForLegacyId(legacyId: number): Promise<string | undefined> {
      return pathOf(await findAddressByLegacyId(db, legacyId, clock.now()));
    },

    /**
     * Where an address of an old site (a WordPress permalink, `/?p=123`) lives now: the
     * current path of the published article it was recorded for, or undefined.
     */
    async pathForFormerAddress(pathname: string, search = ''): Promise<string | undefined> {
      const key = formerPathKey(pathname, search);
      return pathOf(await findAddressByFormerPath(db, key, clock.now()));
    },

    /** Current path of a published article by id. */
    async pathForId(id: string): Promise<string | undefined> {
      return pathOf(await findAddressById(db, id, clock.now()));
    },

    /** Current path of the published article whose slug is or was `slug`. */
    async pathForSlug(slug: string): Promise<string | undefined> {
      return pathOf(await findAddressBySlug(db, slug, clock.now()));
    },
  };
}
