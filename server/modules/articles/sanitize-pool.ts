/*
 * Article texts are cleaned on a worker thread (issue 13 item 7): sanitize-html is synchronous,
 * and a long text took hundreds of milliseconds in which no other request was answered. One
 * thread per process, started on first use and not keeping the process alive; texts queue on
 * it in order. The WordPress import, an operator's script, still cleans in its own thread.
 */
import { Worker } from 'node:worker_threads';

type Pending = { resolve: (html: string) => void; reject: (error: Error) => void };

let worker: Worker | undefined;
const pending = new Map<number, Pending>();
let nextId = 0;

/**
 * The worker's entry: it loads our TypeScript through tsx's API, as this process does (a
 * worker inherits neither `--import tsx` hooks nor Vitest's transform on Node 20).
 */
const ENTRY = `import('tsx/esm/api')
  .then(({ tsImport }) => tsImport(${JSON.stringify(new URL('./sanitize-worker.ts', import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`;

function failAll(error: Error) {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
  worker = undefined;
}

function start(): Worker {
  const started = new Worker(ENTRY, { eval: true });
  started.unref();
  started.on('message', (message: { id: number; html?: string; error?: string }) => {
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.html !== undefined) waiting.resolve(message.html);
    else waiting.reject(new Error(message.error ?? 'sanitising failed'));
  });
  started.on('error', (error) => failAll(error));
  started.on('exit', (code) => {
    if (worker === started) failAll(new Error(`the sanitiser thread stopped (${code})`));
  });
  return started;
}

/** `sanitizeArticleHtml` off the event loop. */
export function sanitizeOffThread(html: string): Promise<string> {
  worker ??= start();
  const id = nextId++;
  const promise = new Promise<string>((resolve, reject) => pending.set(id, { resolve, reject }));
  worker.postMessage({ id, html });
  return promise;
}
