import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { ApiError } from './client';

/**
 * One piece of work at a time for a screen: `busy` while it runs (for disabled buttons), and a
 * failure shown as a toast, with the server's message when there is one, else `fallback`.
 */
export function useBusy(fallback: string) {
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : fallback);
    } finally {
      setBusy(false);
    }
  };

  /** A form's onSubmit: nothing is posted by the browser; `work` gets the form's fields. */
  const submit =
    (work: (form: FormData, element: HTMLFormElement) => Promise<void>) =>
    (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      const element = event.currentTarget;
      void run(() => work(new FormData(element), element));
    };

  return { busy, run, submit };
}
