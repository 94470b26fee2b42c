/*
 * The texts of the scale bench's stories (bench/scale.ts, issue 71 item 1): pools of titles and
 * of paragraphs in Hindi and English, drawn word by word from the demo bodies' vocabulary as
 * bench/data.ts draws them (Zipf's law, a seeded generator), each with its search lexemes made
 * once here by the search's own code (common/search/search-document.ts).
 *
 * A story is then put together in SQL: a title from the title pool, and four to ten
 * paragraphs of 50 to 100 words (300 to 800 words in all) picked from its language's pool by
 * a walk of a prime-sized pool, so no paragraph repeats within a body and the bodies of a
 * million stories are different sequences. Its search vector is the title's lexemes followed
 * by its paragraphs', concatenated by PostgreSQL (`tsvector || tsvector` shifts the right
 * side's positions), which is what articleSearchColumns makes of the whole story: the same
 * lexemes, with the title's weights A and B and the body's C.
 */
import type { BulkClient } from './bulk-client';
import { articleSearchColumns } from '../common/search/search-document';
import { slugify } from '../common/slug';
import { seeded, vocabularies, zipfWord } from './data';

type Language = 'hi' | 'en';

/** Paragraphs in each language's pool: a prime, so a walk by any step visits each once. */
export const PARAGRAPHS = 1_999;
/** Titles in each language's pool. */
export const TITLES = 5_000;

interface Paragraph {
  language: Language;
  k: number;
  html: string;
  search: string;
}

interface Title {
  language: Language;
  k: number;
  name: string;
  keywords: string;
  slug: string;
  search: string;
  searchWords: string;
}

function makePools(): { paragraphs: Paragraph[]; titles: Title[] } {
  const vocabulary = vocabularies();
  const random = seeded(71);
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));
  const paragraphs: Paragraph[] = [];
  const titles: Title[] = [];
  for (const language of ['hi', 'en'] as const) {
    const words = vocabulary[language];
    const some = (n: number, from: number) =>
      Array.from({ length: n }, () => zipfWord(words, random, from)).join(' ');
    for (let k = 0; k < PARAGRAPHS; k++) {
      const html = `<p>${some(between(50, 100), 0)}${language === 'hi' ? '।' : '.'}</p>`;
      const columns = articleSearchColumns({ name: '', metaKeywords: '', description: html });
      paragraphs.push({ language, k, html, search: columns.search });
    }
    for (let k = 0; k < TITLES; k++) {
      const name = some(between(5, 9), 30);
      const keywords = [some(1, 30), some(1, 30), some(1, 30)].join(', ');
      const slug = slugify(name).slice(0, 60).replace(/-+$/, '') || 'story';
      const columns = articleSearchColumns({
        name,
        metaKeywords: keywords,
        description: '',
        slug,
        language,
      });
      titles.push({
        language,
        k,
        name,
        keywords,
        slug,
        search: columns.search,
        searchWords: columns.searchWords,
      });
    }
  }
  return { paragraphs, titles };
}

/** Sends rows as one array per column (unnest), a thousand at a time. */
async function insertColumns(
  client: BulkClient,
  table: string,
  columns: [name: string, type: string][],
  rows: unknown[][],
) {
  for (let start = 0; start < rows.length; start += 1_000) {
    const slice = rows.slice(start, start + 1_000);
    const arrays = columns.map((_, c) => slice.map((r) => r[c]));
    const list = columns.map(([, type], c) => `$${c + 1}::${type}[]`).join(', ');
    await client.query(
      `INSERT INTO ${table} (${columns.map(([n]) => n).join(', ')}) SELECT * FROM unnest(${list})`,
      arrays,
    );
  }
}

/**
 * Writes the pools to tables of the bench's own (`scale_titles`, `scale_paragraphs`) and the
 * functions that put a story together from them (dropped by `dropTexts` once the stories are
 * made). `scale_body(language, n)` and `scale_vector(language, n)` walk the same paragraphs.
 */
export async function loadTexts(client: BulkClient) {
  const { paragraphs, titles } = makePools();
  await client.query(`
    CREATE TABLE scale_paragraphs (language text, k int, html text, search tsvector,
      PRIMARY KEY (language, k));
    CREATE TABLE scale_titles (language text, k int, name text, keywords text, slug text,
      search tsvector, search_words text, PRIMARY KEY (language, k));
    CREATE AGGREGATE scale_concat(tsvector) (SFUNC = tsvector_concat, STYPE = tsvector,
      INITCOND = '');`);
  await insertColumns(
    client,
    'scale_paragraphs',
    [
      ['language', 'text'],
      ['k', 'int'],
      ['html', 'text'],
      ['search', 'tsvector'],
    ],
    paragraphs.map((p) => [p.language, p.k, p.html, p.search]),
  );
  await insertColumns(
    client,
    'scale_titles',
    [
      ['language', 'text'],
      ['k', 'int'],
      ['name', 'text'],
      ['keywords', 'text'],
      ['slug', 'text'],
      ['search', 'tsvector'],
      ['search_words', 'text'],
    ],
    titles.map((t) => [t.language, t.k, t.name, t.keywords, t.slug, t.search, t.searchWords]),
  );
  // Story n's paragraphs: 4 + n mod 7 of them, from (n × a large odd number) mod P by a step
  // of 1 + (n × 31) mod (P − 1): distinct within a story, as P is prime. Each is one probe of
  // the pool's key (a join would let the function's generic plan read the whole pool).
  const paragraph = (column: string) => `(SELECT p.${column} FROM scale_paragraphs p
      WHERE p.language = $1
        AND p.k = (($2::bigint * 2654435761 + i * (1 + ($2::bigint * 31) % ${PARAGRAPHS - 1}))
                   % ${PARAGRAPHS})::int)`;
  const series = 'FROM generate_series(0, 3 + ($2 % 7)) AS i';
  await client.query(`
    CREATE FUNCTION scale_body(text, int) RETURNS text LANGUAGE sql STABLE AS $$
      SELECT string_agg(${paragraph('html')}, E'\\n' ORDER BY i) ${series} $$;
    CREATE FUNCTION scale_vector(text, int) RETURNS tsvector LANGUAGE sql STABLE AS $$
      SELECT t.search || (SELECT scale_concat(${paragraph('search')} ORDER BY i) ${series})
      FROM scale_titles t WHERE t.language = $1 AND t.k = $2 % ${TITLES} $$;`);
  return { titles: titles.length, paragraphs: paragraphs.length };
}

/** Takes away what `loadTexts` made: the server never sees it. */
export async function dropTexts(client: BulkClient) {
  await client.query(`
    DROP FUNCTION scale_body(text, int); DROP FUNCTION scale_vector(text, int);
    DROP AGGREGATE scale_concat(tsvector);
    DROP TABLE scale_paragraphs; DROP TABLE scale_titles;`);
}

/** Two-word queries of each kind readers type, from the pools' titles (as bench/data.ts does). */
export function searchQueries(titles: { language: string; name: string }[]) {
  const pair = (name: string) => name.split(' ').slice(0, 2).join(' ');
  const hi = titles.filter((t) => t.language === 'hi').map((t) => pair(t.name));
  const en = titles.filter((t) => t.language === 'en').map((t) => pair(t.name));
  const latin = hi.map((q) =>
    q
      .split(' ')
      .map((w) => slugify(w))
      .join(' '),
  );
  return { hi, en, latin };
}
