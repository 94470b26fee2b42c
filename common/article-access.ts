/*
 * Stories for members (issue 39 item 3, docs/decisions/060): who may read a story whole, and
 * what the others get of it. Pages differ by a reader's entitlement class, never by person, so
 * each class's page can be kept and shared within the class.
 */

/** Who may read a story whole: anyone, members of any plan, or members of a `paid` plan. */
export const ARTICLE_ACCESS = ['free', 'members', 'paid'] as const;
export type ArticleAccess = (typeof ARTICLE_ACCESS)[number];

/**
 * A reader's entitlement class: `none` (anonymous, signed-in without a membership), `members`
 * (a running membership of a plan with `members` access), `paid` (a plan with `paid` access, a
 * complimentary membership without a plan, or staff, who read everything).
 */
export const ACCESS_CLASSES = ['none', 'members', 'paid'] as const;
export type AccessClass = (typeof ACCESS_CLASSES)[number];

/** Whether a reader of class `reader` may read a story with `access` whole. */
export function mayReadWhole(access: ArticleAccess, reader: AccessClass): boolean {
  if (access === 'free') return true;
  if (access === 'members') return reader !== 'none';
  return reader === 'paid';
}

/** The end of the opening a walled story shows: its first paragraph (`</p>`). */
const OPENING_END = '</p>';

/**
 * What a reader who may not read a story whole gets of its body: everything up to the end of
 * its first paragraph (an image or a heading before it included), as the metered wall shows it
 * (app/reader/meter.ts); nothing when it has no paragraph. db/schema/content.ts's
 * `articleOpenBody` is the same rule in SQL, for lists, feeds and search.
 */
export function openingOf(html: string): string {
  const at = html.indexOf(OPENING_END);
  return at === -1 ? '' : html.slice(0, at + OPENING_END.length);
}

/** The CSS selector naming a walled story's part readers must pay for (JSON-LD `hasPart`). */
export const WALLED_PART_SELECTOR = '.article-walled';

/**
 * The cookie a member's browser carries so that their pages are their class's (not the shared
 * anonymous page): set and cleared by `GET /api/me/membership`. It only asks; the server reads
 * the class from the session. The shipped Varnish passes requests that carry it.
 */
export const MEMBER_COOKIE = 'patrika_member';
