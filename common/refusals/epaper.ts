/*
 * Refusals of the e-paper desk (issue 67, DECISIONS.md §31): issues (one per edition and date),
 * uploaded pages checked by their content (a PDF by its bytes and by Poppler, not by its name),
 * and the order and status of an issue's pages. A refused upload stores nothing.
 */
import type { Entry } from './define';

export const EPAPER = {
  'epaper.issue_not_found': { status: 404, en: 'No such e-paper issue.' },
  'epaper.page_not_found': { status: 404, en: 'No such page in this e-paper issue.' },
  'epaper.issue_exists': {
    status: 409,
    en: (p: { date: string }) => `This edition already has an e-paper issue for ${p.date}.`,
  },
  'epaper.edition_not_yours': {
    status: 403,
    en: (p: { name: string }) =>
      `Your desk may not make the e-paper of the edition "${p.name}". Ask an administrator to add it to your editions.`,
  },
  'epaper.date_invalid': { status: 400, en: 'Give the date as YYYY-MM-DD.' },
  'epaper.not_multipart': {
    status: 400,
    en: 'Send the pages as multipart/form-data, each PDF in a field named "file".',
  },
  'epaper.no_file': { status: 400, en: 'No PDF received: send each page in a field named "file".' },
  'epaper.too_many_files': {
    status: 400,
    en: (p: { maximum: number }) => `Send at most ${p.maximum} files at once.`,
  },
  'epaper.file_too_large': {
    status: 413,
    en: (p: { name: string; maximum: number }) =>
      `"${p.name}" is larger than ${p.maximum} MB. Nothing was uploaded.`,
  },
  'epaper.not_pdf': {
    status: 400,
    en: (p: { name: string }) => `"${p.name}" is not a PDF. Nothing was uploaded.`,
  },
  'epaper.pdf_malformed': {
    status: 400,
    en: (p: { name: string }) =>
      `"${p.name}" is a damaged PDF that cannot be read. Nothing was uploaded.`,
  },
  'epaper.pdf_encrypted': {
    status: 400,
    en: (p: { name: string }) =>
      `"${p.name}" is encrypted or locked with a password: upload it without protection. Nothing was uploaded.`,
  },
  'epaper.page_too_large': {
    status: 400,
    en: (p: { name: string; page: number; maximum: number }) =>
      `Page ${p.page} of "${p.name}" is over ${p.maximum} pixels at 300 dpi. Nothing was uploaded.`,
  },
  'epaper.too_many_pages': {
    status: 400,
    en: (p: { maximum: number }) =>
      `An e-paper issue has at most ${p.maximum} pages. Nothing was uploaded.`,
  },
  'epaper.page_number_taken': {
    status: 409,
    en: (p: { page: number }) =>
      `Page ${p.page} is already in this issue: replace it, or delete it first. Nothing was uploaded.`,
  },
  'epaper.replace_one_page': {
    status: 400,
    en: 'Replace a page with exactly one single-page PDF.',
  },
  'epaper.order_mismatch': {
    status: 400,
    en: 'Name every page of the issue exactly once, in the order they should have.',
  },
  'epaper.publish_at_needed': {
    status: 400,
    en: 'Give the time to publish at (publishAt) to schedule the issue.',
  },
  'epaper.publish_at_past': {
    status: 400,
    en: 'The time to publish at has passed: publish now instead.',
  },
  'epaper.issue_empty': { status: 409, en: 'Upload the pages before publishing the issue.' },
  'epaper.processing_unavailable': {
    status: 503,
    en: 'The PDF tools (Poppler) cannot be run on this server. Nothing was uploaded.',
  },
  'epaper.zone_not_found': { status: 404, en: 'No such box on this page.' },
  'epaper.story_unknown': {
    status: 400,
    en: 'No such story: link the box to an existing story.',
  },
  'epaper.too_many_zones': {
    status: 400,
    en: (p: { maximum: number }) => `A page may have at most ${p.maximum} boxes.`,
  },
  'epaper.clip_not_found': { status: 404, en: 'No such clip.' },
  'epaper.clip_limit': {
    status: 429,
    en: (p: { maximum: number }) =>
      `At most ${p.maximum} clips an hour: please wait a while before cutting another.`,
  },
  'epaper.page_walled': {
    status: 403,
    outsideApi: true,
    en: 'This page of the e-paper is for subscribers: open it from the e-paper while signed in.',
  },
  'epaper.address_expired': {
    status: 403,
    en: 'This address of an e-paper page has expired or is not ours: reload the page.',
  },
  'epaper.download_walled': {
    status: 403,
    en: 'Downloading this issue is for subscribers whose plan includes the e-paper.',
  },
  'epaper.download_limit': {
    status: 429,
    en: (p: { maximum: number }) =>
      `At most ${p.maximum} downloads a day: please try again tomorrow.`,
  },
  'epaper.download_unavailable': {
    status: 503,
    en: 'Downloads cannot be made on this server yet. Nothing was counted.',
  },
  'epaper.trace_not_found': { status: 404, en: 'No download carries this trace.' },
  'epaper.trace_invalid': {
    status: 400,
    en: 'A trace is 32 characters, 0 to 9 and a to f, as a copy’s metadata carries it.',
  },
} as const satisfies Record<string, Entry>;
