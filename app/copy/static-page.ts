import type { ReactNode } from 'react';
import type { SiteSettings } from '../../common/settings';

/*
 * What a static page is, in a file of its own: static-pages.tsx (English, and the table by
 * language) and each language's file import it, and it imports neither (no import circle).
 */

/** One static page in one language: its title, its description, and its body from the settings. */
export interface StaticPage {
  title: string;
  description: string;
  body: (s: SiteSettings) => ReactNode;
}

export type StaticPageKey = 'about-us' | 'contact-us' | 'privacy-policy' | 'disclaimer';
