/**
 * Runs `work` once the page is shown and the browser has nothing better to do (issue 36 item 8:
 * the reading pages' long tasks), each piece in a task of its own; or at once if the reader
 * leaves or hides the page first, so nothing it must record is lost. What runs here touches
 * storage and permissions, which cost a phone's main thread more than the rest of the script.
 */
export function whenIdle(...work: (() => void)[]) {
  let left = [...work];
  // One piece per idle period, so none makes a long task with another.
  const runNext = () => {
    left.shift()?.();
    if (left.length > 0) schedule();
  };
  const schedule = () => {
    if ('requestIdleCallback' in window) requestIdleCallback(runNext, { timeout: 3000 });
    else setTimeout(runNext, 200);
  };
  const flush = () => {
    const rest = left;
    left = [];
    for (const piece of rest) piece();
  };
  addEventListener('pagehide', flush, { once: true });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
  if (document.readyState === 'complete') schedule();
  else addEventListener('load', schedule, { once: true });
}
