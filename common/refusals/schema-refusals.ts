/*
 * The shared schemas' refusals by code (DECISIONS.md §22): a schema says `says('validation.
 * required', { field: 'name' })` where it used to say 'name is required'. zod then gives the
 * issue that English text as its `message`, as before (the API's `errors[].message`), and the
 * issue carries its code and params under `refusal`, so the forms say it in their language
 * from the code (app/components/form) and the API answers the code beside the text.
 *
 * The code rides on the issue because zod's `error` option yields only a message: the function
 * given as `error` is handed the issue being made and leaves the refusal on it, which zod keeps
 * (it copies the issue's own keys after asking for the message; tests/unit/schema-refusals.test.ts
 * holds zod to that). An issue without one (zod's own texts) is coded by its zod code.
 */
import type { z } from 'zod';
import {
  englishOf,
  isCode,
  type Code,
  type ParamsArg,
  type ParamsOf,
  type Refusal,
} from './catalogue';

/** An issue as zod hands it to an `error` function, or as it comes out of a parse. */
type AnyIssue = { code?: string; refusal?: unknown } & Record<string, unknown>;

const refusalFrom = <C extends Code>(code: C, params: ParamsOf<C> | undefined): Refusal<C> =>
  params === undefined ? { code } : { code, params };

/**
 * zod's `error` option for a refusal of the catalogue: the issue's message is its English, and
 * the issue carries the code. Spread it where other options go (`{ offset: true, ...says(…) }`).
 */
export function says<C extends Code>(code: C, ...[params]: ParamsArg<C>) {
  const refusal = refusalFrom(code, params);
  const english = englishOf(code, params);
  return {
    error: (issue: z.core.$ZodRawIssue) => {
      (issue as AnyIssue).refusal = refusal;
      return english;
    },
  };
}

/** An issue a refinement adds itself (`ctx.addIssue`): its English and its code. */
export function issueSays<C extends Code>(code: C, ...[params]: ParamsArg<C>) {
  return { message: englishOf(code, params), refusal: refusalFrom(code, params) };
}

const isRefusal = (value: unknown): value is Refusal =>
  typeof value === 'object' && value !== null && isCode((value as Refusal).code);

/** A JSON-safe number (zod's limits may be bigints). */
const num = (value: unknown) => (typeof value === 'bigint' ? Number(value) : value);

/** What a translation of zod's own issues needs from each kind, by zod's issue code. */
const ZOD_PARAMS: Record<string, (issue: AnyIssue) => Record<string, unknown> | undefined> = {
  invalid_type: (i) => ({ expected: i.expected }),
  invalid_value: (i) => ({ values: i.values }),
  too_small: (i) => ({
    origin: i.origin,
    minimum: num(i.minimum),
    inclusive: i.inclusive,
    ...(i.exact ? { exact: true } : {}),
  }),
  too_big: (i) => ({
    origin: i.origin,
    maximum: num(i.maximum),
    inclusive: i.inclusive,
    ...(i.exact ? { exact: true } : {}),
  }),
  invalid_format: (i) => ({
    format: i.format,
    ...(typeof i.pattern === 'string' ? { pattern: i.pattern } : {}),
  }),
  not_multiple_of: (i) => ({ divisor: num(i.divisor) }),
  unrecognized_keys: (i) => ({ keys: i.keys }),
  invalid_key: (i) => ({ origin: i.origin }),
  invalid_element: (i) => ({ origin: i.origin }),
  invalid_union: () => undefined,
};

/**
 * The refusal an issue says: the code a shared schema gave it, else zod's own kind as
 * `validation.<zod code>` with the values a translation needs.
 */
export function refusalOfIssue(issue: AnyIssue): Refusal {
  if (isRefusal(issue.refusal)) return issue.refusal;
  const kind = typeof issue.code === 'string' ? issue.code : 'custom';
  const code = `validation.${kind}`;
  const params = ZOD_PARAMS[kind]?.(issue);
  if (!isCode(code) || !params) return { code: isCode(code) ? code : 'validation.custom' };
  return { code, params } as unknown as Refusal;
}

/**
 * A parse's `error` option that codes zod's own issues too (those no schema gave a text of its
 * own), keeping zod's English: with it, every issue of the shared schemas carries a refusal, and
 * one without is a text the page's own schema wrote in its language (app/components/form).
 */
export const codeZodIssues = (issue: z.core.$ZodRawIssue): undefined => {
  const raw = issue as AnyIssue;
  raw.refusal ??= refusalOfIssue(raw);
  return undefined;
};
