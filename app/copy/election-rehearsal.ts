import type { StaffLanguage } from '../../common/languages';

/*
 * The desk's rehearsal panel (issue 69 item 6) in both back-office languages: an administrator
 * starts a replay of an election's counting day on a copy of it, and stops it there.
 */

const en = {
  title: 'Rehearsal',
  intro:
    'Replay this election’s counting day on a copy of it, so the desk can practise on pages marked as a rehearsal. It ends with the recorded tally.',
  speed: 'Speed',
  speedOption: (n: number) =>
    `${n}× (the day in ${n >= 60 ? `${Math.round(720 / n)} minutes` : `${Math.round(12 / n)} hours`})`,
  start: 'Start a rehearsal',
  starting: 'Starting…',
  started: 'The rehearsal has begun.',
  open: 'Open the rehearsal’s desk',
  of: (slug: string) => `A replay of ${slug}.`,
  progress: (played: number, total: number, speed: number) =>
    `${played} of ${total} saves replayed at ${speed}×.`,
  ends: (when: string) => `Its last save is due at ${when}.`,
  finished: 'The replay has ended on the recorded tally.',
  stoppedAt: (when: string) => `Stopped at ${when}.`,
  stop: 'Stop the rehearsal',
  stopped: 'The rehearsal is stopped.',
  again: 'Replay again from the start',
};

export type ElectionRehearsalCopy = typeof en;

const hi: ElectionRehearsalCopy = {
  title: 'पूर्वाभ्यास',
  intro:
    'इस चुनाव की मतगणना का दिन इसकी एक प्रति पर दोहराएँ, ताकि डेस्क पूर्वाभ्यास के रूप में चिह्नित पन्नों पर अभ्यास कर सके। यह दर्ज अंतिम आँकड़ों पर ख़त्म होता है।',
  speed: 'गति',
  speedOption: (n) =>
    `${n}× (दिन ${n >= 60 ? `${Math.round(720 / n)} मिनट` : `${Math.round(12 / n)} घंटे`} में)`,
  start: 'पूर्वाभ्यास शुरू करें',
  starting: 'शुरू हो रहा है…',
  started: 'पूर्वाभ्यास शुरू हो गया है।',
  open: 'पूर्वाभ्यास की डेस्क खोलें',
  of: (slug) => `${slug} का दोहराव।`,
  progress: (played, total, speed) => `${total} में से ${played} नतीजे ${speed}× गति से दोहराए गए।`,
  ends: (when) => `आख़िरी नतीजा ${when} पर आएगा।`,
  finished: 'दोहराव दर्ज अंतिम आँकड़ों पर ख़त्म हो गया है।',
  stoppedAt: (when) => `${when} पर रोका गया।`,
  stop: 'पूर्वाभ्यास रोकें',
  stopped: 'पूर्वाभ्यास रोक दिया गया है।',
  again: 'शुरू से फिर दोहराएँ',
};

/** The rehearsal panel's texts in the back office's languages. */
export const electionRehearsalCopy: Record<StaffLanguage, ElectionRehearsalCopy> = { en, hi };
