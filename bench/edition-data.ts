/*
 * The editions of the editions scenario (bench/editions.ts, issue 65 item 8): 60 editions (4
 * states of 14 cities each, under the national one) and every published story placed in one to
 * three of them, seeded so every run places the same. The 50 newest stories are each in three
 * cities of two states: the ones the editor saves. Written straight to the database the bench
 * filled (bench/data.ts), before the server starts; run again, it places the same.
 */
import pg from 'pg';
import { NATIONAL_EDITION_ID } from '../common/editions';
import { articlePath, editionPath } from '../common/paths';
import { seeded } from './data';

export const STATES = 4;
export const CITIES_PER_STATE = 14;
/** The stories the editor saves, each in three editions. */
export const SAVED = 50;

export interface BenchEdition {
  id: string;
  path: string;
  state: boolean;
}

export interface Placed {
  editions: BenchEdition[];
  /** Published stories, newest first, each with the editions it is in. */
  stories: { id: string; path: string; categoryId: string; editions: string[] }[];
}

/** The bench's 60 editions, made when absent (states first). */
async function ensureEditions(client: pg.Client): Promise<BenchEdition[]> {
  const made: BenchEdition[] = [];
  const upsert = async (slug: string, kind: string, parentId: string, en: string) => {
    const { rows } = await client.query<{ id: string }>(
      `INSERT INTO editions (slug, kind, parent_id, names) VALUES ($1, $2, $3, $4)
       ON CONFLICT (parent_id, slug) DO UPDATE SET active = true RETURNING id`,
      [slug, kind, parentId, JSON.stringify({ hi: en, en })],
    );
    return rows[0]!.id;
  };
  for (let s = 1; s <= STATES; s++) {
    const state = `bench-state-${s}`;
    const stateId = await upsert(state, 'state', NATIONAL_EDITION_ID, `Bench state ${s}`);
    made.push({ id: stateId, path: editionPath([state]), state: true });
    for (let c = 1; c <= CITIES_PER_STATE; c++) {
      const city = `bench-city-${s}-${c}`;
      const id = await upsert(city, 'city', stateId, `Bench city ${s}-${c}`);
      made.push({ id, path: editionPath([state, city]), state: false });
    }
  }
  return made;
}

/** Picks `n` different items of `list` with `random`. */
function pick<T>(list: readonly T[], n: number, random: () => number): T[] {
  const chosen = new Set<T>();
  while (chosen.size < n) chosen.add(list[Math.floor(random() * list.length)]!);
  return [...chosen];
}

/** Makes the editions and places every published story (see the file's comment). */
export async function placeStories(databaseUrl: string): Promise<Placed> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('BEGIN');
    const editions = await ensureEditions(client);
    const cities = editions.filter((e) => !e.state);
    const { rows } = await client.query<{
      id: string;
      slug: string;
      category: string | null;
      category_id: string | null;
    }>(`SELECT a.id, a.slug, c.slug AS category, a.category_id FROM articles a
        LEFT JOIN categories c ON c.id = a.category_id
        WHERE a.status = 'published' AND a.published_at <= now()
        ORDER BY a.published_at DESC, a.id`);
    const random = seeded(65);
    const stories = rows.map((a, i) => {
      // The saved stories: three cities, two of one state and one of another.
      const chosen =
        i < SAVED
          ? [
              ...pick(cities.slice(0, CITIES_PER_STATE), 2, random),
              pick(cities.slice(CITIES_PER_STATE), 1, random)[0]!,
            ]
          : pick(editions, 1 + Math.floor(random() * 3), random);
      return {
        id: a.id,
        categoryId: a.category_id ?? '',
        path: articlePath({ slug: a.slug, categorySlug: a.category }),
        editions: chosen.map((e) => e.id),
      };
    });
    const ids = stories.map((s) => s.id);
    const primaries = stories.map((s) => s.editions[0]!);
    const pairA = stories.flatMap((s) => s.editions.map(() => s.id));
    const pairE = stories.flatMap((s) => s.editions);
    await client.query(
      `UPDATE articles SET primary_edition_id = x.p
       FROM unnest($1::uuid[], $2::uuid[]) AS x(id, p) WHERE articles.id = x.id`,
      [ids, primaries],
    );
    await client.query(
      `DELETE FROM article_editions ae WHERE ae.article_id = ANY($3::uuid[]) AND NOT EXISTS (
         SELECT 1 FROM unnest($1::uuid[], $2::uuid[]) AS w(a, e)
         WHERE w.a = ae.article_id AND w.e = ae.edition_id)`,
      [pairA, pairE, ids],
    );
    await client.query(
      `INSERT INTO article_editions (article_id, edition_id, status, published_at)
       SELECT a.id, w.e, a.status, a.published_at
       FROM unnest($1::uuid[], $2::uuid[]) AS w(a, e) JOIN articles a ON a.id = w.a
       ON CONFLICT DO NOTHING`,
      [pairA, pairE],
    );
    await client.query('COMMIT');
    await client.query('ANALYZE article_editions');
    return { editions, stories };
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
