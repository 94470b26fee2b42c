/*
 * An election's results as schema.org's Dataset (Google's dataset search, issue 69 item 4):
 * what it covers, when it was last changed, who made it and where its data can be fetched.
 */
import type { Election } from '../../../common/schemas/elections';
import type { SiteSettings } from '../../../common/settings';

export function electionDataset(opts: {
  election: Election;
  title: string;
  description: string;
  url: string;
  publicUrl: string;
  settings: Pick<SiteSettings, 'siteName' | 'uiLanguage'>;
  newest: string | null;
  place: string;
  map: string;
}): Record<string, unknown> {
  const { election, publicUrl } = opts;
  return {
    '@type': 'Dataset',
    name: opts.title,
    description: opts.description,
    url: opts.url,
    inLanguage: opts.settings.uiLanguage,
    isAccessibleForFree: true,
    creator: { '@type': 'Organization', name: opts.settings.siteName, url: publicUrl },
    temporalCoverage: election.countingDate,
    spatialCoverage: { '@type': 'Place', name: opts.place },
    ...(opts.newest ? { dateModified: opts.newest } : {}),
    distribution: [
      {
        '@type': 'DataDownload',
        encodingFormat: 'application/json',
        contentUrl: `${publicUrl}/api/elections/${election.slug}/tally`,
      },
      { '@type': 'DataDownload', encodingFormat: 'image/svg+xml', contentUrl: opts.map },
    ],
  };
}
