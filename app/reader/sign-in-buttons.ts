/*
 * Follow and Save buttons on shared pages (issue 37 item 2): for a browser with no stored
 * reader they lead to sign-in, and the code that knows a reader's state (reader-state.ts) is
 * never fetched, so an anonymous page keeps its script budget (tests/e2e/budgets.spec.ts).
 */

export const buttonsOf = (doc: Document) =>
  doc.querySelectorAll<HTMLButtonElement>('button[data-follow], button[data-save]');

export const toSignIn = () =>
  location.assign(`/login?redirect=${encodeURIComponent(location.pathname + location.search)}`);

/** Every Follow and Save button leads to sign-in. */
export function leadToSignIn(doc: Document) {
  for (const button of buttonsOf(doc)) button.addEventListener('click', toSignIn);
}
