import type { StaffLanguage } from '../../common/languages';

/*
 * The e-paper's counts on the analytics screen (issue 68 item 5), in the back office's
 * languages: its page views and readers, clips cut and opened, per edition.
 */
const en = {
  title: 'E-paper',
  intro: 'Page views of the e-paper, clips readers cut and clips others opened, by edition.',
  range: 'Over',
  days: (n: number) => `the last ${n} days`,
  edition: 'Edition',
  views: 'Page views',
  readers: 'Readers',
  clips: 'Clips cut',
  opens: 'Clips opened',
  none: 'No one read the e-paper in this time.',
  sources: 'Where e-paper readers came from',
  source: 'Source',
  storyViews: (n: string) => `Stories read from the e-paper: ${n} views.`,
};

export type EpaperAnalyticsCopy = typeof en;

const hi: EpaperAnalyticsCopy = {
  title: 'ई-पेपर',
  intro: 'संस्करण के हिसाब से ई-पेपर के पृष्ठ व्यू, पाठकों की काटी कतरनें और दूसरों द्वारा खोली गई कतरनें।',
  range: 'अवधि',
  days: (n) => `पिछले ${n} दिन`,
  edition: 'संस्करण',
  views: 'पृष्ठ व्यू',
  readers: 'पाठक',
  clips: 'काटी गई कतरनें',
  opens: 'खोली गई कतरनें',
  none: 'इस अवधि में किसी ने ई-पेपर नहीं पढ़ा।',
  sources: 'ई-पेपर के पाठक कहाँ से आए',
  source: 'स्रोत',
  storyViews: (n) => `ई-पेपर से पढ़ी गई ख़बरें: ${n} व्यू।`,
};

export const epaperAnalyticsCopy: Record<StaffLanguage, EpaperAnalyticsCopy> = { en, hi };
