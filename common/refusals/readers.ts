/*
 * Refusals of a reader's own data and of moving newsletter lists (issue 37 items 5 and 6):
 * deleting an account, its mailed code, and the subscribers' CSV import.
 */
import type { Entry } from './define';

export const READERS = {
  'account.proof_required': {
    status: 400,
    en: 'To delete your account, type your password, or the code we mailed you.',
  },
  'account.delete_code_invalid': {
    status: 400,
    en: 'This code is not right or has expired. Ask for a new one.',
  },
  'account.last_admin': {
    status: 409,
    en: 'You are the site’s last administrator: make someone else administrator before you delete your account.',
  },
  'account.delete_code_sent': {
    status: 202,
    en: (p: { minutes: number }) =>
      `A code is on its way to your e-mail address. It works once, for ${p.minutes} minutes.`,
  },
  'account.deleted': {
    status: 200,
    en: 'Your account and its data are deleted. No more mail will come from us.',
  },
  'subscribers.no_file': {
    status: 400,
    en: 'Send the list as a CSV file in the form field "file".',
  },
  'subscribers.csv_unreadable': {
    status: 400,
    en: (p: { line: number }) => `The file is not a CSV file we can read (line ${p.line}).`,
  },
  'subscribers.csv_no_email': {
    status: 400,
    en: 'The first line must name the columns, one of them "email".',
  },
} as const satisfies Record<string, Entry>;
