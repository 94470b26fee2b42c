/*
 * Article texts are cleaned on worker threads (issue 13 item 7): sanitize-html is synchronous,
 * and a long text held the event loop while no other request was answered. Two threads per
 * process, started on first use and not keeping the process alive; texts queue for the first
 * free one, so one slow text never holds up everyone else's saves. A text still being cleaned
 * after its deadline is refused (400) and its thread is ended and replaced (issue 24 item 7):
 * the limits on tags and nesting (common/html-shape.ts) keep every text an editor writes far
 * inside it. The WordPress import, an operator's script, still cleans in its own thread.
 */
import { Worker } from 'node:worker_threads';
import { fieldError } from '../../lib/errors';

/** Threads per process: one slow text leaves the other for everyone else. */
const THREADS = 2;
/** How long one text may take to clean before it is refused. */
export const SANITIZE_DEADLINE_MS = 10_000;

interface Job {
  html: string;
  deadlineMs: number;
  resolve: (html: string) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  job?: Job;
  timer?: NodeJS.Timeout;
  /** Loaded and listening: a text's deadline runs from when a ready thread takes it. */
  ready?: boolean;
  /** Being ended (a text outlasted its deadline): takes no more texts. */
  ending?: boolean;
}

/**
 * The worker's entry. Compiled (`npm start`), the worker is built beside the server
 * (scripts/build-server.ts). From the sources (tsx, Vitest) it loads our TypeScript through
 * tsx's API, as this process does (a worker inherits neither `--import tsx` hooks nor Vitest's
 * transform on Node 20).
 */
const COMPILED = import.meta.url.endsWith('.js');
const ENTRY = COMPILED
  ? new URL('./sanitize-worker.js', import.meta.url)
  : `import('tsx/esm/api')
  .then(({ tsImport }) => tsImport(${JSON.stringify(new URL('./sanitize-worker.ts', import.meta.url).href)}, ${JSON.stringify(import.meta.url)}))`;

const threads: Thread[] = [];
const queue: Job[] = [];

/** The refusal of a text that outlasted its deadline, on the field it came in. */
const tooSlow = (ms: number) =>
  fieldError('body.description', 'article.description_too_slow', { seconds: ms / 1000 });

function finish(thread: Thread) {
  clearTimeout(thread.timer);
  thread.job = undefined;
  thread.timer = undefined;
  next();
}

function retire(thread: Thread, error: Error) {
  const at = threads.indexOf(thread);
  if (at !== -1) threads.splice(at, 1);
  clearTimeout(thread.timer);
  thread.job?.reject(error);
  thread.job = undefined;
  next();
}

function start(): Thread {
  const thread: Thread = { worker: new Worker(ENTRY, { eval: !COMPILED }) };
  thread.worker.unref();
  thread.worker.on('message', (message: { ready?: true; html?: string; error?: string }) => {
    if (message.ready) {
      thread.ready = true;
      next();
      return;
    }
    const job = thread.job;
    if (!job) return;
    if (message.html !== undefined) job.resolve(message.html);
    else job.reject(new Error(message.error ?? 'sanitising failed'));
    finish(thread);
  });
  thread.worker.on('error', (error) => retire(thread, error));
  thread.worker.on('exit', (code) =>
    retire(thread, new Error(`the sanitiser thread stopped (${code})`)),
  );
  threads.push(thread);
  return thread;
}

/** Gives queued texts to free threads, starting threads up to THREADS. */
function next() {
  while (queue.length > 0) {
    const live = threads.filter((t) => !t.ending);
    if (live.length < THREADS && !live.some((t) => !t.ready)) start();
    const thread = live.find((t) => t.ready && !t.job);
    if (!thread) return;
    const job = queue.shift()!;
    thread.job = job;
    thread.timer = setTimeout(() => {
      // The thread is stuck in this text: end it; a new one takes the next text.
      const stuck = thread.job;
      thread.job = undefined;
      thread.ending = true;
      stuck?.reject(tooSlow(job.deadlineMs));
      void thread.worker.terminate();
      next();
    }, job.deadlineMs);
    thread.timer.unref();
    thread.worker.postMessage({ html: job.html });
  }
}

/** `sanitizeArticleHtml` off the event loop, refused past `deadlineMs`. */
export function sanitizeOffThread(
  html: string,
  opts: { deadlineMs?: number } = {},
): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    queue.push({ html, deadlineMs: opts.deadlineMs ?? SANITIZE_DEADLINE_MS, resolve, reject });
    next();
  });
}
