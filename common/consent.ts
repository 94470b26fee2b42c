/*
 * Which text a consent was given to (issue 37 item 6; DPDP Act 2023 §6(1), GDPR art. 7(1)): a
 * consent is recorded with the version of the sentence the person read. A change of the
 * sentences in app/copy (`consent` in each language) is a new version here, so the records
 * keep saying which words were agreed to.
 */

/** The version of the consent texts the forms show now. */
export const CONSENT_TEXT_VERSION = '2026-11-25';

/** What a consent is for. */
export const CONSENT_PURPOSES = ['account', 'newsletter'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/**
 * Where it was given: the sign-up form, the e-mail link's form on /login, the subscribe form (a footer's or an article's, or the
 * API), the confirmation link of a double opt-in, or a list an administrator imported (whose
 * version is `import`, since the words the person read elsewhere are not known here).
 */
export const CONSENT_FORMS = ['signup', 'email-link', 'subscribe', 'confirm', 'import'] as const;
export type ConsentForm = (typeof CONSENT_FORMS)[number];

/** The version recorded for an imported consent: given elsewhere, to words we never saw. */
export const IMPORTED_CONSENT_VERSION = 'import';
