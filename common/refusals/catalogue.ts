/*
 * Every refusal Patrika answers or shows, by stable code (DECISIONS.md §1 and §22; STYLE.md
 * "Messages by key"): `domain.snake_case` → its status and English text. An API error body is
 * `{ message, code, params?, errors? }`: `message` is this English (SPEC.md's words, unchanged),
 * `code` says which refusal it is, and `params` carry its variable parts (a name, a count, a
 * size), so every other language says it from the code (app/copy/refusals.ts) and never reads
 * the English. One refusal has one code, wherever it is thrown; a throw site names the code
 * (`throw conflict('article.slug_taken')`) and the text lives here only.
 */
import type { Detail, Entry } from './define';
import { ADS } from './ads';
import { EDITIONS } from './editions';
import { ELECTIONS } from './elections';
import { EPAPER } from './epaper';
import { COMMENTS } from './comments';
import { CORRECTIONS, NOTES } from './corrections';
import { ARTICLES, LIVE } from './newsroom';
import { ACCESS, CLIENT, HTTP, VALIDATION } from './requests';
import { FEDIVERSE, PLATFORM, WEBHOOKS } from './platform';
import { PAYMENTS } from './payments';
import { READERS } from './readers';
import { SECOND_FACTORS } from './second-factors';
import { SSO } from './sso';
import { MEDIA, PEOPLE, SECTIONS } from './site';

export const REFUSALS = {
  ...HTTP,
  ...VALIDATION,
  ...ACCESS,
  ...CLIENT,
  ...ARTICLES,
  ...LIVE,
  ...PEOPLE,
  ...SECTIONS,
  ...MEDIA,
  ...PLATFORM,
  ...WEBHOOKS,
  ...FEDIVERSE,
  ...READERS,
  ...SECOND_FACTORS,
  ...SSO,
  ...PAYMENTS,
  ...ADS,
  ...NOTES,
  ...COMMENTS,
  ...CORRECTIONS,
  ...EDITIONS,
  ...ELECTIONS,
  ...EPAPER,
} as const satisfies Record<string, Entry>;

type Refusals = typeof REFUSALS;

/** Every code, the browser's own included. */
export type Code = keyof Refusals;

/** The codes an answer of the server carries (each has its status). */
export type ApiCode = { [C in Code]: Refusals[C] extends { status: number } ? C : never }[Code];

/** The codes answered with status `S` (what `conflict()`, `notFound()`, … may throw). */
export type CodeWithStatus<S extends number> = {
  [C in Code]: Refusals[C] extends { status: S } ? C : never;
}[Code];

/** What a code's text is made of; `undefined` for a fixed text. */
export type ParamsOf<C extends Code> = Refusals[C]['en'] extends (...args: infer A) => string
  ? A[0]
  : undefined;

/** How a call passes a code's params: not at all, optionally (all optional), or required. */
export type ParamsArg<C extends Code> = [ParamsOf<C>] extends [undefined]
  ? []
  : Record<string, never> extends ParamsOf<C>
    ? [params?: ParamsOf<C>]
    : [params: ParamsOf<C>];

/** A refusal as data: what `say` in any language needs. */
export interface Refusal<C extends Code = Code> {
  code: C;
  params?: ParamsOf<C> | undefined;
}

export const isCode = (code: unknown): code is Code =>
  typeof code === 'string' && Object.hasOwn(REFUSALS, code);

/** The status a code is answered with (500 for a code the browser makes itself). */
export const statusOf = (code: Code): number => {
  const entry: Entry = REFUSALS[code];
  return entry.status ?? 500;
};

/** Whether only addresses outside /api/ (or no route at all) answer `code`. */
export const outsideApi = (code: Code): boolean => {
  const entry: Entry = REFUSALS[code];
  return entry.outsideApi === true;
};

/**
 * A text of a code's shape, said from its params and details: the catalogue's English here,
 * another language's table in app/copy (the same shape, keyed by the same codes).
 */
export function sayWith(
  text: Entry['en'],
  params: unknown,
  details: readonly Detail[] = [],
): string {
  return typeof text === 'string'
    ? text
    : (text as (params: unknown, details: readonly Detail[]) => string)(params ?? {}, details);
}

/** The English of a refusal: the API's `message`. */
export const englishOf = <C extends Code>(
  code: C,
  params?: ParamsOf<C>,
  details: readonly Detail[] = [],
): string => sayWith(REFUSALS[code].en, params, details);
