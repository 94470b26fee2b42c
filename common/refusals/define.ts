/*
 * The shape of one refusal in the catalogue (common/refusals/catalogue.ts): a stable code,
 * the status that answers it and its English text, written once (Ghost's `messages` +
 * `tpl(messages.x)`, STYLE.md "Messages by key"). A text with variable parts is a function
 * of named params; every other language says the same code from the same params
 * (app/copy/refusals.ts), so nothing ever parses an English sentence.
 */

/**
 * One `errors[]` entry of an answer as a composed text reads it (a 400's first problem, the
 * reasons a revision cannot be restored): where, and what was said of it in the same language.
 */
export interface Detail {
  path: string;
  text: string;
}

/** What a refusal's text is: fixed, or made of its params (and, for a few, of its details). */
export type Text = string | ((params: never, details: readonly Detail[]) => string);

export interface Entry {
  /** The HTTP status that answers it; none for a refusal the browser makes itself. */
  readonly status?: number;
  /**
   * Answered only outside `/api/` (feeds, sitemaps, media files, /metrics) or before a request
   * reaches any route (a request Node cannot read): no API operation declares it.
   */
  readonly outsideApi?: true;
  /**
   * Said only of one part of a request, in an answer's `errors[]` (never as its `code`), though
   * its status is not 400's: a 409's word under the slug field.
   */
  readonly detail?: true;
  /** The English text: SPEC.md's words, the API's `message`. */
  readonly en: Text;
}

/** `1 minute`, `12 minutes`: the English of a count of minutes (rate limits). */
export const minutes = (n: number) => `${n} minute${n === 1 ? '' : 's'}`;

/** A list of names as English writes them in these texts: `"a", "b"`. */
export const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(', ');
