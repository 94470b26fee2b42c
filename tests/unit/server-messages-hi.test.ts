/*
 * The interface's refusal texts are keyed by code (app/copy/refusals*.ts, DECISIONS.md §22):
 * every code of the catalogue a page can show has a Hindi text, made of the code's params and
 * never of the English message; Marathi and Gujarati say every refusal a reader meets on the
 * public forms in their own script; English says the API's message as sent. The messages are
 * taken from where the shared schemas and the server make them, so a refusal without a code or
 * without a text fails here rather than showing English (or "something went wrong") on a page.
 */
import { describe, expect, it } from 'vitest';
import { interfaceFor } from '../../app/copy/language';
import { READER_CODES, type Said } from '../../app/copy/refusals';
import { refusalsGu } from '../../app/copy/refusals.gu';
import { refusalsHi } from '../../app/copy/refusals.hi';
import { refusalsMr } from '../../app/copy/refusals.mr';
import { ProfileFormSchema } from '../../app/features/session/profile-form';
import { REFUSALS, sayWith, type Code } from '../../common/refusals/catalogue';
import { codeZodIssues } from '../../common/refusals/schema-refusals';
import {
  LinkTokenParamsSchema,
  ProfileUpdateSchema,
  SignInSchema,
  SignUpSchema,
} from '../../common/schemas/users';
import { AppError, notice, tooManyRequests, unauthorized } from '../../server/lib/errors';

/** One value for every param any code takes: each text picks what it names. */
const SAMPLE = {
  field: 'name',
  minimum: 3,
  maximum: 12,
  role: 'editor',
  slug: 'asha-rao',
  free: 'asha-rao-2',
  name: 'खेल',
  count: 12,
  sections: ['क्रिकेट'],
  setting: 'homeSectionSlugs',
  slugs: ['khel', 'desh'],
  language: 'hi',
  seconds: 2.5,
  minutes: 12,
  status: 502,
  method: 'GET',
  path: '/api/x',
  allowed: ['GET', 'HEAD'],
  values: ['author', 'editor'],
  expected: 'string',
  origin: 'string',
  format: 'email',
  keys: ['extra'],
  divisor: 2,
  key: 'p256dh',
  megapixels: 50,
  width: 9000,
  height: 9000,
  articles: 2,
  settings: ['logoUrl'],
  parent: 'खेल',
  grandparent: 'समाचार',
  frames: 1001,
  owner: 'क्रिकेट',
  live: 1,
  history: 2,
  people: 1,
};
const DETAILS = [{ path: 'body.name', text: 'नाम ज़रूरी है' }];

const CODES = Object.keys(REFUSALS) as Code[];
const DEVANAGARI = /[\u0900-\u097f]/;
const GUJARATI = /[\u0a80-\u0aff]/;
/** Two English words in a row: a sentence left untranslated. */
const ENGLISH_RUN = /\b[A-Za-z]{2,}\s+[A-Za-z]{2,}\b/;

/** A refusal as a parse of a shared schema says it: its English and its code. */
const issues = (schema: { safeParse: (v: unknown, ctx?: object) => unknown }, value: unknown) => {
  const result = schema.safeParse(value, { error: codeZodIssues }) as {
    success: boolean;
    error?: { issues: { message: string; refusal?: { code: string } }[] };
  };
  return (result.error?.issues ?? []).map((i): Said => ({
    message: i.message,
    ...(i.refusal ?? {}),
  }));
};
/** A refusal as the API answers it. */
const answered = (error: AppError): Said => ({
  message: error.message,
  code: error.code,
  params: error.params,
  errors: error.errors,
});

/** What a reader can be told on /login, /signup, /profile and the reset and invitation pages. */
const readerRefusals: Said[] = [
  ...issues(LinkTokenParamsSchema, { token: 'short' }),
  ...issues(SignUpSchema, { name: '', email: 'nope', password: 'short' }),
  ...issues(SignUpSchema, {
    name: 'x'.repeat(101),
    email: `${'a'.repeat(250)}@x.in`,
    password: 'p'.repeat(201),
  }),
  ...issues(SignInSchema, { email: 'nope', password: '' }),
  ...issues(ProfileUpdateSchema, {}),
  ...issues(ProfileUpdateSchema, { password: 'new-password-1' }),
  ...issues(ProfileUpdateSchema, {
    name: '',
    slug: '',
    bio: 'b'.repeat(2001),
    photoUrl: 'http://example.com/a.jpg',
  }),
  ...issues(ProfileFormSchema, { name: '', password: 'short', currentPassword: '' }),
  answered(unauthorized()),
  answered(unauthorized('auth.invalid_credentials')),
  answered(tooManyRequests('auth.too_many_failures', { minutes: 15 })),
  answered(tooManyRequests('rate_limit.exceeded', { minutes: 1 })),
  answered(new AppError('user.slug_taken', { slug: 'asha-rao' })),
  notice('reset.requested'),
  notice('reset.no_mail'),
  notice('session.signed_out_everywhere'),
];

