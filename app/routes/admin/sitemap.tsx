import { AdminRouteError } from '../../components/admin/route-error';
import { useState } from 'react';
import { useAdminCopy } from '../../copy/admin-language';
import { requireScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/sitemap';

/** Downloads the live /sitemap.xml as sitemap.xml (DECISIONS.md §6) with SPEC.md's messages. */
export default function AdminSitemap() {
  const t = useAdminCopy();
  const [state, setState] = useState<'idle' | 'generating' | 'done' | 'failed'>('idle');
  const generate = async () => {
    setState('generating');
    try {
      const res = await fetch('/sitemap.xml', { cache: 'no-store' });
      if (!res.ok) throw new Error(String(res.status));
      const url = URL.createObjectURL(new Blob([await res.text()], { type: 'application/xml' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = 'sitemap.xml';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
      setState('done');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <h1 className="h3 mb-4">{t.sitemap.title}</h1>
      <button
        type="button"
        className="btn btn-primary"
        onClick={generate}
        disabled={state === 'generating'}
      >
        {state === 'generating' ? t.sitemap.generating : t.sitemap.generate}
      </button>
      {state === 'done' && (
        <p className="alert alert-success mt-3" role="status">
          {t.sitemap.success}
        </p>
      )}
      {state === 'failed' && (
        <p className="alert alert-danger mt-3" role="alert">
          {t.sitemap.failure}
        </p>
      )}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireScreen(context, request, 'editor');
  return null;
}
