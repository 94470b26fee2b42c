import type { StaffLanguage } from '../../common/languages';

/*
 * The counting-day desk (issue 69 item 2) in both back-office languages: the list of elections
 * and the desk's one form, keyboard first. Hindi says it in the words Hindi newsrooms use on
 * counting day ("रुझान" for leads, "मतगणना" for the count).
 */

const en = {
  title: 'Elections',
  intro: 'Choose an election to enter its results on counting day.',
  none: 'No election yet. An administrator makes one through the API (POST /api/elections).',
  open: (name: string) => `Open the desk for ${name}`,
  rehearsal: 'Rehearsal',
  deskTitle: (name: string) => `Results desk: ${name}`,
  deskIntro:
    'Type a seat’s name in Hindi or Latin letters, or its number, choose it with the arrow keys and Enter, then the leading candidate, votes, margin, round and status. Enter saves; the seat box is ready for the next one.',
  seat: 'Seat',
  seatHint: 'Name (वाराणसी or varanasi) or number; ↓ ↑ to choose, Enter to take it.',
  state: 'State',
  anyState: 'Every state',
  noMatch: 'No seat matches.',
  leader: 'Leading candidate',
  votes: 'Votes of the leading candidate',
  margin: 'Margin',
  round: 'Round',
  status: 'Status',
  leading: 'Leading',
  won: 'Won',
  save: 'Save result',
  saving: 'Saving…',
  saved: (seat: string) => `Saved: ${seat}.`,
  current: 'Newest result',
  noneYet: 'No result yet for this seat.',
  snapshot: (who: string, when: string, source: string) =>
    `saved by ${who || 'an import'} at ${when} (${source})`,
  snapshotLine: (
    leader: string,
    party: string,
    status: string,
    votes: string,
    margin: string,
    round: number,
  ) => `${leader} (${party}) ${status}: ${votes} votes, margin ${margin}, round ${round}`,
  stale: 'Someone saved a newer result for this seat while you typed. Their figures:',
  staleAgain: 'Check them; save again to record yours over theirs.',
  keyContest: 'Key contest',
  addKey: 'Show as a key contest',
  removeKey: 'Remove from key contests',
  keyAdded: 'Shown among the key contests.',
  keyRemoved: 'Removed from the key contests.',
  sources: { desk: 'desk', import: 'import', eci: 'ECI' },
  results: 'Readers’ results page',
};

export type ElectionDeskCopy = typeof en;

const hi: ElectionDeskCopy = {
  title: 'चुनाव',
  intro: 'मतगणना के दिन नतीजे भरने के लिए कोई चुनाव चुनें।',
  none: 'अभी कोई चुनाव नहीं है। प्रशासक इसे API से बनाते हैं (POST /api/elections)।',
  open: (name) => `${name} की डेस्क खोलें`,
  rehearsal: 'पूर्वाभ्यास',
  deskTitle: (name) => `नतीजों की डेस्क: ${name}`,
  deskIntro:
    'सीट का नाम हिंदी या रोमन अक्षरों में या उसकी संख्या लिखें, तीर कुंजियों और एंटर से चुनें, फिर आगे चल रहे उम्मीदवार, वोट, अंतर, चरण और स्थिति भरें। एंटर से सहेजें; सीट का खाना अगली सीट के लिए तैयार रहता है।',
  seat: 'सीट',
  seatHint: 'नाम (वाराणसी या varanasi) या संख्या; ↓ ↑ से चुनें, एंटर से लें।',
  state: 'राज्य',
  anyState: 'सभी राज्य',
  noMatch: 'कोई सीट नहीं मिली।',
  leader: 'आगे चल रहे उम्मीदवार',
  votes: 'आगे चल रहे उम्मीदवार के वोट',
  margin: 'अंतर',
  round: 'चरण',
  status: 'स्थिति',
  leading: 'रुझान में आगे',
  won: 'जीते',
  save: 'नतीजा सहेजें',
  saving: 'सहेजा जा रहा है…',
  saved: (seat) => `सहेजा गया: ${seat}।`,
  current: 'ताज़ा नतीजा',
  noneYet: 'इस सीट का अभी कोई नतीजा नहीं है।',
  snapshot: (who, when, source) => `${who || 'आयात'} ने ${when} पर सहेजा (${source})`,
  snapshotLine: (leader, party, status, votes, margin, round) =>
    `${leader} (${party}) ${status}: ${votes} वोट, अंतर ${margin}, चरण ${round}`,
  stale: 'आपके लिखते समय किसी ने इस सीट का नया नतीजा सहेज दिया। उनके आँकड़े:',
  staleAgain: 'इन्हें जाँचें; अपने आँकड़े उनके ऊपर दर्ज करने के लिए फिर सहेजें।',
  keyContest: 'मुख्य मुक़ाबला',
  addKey: 'मुख्य मुक़ाबलों में दिखाएँ',
  removeKey: 'मुख्य मुक़ाबलों से हटाएँ',
  keyAdded: 'मुख्य मुक़ाबलों में दिखाया गया।',
  keyRemoved: 'मुख्य मुक़ाबलों से हटाया गया।',
  sources: { desk: 'डेस्क', import: 'आयात', eci: 'चुनाव आयोग' },
  results: 'पाठकों का नतीजों वाला पन्ना',
};

/** The desk's texts in the back office's languages. */
export const electionDeskCopy: Record<StaffLanguage, ElectionDeskCopy> = { en, hi };
