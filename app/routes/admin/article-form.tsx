import { data, useOutletContext } from 'react-router';
import type { Article } from '../../../common/schemas/articles';
import { appContext, type SessionUser } from '../../../common/services';
import type { SiteSettings } from '../../../common/settings';
import { AdminRouteError } from '../../components/admin/route-error';
import { useAdminCopy } from '../../copy/admin-language';
import { adminApi } from '../../features/api/admin-api';
import { ArticleForm } from '../../features/articles/article-form';
import { LiveDesk } from '../../features/live/live-desk';
import { requireScreen, type NoAccessData } from '../../features/session/screen-guard';
import type { Route } from './+types/article-form';

/**
 * Authors and up may write; an existing article only by whoever may change it (its author, or
 * an editor): anyone else gets "No access" (403) before the form loads. A missing article is
 * left to the form's own call, which says so in the shell.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const me = await requireScreen(context, request, 'author');
  if (params.id) {
    const access = await context.get(appContext).services.articles.editAccess(me, params.id);
    if (access === 'forbidden') {
      throw data<NoAccessData>({ needs: 'editor' }, { status: 403, statusText: 'Forbidden' });
    }
  }
  return null;
}

/**
 * Edit mode loads the article first; add mode starts empty. Both need the site's time zone and
 * whether authors publish (DECISIONS.md §11).
 */
export async function clientLoader({ params, serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  const [settings, article] = await Promise.all([
    adminApi<SiteSettings>('/api/settings'),
    params.id ? adminApi<Article>(`/api/articles/article/${params.id}`) : null,
  ]);
  return { article, settings };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  const t = useAdminCopy();
  return (
    <p>
      <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
      {t.loading}
    </p>
  );
}

/** /admin/add-article and /admin/edit-article/:id; another article is a fresh form. */
export default function ArticleFormRoute({ loaderData, params }: Route.ComponentProps) {
  const me = useOutletContext<SessionUser>();
  const { article } = loaderData;
  return (
    <>
      <ArticleForm
        key={params.id ?? 'new'}
        article={article}
        settings={loaderData.settings}
        me={me}
      />
      {/* A live blog's updates are written here, apart from the article's own save. */}
      {article && (article.liveBlog || article.liveStartedAt) && (
        <LiveDesk key={article._id} article={article} />
      )}
    </>
  );
}

export const ErrorBoundary = AdminRouteError;
