import type { Language, StaffLanguage } from '../../common/languages';

/*
 * "Find a leaked copy" on the E-paper screen (issue 68 item 4), for administrators: a trace
 * pasted from a downloaded copy's footer or metadata, and the reader, issue and time it leads
 * to. Every interface language has it, as the editions screen's texts do (edition-tree.ts).
 */

const en = {
  title: 'Find a leaked copy',
  intro:
    'Paste the trace from a downloaded copy: its footer line says “personal copy” and then the trace, and its metadata carries it too. Each look-up is recorded in the audit trail.',
  label: 'Trace',
  hint: '32 characters, 0 to 9 and a to f.',
  find: 'Find the reader',
  finding: 'Looking…',
  malformed:
    'This is not a trace: a trace is 32 characters, 0 to 9 and a to f, as a copy’s footer and metadata carry it.',
  notFound: (trace: string) =>
    `No download carries the trace ${trace}: the copy was not made by this site, or the trace was mistyped.`,
  found: (trace: string) => `The copy with the trace ${trace}`,
  reader: 'Reader',
  email: 'E-mail',
  issue: 'Issue',
  issueGone: 'The issue has been deleted since.',
  downloaded: 'Downloaded',
};

export type EpaperTraceCopy = {
  readonly [K in keyof typeof en]: (typeof en)[K] extends string ? string : (typeof en)[K];
};

const hi: EpaperTraceCopy = {
  title: 'लीक हुई प्रति खोजें',
  intro:
    'डाउनलोड की गई प्रति की पहचान (ट्रेस) यहाँ चिपकाएँ: उसकी फ़ुटर पंक्ति में “personal copy” के बाद यह लिखी होती है, और उसके मेटाडेटा में भी होती है। हर खोज ऑडिट रिकॉर्ड में दर्ज होती है।',
  label: 'पहचान (ट्रेस)',
  hint: '32 अक्षर, 0 से 9 और a से f।',
  find: 'पाठक खोजें',
  finding: 'खोज रहे हैं…',
  malformed:
    'यह पहचान नहीं है: पहचान 32 अक्षरों की होती है, 0 से 9 और a से f, जैसी प्रति की फ़ुटर और मेटाडेटा में होती है।',
  notFound: (trace) =>
    `किसी डाउनलोड पर पहचान ${trace} नहीं है: यह प्रति इस साइट से नहीं बनी, या पहचान ग़लत लिखी गई।`,
  found: (trace) => `पहचान ${trace} वाली प्रति`,
  reader: 'पाठक',
  email: 'ईमेल',
  issue: 'अंक',
  issueGone: 'यह अंक तब से हटाया जा चुका है।',
  downloaded: 'डाउनलोड का समय',
};

const mr: EpaperTraceCopy = {
  title: 'फुटलेली प्रत शोधा',
  intro:
    'डाउनलोड केलेल्या प्रतीची ओळख (ट्रेस) येथे चिकटवा: तिच्या तळटीपेच्या ओळीत “personal copy” नंतर ती लिहिलेली असते, आणि तिच्या मेटाडेटामध्येही असते. प्रत्येक शोध ऑडिट नोंदीत जातो.',
  label: 'ओळख (ट्रेस)',
  hint: '32 अक्षरे, 0 ते 9 आणि a ते f.',
  find: 'वाचक शोधा',
  finding: 'शोधत आहे…',
  malformed:
    'ही ओळख नाही: ओळख 32 अक्षरांची असते, 0 ते 9 आणि a ते f, जशी प्रतीच्या तळटीपेत आणि मेटाडेटामध्ये असते.',
  notFound: (trace) =>
    `कोणत्याही डाउनलोडवर ओळख ${trace} नाही: ही प्रत या साइटने बनवलेली नाही, किंवा ओळख चुकीची लिहिली आहे.`,
  found: (trace) => `ओळख ${trace} असलेली प्रत`,
  reader: 'वाचक',
  email: 'ई-मेल',
  issue: 'अंक',
  issueGone: 'हा अंक नंतर हटवला गेला आहे.',
  downloaded: 'डाउनलोडची वेळ',
};

const gu: EpaperTraceCopy = {
  title: 'લીક થયેલી નકલ શોધો',
  intro:
    'ડાઉનલોડ કરેલી નકલની ઓળખ (ટ્રેસ) અહીં ચોંટાડો: તેની ફૂટર લીટીમાં “personal copy” પછી તે લખેલી હોય છે, અને તેના મેટાડેટામાં પણ હોય છે. દરેક શોધ ઓડિટ નોંધમાં જાય છે.',
  label: 'ઓળખ (ટ્રેસ)',
  hint: '32 અક્ષરો, 0 થી 9 અને a થી f.',
  find: 'વાચક શોધો',
  finding: 'શોધી રહ્યા છીએ…',
  malformed: 'આ ઓળખ નથી: ઓળખ 32 અક્ષરોની હોય છે, 0 થી 9 અને a થી f, જેમ નકલના ફૂટર અને મેટાડેટામાં હોય છે.',
  notFound: (trace) =>
    `કોઈ ડાઉનલોડ પર ઓળખ ${trace} નથી: આ નકલ આ સાઇટે બનાવી નથી, અથવા ઓળખ ખોટી લખાઈ છે.`,
  found: (trace) => `ઓળખ ${trace} વાળી નકલ`,
  reader: 'વાચક',
  email: 'ઈ-મેલ',
  issue: 'અંક',
  issueGone: 'આ અંક પછીથી કાઢી નાખવામાં આવ્યો છે.',
  downloaded: 'ડાઉનલોડનો સમય',
};

/** The look-up's texts in every interface language. */
export const epaperTraceCopy: Record<Language, EpaperTraceCopy> = { en, hi, mr, gu };

/** The texts in the back office's language. */
export const epaperTraceCopyIn = (lang: StaffLanguage): EpaperTraceCopy => epaperTraceCopy[lang];
