/*
 * The footer's newsletter sign-up (app/components/newsletter-signup.tsx), sent as the API asks:
 * `POST /api/newsletters/subscribe` with `{ email, newsletters }`. Loaded on the form's first
 * submit only; its answer is said in the form's status line, in the page's language.
 */

export async function subscribe(form: HTMLFormElement): Promise<void> {
  const status = form.querySelector<HTMLElement>('[data-newsletter-status]');
  const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
  const data = new FormData(form);
  const say = (text: string | undefined) => {
    if (status) status.textContent = text ?? '';
  };
  if (button) button.disabled = true;
  try {
    const res = await fetch('/api/newsletters/subscribe', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({
        email: String(data.get('email') ?? ''),
        newsletters: data.getAll('newsletters').map(String),
      }),
    });
    if (!res.ok) return say(form.dataset.failed);
    const answer = (await res.json()) as { subscribed?: boolean };
    say(answer.subscribed ? form.dataset.done : form.dataset.sent);
    form.reset();
  } catch {
    say(form.dataset.failed);
  } finally {
    if (button) button.disabled = false;
  }
}
