/*
 * The thread that cleans article texts (sanitize-pool.ts), so a large text never holds up the
 * requests of everyone else.
 */
import { parentPort } from 'node:worker_threads';
import { sanitizeArticleHtml } from './sanitize';

parentPort?.on('message', ({ id, html }: { id: number; html: string }) => {
  try {
    parentPort?.postMessage({ id, html: sanitizeArticleHtml(html) });
  } catch (error) {
    parentPort?.postMessage({ id, error: String(error) });
  }
});

// Loaded: the pool may hand this thread a text (its deadline starts then).
parentPort?.postMessage({ ready: true });
