import type { AdsSettings } from '../../../common/schemas/ads';
import type { ExtraSources } from '../../plugins/security';

/*
 * What an ad provider's script needs the Content-Security-Policy to allow (issue 39 item 1):
 * its script, the frames its ads are drawn in, the calls it makes. Added only while that
 * provider is chosen; with house ads or none the policy is Patrika's own.
 */
const GOOGLE_ADS = {
  'script-src': [
    'https://securepubads.g.doubleclick.net',
    'https://pagead2.googlesyndication.com',
    'https://*.googlesyndication.com',
    'https://*.doubleclick.net',
    'https://*.google.com',
    'https://*.gstatic.com',
    'https://*.adtrafficquality.google',
  ],
  'frame-src': [
    'https://*.doubleclick.net',
    'https://*.googlesyndication.com',
    'https://*.google.com',
    'https://*.adtrafficquality.google',
  ],
  'connect-src': [
    'https://*.doubleclick.net',
    'https://*.googlesyndication.com',
    'https://*.google.com',
    'https://*.adtrafficquality.google',
  ],
} as const satisfies ExtraSources;

export function adProviderSources(ads: AdsSettings): ExtraSources | undefined {
  return ads.provider === 'gam' || ads.provider === 'adsense' ? GOOGLE_ADS : undefined;
}
