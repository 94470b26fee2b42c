import { useEffect, useState } from 'react';
import type { MediaList } from '../../../common/schemas/media';
import { adminApi } from '../api/admin-api';
import { mediaListApiPath, type MediaFilters } from './media-query';

/**
 * One page of the library fetched in the browser (the picker, which lives inside other pages'
 * forms and so not in the address). A newer request replaces an older one's answer.
 */
export function useMediaPage(page: number, filters: MediaFilters) {
  const [data, setData] = useState<MediaList>();
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(true);
  const path = mediaListApiPath(page, filters);
  useEffect(() => {
    let current = true;
    setLoading(true);
    adminApi<MediaList>(path)
      .then((list) => {
        if (!current) return;
        setData(list);
        setFailed(false);
      })
      .catch(() => {
        if (current) setFailed(true);
      })
      .finally(() => {
        if (current) setLoading(false);
      });
    return () => {
      current = false;
    };
  }, [path]);
  return { data, failed, loading };
}
