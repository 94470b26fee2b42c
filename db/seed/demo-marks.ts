/*
 * How the demo's content is known (issue 72 item 5): the stories and categories by their slugs
 * (demo-content.ts), the writers and readers by their e-mail addresses, and everything else by
 * a fixed id below. Seeding finds what is there by these, and `npm run seed -- --remove`
 * deletes exactly these and nothing else.
 */

/** A fixed, valid (version 4 shaped) id: `0000d0<kind>-0000-4000-8000-<n>`. */
const demoId = (kind: number, n: number) =>
  `0000d0${kind.toString(16).padStart(2, '0')}-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export const DEMO_IDS = {
  newsletter: demoId(1, 1),
  newsletterIssue: demoId(2, 1),
  plan: demoId(3, 1),
  breaking: demoId(4, 1),
  comments: [1, 2, 3, 4].map((n) => demoId(5, n)) as [string, string, string, string],
  live: [1, 2, 3, 4].map((n) => demoId(6, n)),
  corrections: [1, 2].map((n) => demoId(7, n)) as [string, string],
  /** Lok Sabha 2024 (its rehearsal is known by `rehearsal.of`: elections-demo.ts). */
  election: demoId(8, 1),
};

/** The demo stories that carry the rest of the demo. */
export const DEMO_STORY = {
  liveBlog: 'what-the-monsoon-onset-really-means',
  membersOnly: 'backing-up-your-phone-a-beginners-guide',
  corrected: 'why-is-the-sky-blue',
  commented: ['staying-hydrated-in-summer', 'monsoon-mein-sehat-ka-khayal', 'raising-curious-kids'],
  newsletter: [
    'chitthiyon-ka-zamana',
    'the-quiet-joy-of-slow-mornings',
    'jaisalmer-registan-ke-sunehre-rang',
  ],
} as const;

/** The readers who comment in the demo. */
export const DEMO_READERS = [
  { name: 'Asha Rao', slug: 'asha-rao', email: 'asha.rao@demo.patrika.example' },
  { name: 'Vikram Singh', slug: 'vikram-singh', email: 'vikram.singh@demo.patrika.example' },
];
