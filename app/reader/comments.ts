/*
 * A signed-in reader's part of a story's comments (issue 42 item 1), drawn after load on the
 * shared page (app/components/article-comments.tsx renders the approved comments, the same bytes
 * for everyone): the form, Reply on a shown comment, Edit (own, in its first minutes), Delete
 * (own) and Report (others'). Fetched only by a browser with a signed-in reader, after
 * `GET /api/me` (reader-state.ts): an anonymous page never loads it (tests/e2e/budgets.spec.ts).
 * What readers wrote goes in as text (textContent); bodies from the server are its escaped HTML.
 * A refusal is said in the page's language by its code (the section's texts), else as the API
 * worded it.
 */

import {
  call,
  el,
  paragraphs,
  statusOf,
  textForm,
  why,
  type Commenter,
  type Page,
  type Texts,
} from './comment-parts';

/** Marks one's own comment as waiting for a moderator. */
function markAwaiting(page: Page, item: HTMLElement, pending: boolean) {
  const meta = item.querySelector<HTMLElement>(':scope > .comment-meta');
  let mark = meta?.querySelector<HTMLElement>('[data-awaiting]');
  if (!pending) return mark?.remove();
  if (mark || !meta) return;
  mark = el(page.doc, 'span', 'badge text-bg-warning ms-2', page.texts.awaiting);
  mark.dataset.awaiting = '';
  meta.append(mark);
}

/** One's own new comment as the server draws a comment, its text as typed. */
function ownItem(page: Page, id: string, text: string, reply: boolean): HTMLLIElement {
  const { doc, user } = page;
  const item = el(doc, 'li', 'comment mb-3');
  item.id = `comment-${id}`;
  Object.assign(item.dataset, { comment: id, author: user._id, created: new Date().toISOString() });
  if (reply) item.dataset.reply = '';
  const meta = el(doc, 'p', 'comment-meta small mb-1');
  meta.append(el(doc, 'strong', '', user.name));
  const body = el(doc, 'div', 'comment-body');
  body.append(...paragraphs(doc, text));
  item.append(meta, body);
  if (!reply) {
    const replies = el(doc, 'ol', 'list-unstyled ms-4');
    replies.dataset.replies = '';
    item.append(replies);
  }
  return item;
}

/** Posts a comment (or a reply to `parent`) and shows it: at once, or as awaiting review. */
async function post(page: Page, text: string, parent?: HTMLElement): Promise<string | null> {
  const parentId = parent?.dataset.comment;
  const answer = await call('POST', `/api/articles/${page.articleId}/comments`, {
    body: text,
    ...(parentId ? { parentId } : {}),
  });
  if (!answer.ok || !answer.body._id) return why(page.texts, answer);
  const item = ownItem(page, answer.body._id, text, !!parent);
  markAwaiting(page, item, answer.body.status === 'pending');
  const list = parent ? parent.querySelector<HTMLElement>(':scope > [data-replies]') : listOf(page);
  list?.append(item);
  wireComment(page, item);
  return null;
}

/** The top-level list, made when the story had no comment yet. */
function listOf(page: Page): HTMLElement {
  const found = page.section.querySelector<HTMLElement>('[data-comment-list]');
  if (found) return found;
  const list = el(page.doc, 'ol', 'list-unstyled');
  list.dataset.commentList = '';
  page.section.querySelector('h2')?.after(list);
  return list;
}

const mine = (page: Page, item: HTMLElement) => item.dataset.author === page.user._id;

const editable = (page: Page, item: HTMLElement) =>
  mine(page, item) &&
  Date.now() - Date.parse(item.dataset.created ?? '') < page.texts.editMinutes * 60_000;

function button(page: Page, text: string, onClick: (b: HTMLButtonElement) => void) {
  const b = el(page.doc, 'button', 'btn btn-link btn-sm p-0 me-3', text);
  b.type = 'button';
  b.addEventListener('click', () => onClick(b));
  return b;
}

