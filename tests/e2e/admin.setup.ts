import { test as setup } from '@playwright/test';
import { ADMIN, Api, expect, readJson, type UserInfo } from './fixtures';

/**
 * Runs before every journey: the first account on the fresh test site becomes its
 * administrator (DECISIONS.md §2), so journeys can sign in as ADMIN.
 */
setup('the first account becomes administrator', async ({ request }) => {
  const info = await readJson<UserInfo>(await new Api(request).signUp(ADMIN), 201);
  expect(info.role).toBe('administrator');
});
