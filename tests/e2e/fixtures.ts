import { test as base, expect, type Page } from '@playwright/test';

/**
 * Fixtures that delete what a test made close the page first: an article page counts its view
 * after hydration, and that request must not meet an article already deleted (a 404 in the
 * console, failing a test that did nothing wrong).
 *
 * Every journey fails on a console error or an uncaught page error unless it says it expects
 * one (STYLE.md §20).
 */
export const test = base.extend<{ consoleErrors: { allow(pattern: RegExp): void } }>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      page.on('console', (message) => {
        // A failed resource names no address in its text; its location does.
        if (message.type() === 'error') {
          const where = message.location().url;
          errors.push(where ? `${message.text()} (${where})` : message.text());
        }
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use({ allow: (pattern) => allowed.push(pattern) });
      const unexpected = errors.filter((e) => !allowed.some((p) => p.test(e)));
      expect(unexpected, 'console errors during the test').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until React has hydrated the document (root.tsx sets the marker). */
export async function hydrated(page: Page) {
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
}
