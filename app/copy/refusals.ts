import {
  isCode,
  REFUSALS,
  sayWith,
  type Code,
  type ParamsOf,
} from '../../common/refusals/catalogue';
import type { Detail } from '../../common/refusals/define';

/*
 * What the interface says of a refusal (an API error, a shared schema's word under a field), by
 * its code (DECISIONS.md §22, STYLE.md "Messages by key"): every language has one table of the
 * same type, keyed by the codes of common/refusals/catalogue.ts, each text made of the code's
 * params. No table is keyed by an English sentence. English says the catalogue's own text,
 * which is the API's `message` word for word.
 */

/** How one language says one refusal: a text, or one made of its params (and its details). */
export type RefusalText<C extends Code> =
  string | ((params: ParamsOf<C>, details: readonly Detail[]) => string);

/** A language's texts for every refusal: TypeScript refuses a table that lacks a code. */
export type RefusalTexts = { [C in Code]: RefusalText<C> };

/**
 * What is said: an answer's body (or an ApiError, or a field's error), by its code and params,
 * with its English `message`; `errors` are the parts a composed text names (a 400's first
 * problem). A field error of the page's own (no code) is its `message`, already in the
 * interface's language.
 */
export interface Said {
  message: string;
  code?: string | undefined;
  params?: Record<string, unknown> | undefined;
  errors?: readonly (Omit<Said, 'errors'> & { path?: string })[] | undefined;
}

/**
 * The refusals a reader can meet on the public forms (sign-in, sign-up, /profile, a reset or
 * an invitation link): every interface language says these in its own words. The others are
 * the back office's, which speaks English and Hindi only (common/languages.ts, STAFF_LANGUAGES).
 */
export const READER_CODES = [
  'validation.invalid',
  'validation.bad_text',
  'validation.invalid_type',
  'validation.invalid_value',
  'validation.too_small',
  'validation.too_big',
  'validation.invalid_format',
  'validation.custom',
  'validation.not_text',
  'validation.required',
  'validation.too_short',
  'validation.too_long',
  'validation.not_boolean',
  'validation.email',
  'http.bad_request',
  'http.body_too_large',
  'rate_limit.exceeded',
  'auth.signed_out',
  'auth.invalid_credentials',
  'auth.too_many_failures',
  'auth.cross_site',
  'server.error',
  'server.database_away',
  'client.unreachable',
  'client.request_failed',
  'user.email_taken',
  'user.slug_taken',
  'slug.needs_latin',
  'user.wrong_password',
  'user.current_password_needed',
  'user.nothing_to_change',
  'user.photo_url_invalid',
  'invitation.unknown',
  'invitation.used',
  'invitation.expired',
  'reset.unknown',
  'reset.used',
  'reset.expired',
  'reset.requested',
  'reset.no_mail',
  'link.incomplete',
  'email_link.code_format',
  'email_link.wrong_code',
  'email_link.unknown',
  'email_link.used',
  'email_link.expired',
  'email_link.sent',
  'email_link.no_mail',
  'session.signed_out_everywhere',
  'session.ended',
  'session.others_ended',
  'session.not_found',
  'newsletter.unknown',
  'account.proof_required',
  'account.delete_code_invalid',
  'account.last_admin',
  'account.delete_code_sent',
  'account.deleted',
  'sso.off',
  'sso.domain',
  'sso.unverified',
  'sso.address',
  'sso.failed',
  'sso.unreachable',
  'comment.not_found',
  'comment.unconfirmed',
  'comment.closed',
  'comment.not_yours',
  'comment.edit_window',
  'comment.parent_invalid',
  'comment.too_fast',
  'comment.banned',
  'comment.already_reported',
  'gift.free',
  'gift.forbidden',
  'gift.limit',
  'gift.not_found',
] as const satisfies readonly Code[];
export type ReaderCode = (typeof READER_CODES)[number];

/** The back office's refusals: every code a reader's form does not show. */
export const BACK_OFFICE_CODES = (Object.keys(REFUSALS) as Code[]).filter(
  (code): code is Exclude<Code, ReaderCode> => !(READER_CODES as readonly Code[]).includes(code),
);

/** The English table: the catalogue's own texts. */
export const ENGLISH_REFUSALS = Object.fromEntries(
  (Object.keys(REFUSALS) as Code[]).map((code) => [code, REFUSALS[code].en]),
) as RefusalTexts;

/**
 * The texts of `codes` as English says them: what a language shows where the project has no
 * text of its own for them (Marathi and Gujarati for the back office, which runs in English
 * on their sites: common/languages.ts, staffLanguageOf).
 */
export const inEnglish = <C extends Code>(codes: readonly C[]) =>
  Object.fromEntries(codes.map((code) => [code, ENGLISH_REFUSALS[code]])) as Pick<RefusalTexts, C>;

/**
 * What an error is as `say` takes it: an ApiError (or any error with a code) as it is, another
 * error by its message alone.
 */
export function saidOf(error: unknown): Said {
  if (typeof error === 'object' && error !== null && typeof (error as Said).message === 'string')
    return error as Said;
  return { message: String(error) };
}

/**
 * `say` for one language, from its table: a refusal with a code the catalogue knows is said
 * from its params (and a composed one from its details, each said the same way). English
 * (`asSent`) says the message as the API or the schema wrote it: the catalogue's own text, word
 * for word. A refusal without a known code is `fallback` (the language's "something went
 * wrong"), so no English sentence reaches another language's page.
 */
export function sayerFor(table: RefusalTexts, fallback: string, opts: { asSent?: boolean } = {}) {
  const say = (said: Said): string => {
    if (opts.asSent && said.message) return said.message;
    if (!isCode(said.code)) return fallback;
    const details: Detail[] = (said.errors ?? []).map((e) => ({
      path: e.path ?? '',
      text: say(e),
    }));
    return sayWith(table[said.code], said.params, details);
  };
  return say;
}
