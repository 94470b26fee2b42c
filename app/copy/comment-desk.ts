import type { StaffLanguage } from '../../common/languages';

/*
 * The back office's other comment texts (issue 42 items 1 and 2), in both back-office languages
 * (DECISIONS.md §18): a story's and a section's say on comments (a three-way choice), and the
 * moderators' bans screen.
 */

const en = {
  openChoice: {
    label: 'Comments',
    followSection: 'As its section says',
    followSite: 'As the site’s setting says',
    open: 'Open',
    closed: 'Closed',
  },
  bans: {
    title: 'Banned readers',
    intro: 'Readers who may not comment, until the date given or until the ban is lifted.',
    reason: 'Reason (the reader is told it)',
    until: 'Until (empty: until lifted)',
    ban: 'Ban',
    banned: 'The reader is banned.',
    empty: 'Nobody is banned.',
    listLabel: 'Bans',
    who: 'Reader',
    why: 'Reason',
    ends: 'Until',
    by: 'Banned by',
    forever: 'until lifted',
    ended: 'ended',
    lift: 'Lift',
    liftOf: (name: string) => `Lift the ban of ${name}`,
    lifted: 'The ban is lifted.',
    /** On a comment of the queue: bans its reader (this screen, with them chosen). */
    banReader: (name: string) => `Ban ${name}`,
  },
};

export type CommentDeskCopy = {
  readonly [K in keyof typeof en]: (typeof en)[K];
};

const hi: CommentDeskCopy = {
  openChoice: {
    label: 'टिप्पणियाँ',
    followSection: 'जैसा उसका खंड कहे',
    followSite: 'जैसी साइट की सेटिंग हो',
    open: 'खुली',
    closed: 'बंद',
  },
  bans: {
    title: 'रोके गए पाठक',
    intro: 'वे पाठक जो टिप्पणी नहीं कर सकते, दी गई तारीख़ तक या रोक हटने तक।',
    reason: 'कारण (पाठक को बताया जाता है)',
    until: 'कब तक (ख़ाली: रोक हटने तक)',
    ban: 'रोकें',
    banned: 'पाठक को रोक दिया गया।',
    empty: 'कोई रोका नहीं गया है।',
    listLabel: 'रोक की सूची',
    who: 'पाठक',
    why: 'कारण',
    ends: 'कब तक',
    by: 'किसने रोका',
    forever: 'रोक हटने तक',
    ended: 'ख़त्म',
    lift: 'रोक हटाएँ',
    liftOf: (name) => `${name} की रोक हटाएँ`,
    lifted: 'रोक हटा दी गई।',
    banReader: (name) => `${name} को रोकें`,
  },
};

/** These texts in the back office's languages (a site in another runs it in English). */
export const commentDeskCopy: Record<StaffLanguage, CommentDeskCopy> = { en, hi };