/** Changes one's own comment in place: its new text, 'edited', and whether it waits. */
function startEdit(page: Page, item: HTMLElement, actions: HTMLElement) {
  const body = item.querySelector<HTMLElement>(':scope > .comment-body');
  if (!body) return;
  const close = () => {
    form.remove();
    body.hidden = false;
    actions.hidden = false;
  };
  const form = textForm(
    page,
    {
      value: body.innerText.trim(),
      submit: page.texts.save,
      send: async (text) => {
        const answer = await call('PUT', `/api/comments/${item.dataset.comment}`, { body: text });
        if (!answer.ok) return why(page.texts, answer);
        body.replaceChildren(...paragraphs(page.doc, text));
        const meta = item.querySelector(':scope > .comment-meta');
        if (meta && !meta.textContent?.includes(page.texts.edited))
          meta.append(` · ${page.texts.edited}`);
        markAwaiting(page, item, answer.body.status === 'pending');
        close();
        return null;
      },
    },
    close,
  );
  body.hidden = true;
  actions.hidden = true;
  body.after(form);
  form.querySelector('textarea')?.focus();
}

async function remove(page: Page, item: HTMLElement) {
  if (!window.confirm(page.texts.confirmDelete)) return;
  const answer = await call('DELETE', `/api/comments/${item.dataset.comment}`);
  if (answer.ok) item.remove();
  else statusOf(page.doc, item).textContent = why(page.texts, answer);
}

async function report(page: Page, item: HTMLElement, b: HTMLButtonElement) {
  b.disabled = true;
  const answer = await call('POST', `/api/comments/${item.dataset.comment}/report`, {
    reason: 'reader',
  });
  statusOf(page.doc, item).textContent = answer.ok ? page.texts.reported : why(page.texts, answer);
  if (answer.ok) b.remove();
  else b.disabled = false;
}

/** A comment's buttons for this reader. */
function wireComment(page: Page, item: HTMLElement) {
  const { texts } = page;
  const actions = el(page.doc, 'p', 'comment-actions small mb-1');
  const own = mine(page, item);
  const top = item.dataset.reply === undefined;
  if (top && !item.querySelector(':scope > .comment-meta [data-awaiting]'))
    actions.append(button(page, texts.reply, () => startReply(page, item, actions)));
  if (editable(page, item))
    actions.append(button(page, texts.edit, () => startEdit(page, item, actions)));
  if (own) actions.append(button(page, texts.delete, () => void remove(page, item)));
  else actions.append(button(page, texts.report, (b) => void report(page, item, b)));
  item.querySelector(':scope > .comment-body')?.after(actions);
}

function startReply(page: Page, item: HTMLElement, actions: HTMLElement) {
  if (item.querySelector(':scope > .comment-form')) return;
  const form = textForm(
    page,
    {
      submit: page.texts.reply,
      send: async (text) => {
        const said = await post(page, text, item);
        if (said === null) form.remove();
        return said;
      },
    },
    () => form.remove(),
  );
  actions.after(form);
  form.querySelector('textarea')?.focus();
}

/** Draws the form and every comment's buttons for `user`, signed in. */
export function commentsFor(doc: Document, user: Commenter): void {
  const section = doc.querySelector<HTMLElement>('[data-comments][data-texts]');
  if (!section) return;
  const page: Page = {
    doc,
    section,
    articleId: section.dataset.comments ?? '',
    texts: JSON.parse(section.dataset.texts ?? '{}') as Texts,
    user,
  };
  for (const item of section.querySelectorAll<HTMLElement>('li[data-comment]'))
    wireComment(page, item);
  const form = textForm(page, { submit: page.texts.post, send: (text) => post(page, text) });
  form.dataset.commentForm = '';
  const signIn = section.querySelector('[data-comment-sign-in]');
  if (signIn) signIn.replaceWith(form);
  else section.append(form);
}
