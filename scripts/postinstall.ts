/*
 * Runs after `npm install` / `npm ci`: makes the demo images locally (no network), so the first
 * `npm start` only has to store them. Failing here must not fail the install: the seed makes
 * any missing image itself.
 */
import { demoArticles } from '../db/seed/demo-content';
import { DEMO_IMAGES_DIR, ensureDemoImages } from '../db/seed/demo-images';

try {
  const paths = await ensureDemoImages(demoArticles.length);
  console.log(`patrika: ${paths.length} demo images ready in ${DEMO_IMAGES_DIR}`);
} catch (error) {
  console.warn('patrika: could not make the demo images now; the first start will.', error);
}
