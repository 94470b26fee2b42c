import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { AdTotals } from '../../../common/schemas/ads';
import { useAdminCopy } from '../../copy/admin-language';
import { adminApi } from '../api/admin-api';

/**
 * House ads' last 30 days on the dashboard (issue 39 item 1), linked to their screen; nothing
 * while no ad has been shown.
 */
export function HouseAdsTotals() {
  const t = useAdminCopy();
  const [totals, setTotals] = useState<AdTotals>();
  useEffect(() => {
    adminApi<AdTotals>('/api/ads/totals').then(setTotals, () => {});
  }, []);
  if (!totals || totals.impressions + totals.clicks === 0) return null;
  return (
    <p className="mb-3">
      <Link to="/admin/ads">{t.houseAds.monthTotals(totals)}</Link>
    </p>
  );
}
