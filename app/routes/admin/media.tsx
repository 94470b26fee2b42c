import { useState } from 'react';
import { useOutletContext } from 'react-router';
import type { MediaList } from '../../../common/schemas/media';
import type { SessionUser } from '../../../common/services';
import { AdminRouteError } from '../../components/admin/route-error';
import { Pager } from '../../components/admin/pager';
import { adminApi } from '../../features/api/admin-api';
import { pageParam } from '../../features/api/page-param';
import { useListPage } from '../../features/api/use-list-page';
import { MediaDetails } from '../../features/media/media-details';
import { MediaFilterForm } from '../../features/media/media-filters';
import { MediaGrid } from '../../features/media/media-grid';
import { mediaFilters, mediaListApiPath } from '../../features/media/media-query';
import { MediaUpload } from '../../features/media/media-upload';
import { useMediaCopy } from '../../features/media/use-media-copy';
import { requireScreen } from '../../features/session/screen-guard';
import type { Route } from './+types/media';

/**
 * The media library (issue 26 item 1): every upload, for authors to reuse and editors to
 * manage. The page, search and filters live in the address.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireScreen(context, request, 'author');
  return null;
}

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  await serverLoader();
  const filters = mediaFilters(request.url);
  const [list, uploaders] = await Promise.all([
    adminApi<MediaList>(mediaListApiPath(pageParam(request.url), filters)),
    adminApi<{ _id: string; name: string }[]>('/api/users/authors'),
  ]);
  return { ...list, filters, uploaders };
}

clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return <MediaLoading />;
}

function MediaLoading() {
  const { m, lang } = useMediaCopy();
  return <p lang={lang}>{m.loading}</p>;
}

export default function AdminMedia({ loaderData }: Route.ComponentProps) {
  const { media, currentPage, totalPages, totalMedia, estimated, filters, uploaders } = loaderData;
  const me = useOutletContext<SessionUser>();
  const { m, lang } = useMediaCopy();
  const list = useListPage({ currentPage, rowsOnPage: media.length });
  // By id: after a save or a delete the page is read again and the dialog shows what is now.
  const [openId, setOpenId] = useState<string>();
  const open = media.find((item) => item._id === openId);
  const filtered = Object.keys(filters).length > 0;

  return (
    <div lang={lang}>
      <div className="d-flex justify-content-between align-items-center mb-3">
        <h1 className="h3 mb-0">{m.title}</h1>
        <span className="text-body-secondary">
          {estimated ? m.countAbout(totalMedia) : m.count(totalMedia)}
        </span>
      </div>
      <div className="mb-4">
        <MediaUpload
          label={m.upload}
          multiple
          onUploaded={async () => {
            // The newest is first: page 1 shows it.
            if (currentPage > 1) list.setPage(1);
            else await list.reload();
          }}
        />
      </div>
      <MediaFilterForm filters={filters} uploaders={uploaders} />
      {media.length > 0 ? (
        <MediaGrid items={media} label={m.details} onSelect={(item) => setOpenId(item._id)} />
      ) : (
        <p>{filtered ? m.empty : m.none}</p>
      )}
      <Pager page={currentPage} totalPages={totalPages} onPage={list.setPage} />
      <MediaDetails
        item={open}
        me={me}
        onClose={() => setOpenId(undefined)}
        onChanged={list.reload}
      />
    </div>
  );
}

export const ErrorBoundary = AdminRouteError;
