import { COMMON_WORDS, slugify } from './slug';
import { COMMON_HINDI_WORDS } from './typing/hindi-words';

/*
 * An article's slug from its title, spelled as readers write its words (issue 45 item 1:
 * "jaipur", not "jaypur"). An article keeps the slug it was given, so the table may learn
 * words without moving any address; tags, whose addresses are made from their names each time
 * (common/paths.ts `tagPath`), stay on the slug rules alone (common/slug.ts). A module of its
 * own so that what links pages (common/paths.ts, in every reader page's script) does not carry
 * these words.
 */

/**
 * Whole words and how they are spelled in an article's address: the common words of Hindi news
 * that typing in Latin letters knows (common/typing/hindi-words.ts, docs/decisions/042), each by
 * the first spelling given there ("में" "mein", "रिपोर्ट" "report", "बजट" "budget"); places as
 * their own signs and maps spell them; then the slug's own table, which wins.
 */
const TITLE_WORDS: ReadonlyMap<string, string> = new Map([
  ...COMMON_HINDI_WORDS.flatMap(({ word, spellings: [first] }) =>
    first ? [[word, first] as const] : [],
  ),
  ...Object.entries({
    जयपुर: 'jaipur',
    उदयपुर: 'udaipur',
    रायपुर: 'raipur',
    हैदराबाद: 'hyderabad',
    अहमदाबाद: 'ahmedabad',
    इंदौर: 'indore',
    लखनऊ: 'lucknow',
    वाराणसी: 'varanasi',
    गुवाहाटी: 'guwahati',
    चंडीगढ़: 'chandigarh',
    श्रीनगर: 'srinagar',
    मेरठ: 'meerut',
    पंजाब: 'punjab',
    हरियाणा: 'haryana',
    केरल: 'kerala',
    कर्नाटक: 'karnataka',
    गोवा: 'goa',
    असम: 'assam',
    बंगाल: 'bengal',
    छत्तीसगढ़: 'chhattisgarh',
    हिमालय: 'himalaya',
    मेघालय: 'meghalaya',
  }).map(([hindi, latin]) => [hindi.normalize('NFC'), latin] as const),
  ...COMMON_WORDS,
]);

/** The slug an article's title suggests (empty when nothing usable remains). */
export const titleSlug = (title: string) => slugify(title, TITLE_WORDS);
