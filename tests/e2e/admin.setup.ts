import { expect, test as setup } from '@playwright/test';
import { ADMIN } from './accounts';

/**
 * Runs before every journey: the first account on the fresh test site becomes its
 * administrator (DECISIONS.md §2), so journeys can sign in as ADMIN.
 */
setup('the first account becomes administrator', async ({ request }) => {
  const res = await request.post('/api/users/signup', { data: ADMIN });
  expect(res.status()).toBe(201);
  expect((await res.json()).role).toBe('administrator');
});