describe('refusal texts keyed by code', () => {
  it('has a Hindi text for every code of the catalogue, in Devanagari, with no English sentence', () => {
    expect(CODES.length).toBeGreaterThan(190);
    for (const code of CODES) {
      const said = sayWith(refusalsHi[code], SAMPLE, DETAILS);
      expect(said, code).toMatch(DEVANAGARI);
      expect(said, `${code} → ${said}`).not.toMatch(ENGLISH_RUN);
    }
  });

  it('says every refusal a reader meets in Marathi and in Gujarati, in their scripts', () => {
    for (const code of READER_CODES) {
      const mr = sayWith(refusalsMr[code], SAMPLE, DETAILS);
      const gu = sayWith(refusalsGu[code], SAMPLE, DETAILS);
      expect(mr, code).toMatch(DEVANAGARI);
      expect(mr, code).not.toMatch(ENGLISH_RUN);
      expect(gu, code).toMatch(GUJARATI);
      expect(gu, code).not.toMatch(ENGLISH_RUN);
    }
    // The back office runs in English on their sites: its refusals are the catalogue's.
    expect(refusalsMr['category.has_articles']).toBe(REFUSALS['category.has_articles'].en);
    expect(refusalsGu['article.stale']).toBe(REFUSALS['article.stale'].en);
  });

  it('codes every refusal a reader can meet on the public forms', () => {
    expect(readerRefusals.length).toBeGreaterThan(25);
    expect(readerRefusals.filter((r) => !r.code)).toEqual([]);
    const uncovered = readerRefusals.filter(
      (r) => !(READER_CODES as readonly string[]).includes(r.code ?? ''),
    );
    expect(uncovered.map((r) => r.code)).toEqual([]);
  });

  it('says each in Hindi, Marathi and Gujarati from its code, never from the English', () => {
    for (const lang of ['hi', 'mr', 'gu'] as const) {
      const { say, t } = interfaceFor(lang);
      for (const refusal of readerRefusals) {
        const said = say(refusal);
        expect(said, `${lang}: ${refusal.message}`).not.toBe(t.auth.genericFailure);
        expect(said, `${lang}: ${refusal.message} → ${said}`).not.toMatch(ENGLISH_RUN);
        // The same code with another English sentence says the same.
        expect(say({ ...refusal, message: 'Something else entirely.' })).toBe(said);
      }
    }
    const hi = interfaceFor('hi');
    expect(hi.say(answered(unauthorized('auth.invalid_credentials')))).toBe(
      'ईमेल या पासवर्ड सही नहीं है।',
    );
    expect(hi.say(answered(tooManyRequests('rate_limit.exceeded', { minutes: 12 })))).toContain(
      '12 मिनट',
    );
    expect(hi.say(answered(new AppError('user.slug_taken', { slug: 'asha-rao' })))).toContain(
      '“asha-rao”',
    );
  });

  it('says a 400 by its first problem, said in the same language', () => {
    const [first] = issues(SignUpSchema, { name: '', email: 'a@b.in', password: 'long enough' });
    const refusal: Said = {
      message: `Invalid request: body.name: ${first?.message}`,
      code: 'validation.invalid',
      errors: [{ path: 'body.name', ...first! }],
    };
    expect(interfaceFor('hi').say(refusal)).toBe('अनुरोध सही नहीं है: नाम ज़रूरी है');
    expect(interfaceFor('en').say(refusal)).toBe('Invalid request: body.name: name is required');
  });

  it('says a refusal without a code it knows as the generic failure, not in English', () => {
    const hi = interfaceFor('hi');
    expect(hi.say({ message: 'Some brand-new server message.', code: 'brand.new' })).toBe(
      hi.t.auth.genericFailure,
    );
    expect(hi.say({ message: 'Some brand-new server message.' })).toBe(hi.t.auth.genericFailure);
  });

  it('leaves the English interface’s messages exactly as the API sent them', () => {
    const en = interfaceFor('en');
    for (const refusal of [...readerRefusals, { message: 'Some brand-new server message.' }])
      expect(en.say(refusal)).toBe(refusal.message);
  });
});
