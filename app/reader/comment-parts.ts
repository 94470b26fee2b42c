/*
 * The pieces of a signed-in reader's comments (app/reader/comments.ts): the page's texts, the
 * API's calls and what they say when refused, and the text form every write uses. What readers
 * type is put in as text (textContent), never parsed as markup.
 */

export interface Texts {
  label: string;
  post: string;
  reply: string;
  edit: string;
  save: string;
  cancel: string;
  delete: string;
  confirmDelete: string;
  report: string;
  reported: string;
  awaiting: string;
  working: string;
  failed: string;
  edited: string;
  editMinutes: number;
  maxLength: number;
  refusals: Record<string, string>;
}

export interface Commenter {
  _id: string;
  name: string;
}

export interface Page {
  doc: Document;
  section: HTMLElement;
  articleId: string;
  texts: Texts;
  user: Commenter;
}

/** A refusal or an answer, as the API sent it. */
export interface Answer {
  ok: boolean;
  status: number;
  body: { _id?: string; status?: string; code?: string; message?: string };
}

let fields = 0;

export async function call(method: string, path: string, body?: unknown): Promise<Answer> {
  try {
    const res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await res.json().catch(() => ({}))) as Answer['body'];
    return { ok: res.ok, status: res.status, body: answer };
  } catch {
    return { ok: false, status: 0, body: {} };
  }
}

/** Why a write was refused, in the page's language when the page knows the code. */
export const why = (texts: Texts, answer: Answer) =>
  (answer.body.code && texts.refusals[answer.body.code]) ||
  (answer.status === 404 || answer.status === 0 || answer.status >= 500
    ? texts.failed
    : answer.body.message || texts.failed);

export function el<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  className = '',
  text = '',
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

/** A reader's text as paragraphs of text: never parsed as markup. */
export function paragraphs(doc: Document, text: string): HTMLElement[] {
  return text
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      const p = el(doc, 'p');
      p.style.whiteSpace = 'pre-line';
      p.textContent = part;
      return p;
    });
}

/** The status line under a comment or form, made when first needed. */
export function statusOf(doc: Document, holder: HTMLElement): HTMLElement {
  let line = holder.querySelector<HTMLElement>(':scope > [data-comment-status]');
  if (!line) {
    line = el(doc, 'p', 'comment-status small');
    line.dataset.commentStatus = '';
    line.setAttribute('role', 'status');
    holder.append(line);
  }
  return line;
}

/** A form with one text box; `send` answers null when done, or what to say. */
export function textForm(
  page: Page,
  opts: { value?: string; submit: string; send: (text: string) => Promise<string | null> },
  onCancel?: () => void,
): HTMLFormElement {
  const { doc, texts } = page;
  const form = el(doc, 'form', 'comment-form vstack gap-2 mb-3');
  const id = `comment-text-${++fields}`;
  const label = el(doc, 'label', 'form-label', texts.label);
  label.htmlFor = id;
  const box = el(doc, 'textarea', 'form-control');
  Object.assign(box, { id, rows: 4, required: true, maxLength: texts.maxLength });
  box.value = opts.value ?? '';
  const submit = el(doc, 'button', 'btn btn-primary btn-sm', opts.submit);
  submit.type = 'submit';
  const row = el(doc, 'div', 'hstack gap-2');
  row.append(submit);
  if (onCancel) {
    const cancel = el(doc, 'button', 'btn btn-outline-secondary btn-sm', texts.cancel);
    cancel.type = 'button';
    cancel.addEventListener('click', onCancel);
    row.append(cancel);
  }
  form.append(label, box, row);
  const status = statusOf(doc, form);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit.disabled = true;
    status.textContent = texts.working;
    void opts
      .send(box.value)
      .then((said) => {
        status.textContent = said ?? '';
        if (said === null) box.value = '';
      })
      .finally(() => (submit.disabled = false));
  });
  return form;
}
