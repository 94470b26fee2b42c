/*
 * Pages kept per entitlement class (issue 39 item 3, docs/decisions/060): a member's page is
 * made for their class (what their plan opens), never for them, kept in this process under its
 * own key and marked for no shared cache. Anonymous readers' keys are unchanged.
 */
import { ACCESS_CLASSES, type AccessClass } from '../../common/article-access';
import type { KeptAnswer } from './page-store';

/**
 * What a class's page tells caches (issue 39 item 3): no shared cache may keep it; the member's
 * browser asks again each time (a 304 when unchanged).
 */
export const CLASS_PAGE_CACHE_CONTROL = 'private, no-cache';

export const isClassPage = (page: KeptAnswer) =>
  page.headers.some(
    ([name, value]) => name === 'cache-control' && value === CLASS_PAGE_CACHE_CONTROL,
  );

/**
 * A kept answer's key: the address's (kept-answers.ts) for readers of class `none`, prefixed
 * with the class for the others (`members:/city/story`), so a class never meets another's page.
 */
export const classKey = (key: string, reader: AccessClass) =>
  reader === 'none' ? key : `${reader}:${key}`;

export function splitClassKey(key: string): { url: string; reader: AccessClass } {
  const at = key.indexOf(':/');
  const reader = at > 0 ? classNamed(key.slice(0, at)) : 'none';
  return reader === 'none' ? { url: key, reader } : { url: key.slice(at + 1), reader };
}

export const classNamed = (name: unknown): AccessClass =>
  ACCESS_CLASSES.find((c) => c === name) ?? 'none';
