import type { StaffLanguage } from '../../common/languages';
import type { HoldReason, QueueStatus } from '../../common/schemas/comments';

/*
 * The comments' moderation queue (issue 42 item 2) in both back-office languages (DECISIONS.md
 * §18): its tabs by status, why a comment waits, the actions one by one and in bulk, and the
 * keyboard shortcuts the screen lists. "स्वीकार करें" is the issue's word for Approve.
 */

const en = {
  title: 'Comments',
  intro: 'Readers’ comments that wait for a decision, and those already decided.',
  tabsLabel: 'Comments by status',
  statuses: {
    pending: 'Waiting',
    approved: 'Approved',
    spam: 'Spam',
    rejected: 'Rejected',
    reported: 'Reported',
  } satisfies Record<QueueStatus, string>,
  reasons: {
    first: 'first comment',
    all: 'every comment waits',
    links: 'links',
    blockedWord: 'a blocked word',
    duplicate: 'posted twice',
    accountAge: 'new account',
    reports: 'reported by readers',
  } satisfies Record<HoldReason, string>,
  empty: 'No comments here.',
  listLabel: 'Comments',
  on: (title: string) => `on “${title}”`,
  reason: (why: string) => `Waits: ${why}`,
  reports: (n: number) => (n === 1 ? '1 report' : `${n} reports`),
  staff: 'Staff',
  deletedReader: 'a deleted reader',
  select: (name: string) => `Select the comment of ${name}`,
  selectAll: 'Select all on this page',
  selected: (n: number) => `${n} selected`,
  approve: 'Approve',
  spam: 'Spam',
  reject: 'Reject',
  hold: 'Hold',
  bulkLabel: 'With the selected comments',
  done: (n: number) => (n === 1 ? '1 comment changed.' : `${n} comments changed.`),
  shortcutsTitle: 'Keyboard shortcuts',
  shortcuts: {
    move: 'next / previous comment',
    select: 'select or unselect it',
    approve: 'approve (the selected, or this one)',
    spam: 'mark as spam',
    reject: 'reject',
  },
};

export type CommentModerationCopy = {
  readonly [K in keyof typeof en]: (typeof en)[K] extends string ? string : (typeof en)[K];
};

const hi: CommentModerationCopy = {
  title: 'टिप्पणियाँ',
  intro: 'पाठकों की वे टिप्पणियाँ जिन पर फ़ैसला बाक़ी है, और जिन पर फ़ैसला हो चुका है।',
  tabsLabel: 'स्थिति के अनुसार टिप्पणियाँ',
  statuses: {
    pending: 'प्रतीक्षा में',
    approved: 'स्वीकृत',
    spam: 'स्पैम',
    rejected: 'अस्वीकृत',
    reported: 'शिकायत वाली',
  },
  reasons: {
    first: 'पहली टिप्पणी',
    all: 'हर टिप्पणी रुकती है',
    links: 'लिंक',
    blockedWord: 'रोका गया शब्द',
    duplicate: 'दो बार भेजी गई',
    accountAge: 'नया खाता',
    reports: 'पाठकों की शिकायत',
  },
  empty: 'यहाँ कोई टिप्पणी नहीं है।',
  listLabel: 'टिप्पणियाँ',
  on: (title) => `“${title}” पर`,
  reason: (why) => `रुकी है: ${why}`,
  reports: (n) => (n === 1 ? '1 शिकायत' : `${n} शिकायतें`),
  staff: 'टीम',
  deletedReader: 'हटाया गया पाठक',
  select: (name) => `${name} की टिप्पणी चुनें`,
  selectAll: 'इस पन्ने की सभी चुनें',
  selected: (n) => (n === 1 ? '1 चुनी गई' : `${n} चुनी गईं`),
  approve: 'स्वीकार करें',
  spam: 'स्पैम',
  reject: 'अस्वीकार करें',
  hold: 'रोकें',
  bulkLabel: 'चुनी गई टिप्पणियों के साथ',
  done: (n) => (n === 1 ? '1 टिप्पणी बदली गई।' : `${n} टिप्पणियाँ बदली गईं।`),
  shortcutsTitle: 'कीबोर्ड शॉर्टकट',
  shortcuts: {
    move: 'अगली / पिछली टिप्पणी',
    select: 'उसे चुनें या छोड़ें',
    approve: 'स्वीकार करें (चुनी गई, या यही)',
    spam: 'स्पैम बताएँ',
    reject: 'अस्वीकार करें',
  },
};

/** The queue in the back office's languages (a site in another runs it in English). */
export const commentModerationCopy: Record<StaffLanguage, CommentModerationCopy> = { en, hi };
