import { useState } from 'react';
import { toast } from 'react-toastify';
import { useInterface } from '../../copy/language';
import { ApiError } from './client';
import { saidOf } from '../../copy/refusals';

/**
 * One piece of work at a time for a screen: `busy` while it runs (for disabled buttons), and a
 * failure shown as a toast, with the server's message when there is one, else `fallback`.
 * Forms use SchemaForm instead, which places a failure under the field it names.
 */
export function useBusy(fallback: string) {
  const [busy, setBusy] = useState(false);
  const { say } = useInterface();

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      toast.error(error instanceof ApiError ? say(saidOf(error)) : fallback);
    } finally {
      setBusy(false);
    }
  };

  return { busy, run };
}
