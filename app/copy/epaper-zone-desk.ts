import type { StaffLanguage } from '../../common/languages';

/*
 * The desk's boxes on an e-paper page (issue 68 item 1), in the back office's languages: drawn
 * on the page's view, or added and placed by numbers; a kind; a web story linked by search.
 */
const en = {
  open: (n: number) => `Boxes on page ${n}`,
  title: (n: number) => `Boxes on page ${n}`,
  intro:
    'Drag on the page to draw a box, or add one and type its place. Link a story’s box to its web story: readers tap the box to open it.',
  close: 'Close',
  add: 'Add a box',
  canvas: (n: number) => `Page ${n}: drag to draw a box`,
  box: (i: number, kind: string) => `Box ${i}: ${kind}`,
  kind: 'Kind',
  kinds: { story: 'Story', ad: 'Advertisement', photo: 'Photo' },
  place: 'Place on the page, in per cent',
  x: 'From the left',
  y: 'From the top',
  w: 'Width',
  h: 'Height',
  outside: 'The box must lie within the page, at least 1 per cent each way.',
  story: 'Web story',
  notLinked: 'Not linked to a web story.',
  linked: (title: string) => `Linked to “${title}”.`,
  unlink: 'Unlink',
  search: 'Find a story by its title',
  noneFound: 'No story has these words in its title.',
  pick: 'Link',
  save: 'Save the box',
  saved: 'Box saved.',
  remove: 'Delete the box',
  removed: 'Box deleted.',
  cancel: 'Cancel',
  suggest: 'Suggest boxes from OCR',
  suggested: (n: number) =>
    n === 0 ? 'No block is left to suggest.' : `${n} ${n === 1 ? 'box' : 'boxes'} suggested.`,
  notRead: 'OCR has not read this page yet: try again when its text is done.',
  suggestion: (i: number, kind: string) => `Suggestion ${i}: ${kind}`,
  accept: 'Accept',
  acceptAll: 'Accept all',
  accepted: (n: number) => `${n} ${n === 1 ? 'box' : 'boxes'} added.`,
};

export type EpaperZoneDeskCopy = typeof en;

const hi: EpaperZoneDeskCopy = {
  open: (n) => `पृष्ठ ${n} के बॉक्स`,
  title: (n) => `पृष्ठ ${n} के बॉक्स`,
  intro:
    'बॉक्स बनाने के लिए पृष्ठ पर खींचें, या बॉक्स जोड़कर उसकी जगह लिखें। ख़बर के बॉक्स को उसकी वेब ख़बर से जोड़ें: पाठक बॉक्स छूकर उसे खोलते हैं।',
  close: 'बंद करें',
  add: 'बॉक्स जोड़ें',
  canvas: (n) => `पृष्ठ ${n}: बॉक्स बनाने के लिए खींचें`,
  box: (i, kind) => `बॉक्स ${i}: ${kind}`,
  kind: 'प्रकार',
  kinds: { story: 'ख़बर', ad: 'विज्ञापन', photo: 'फ़ोटो' },
  place: 'पृष्ठ पर जगह, प्रतिशत में',
  x: 'बाएँ से',
  y: 'ऊपर से',
  w: 'चौड़ाई',
  h: 'ऊँचाई',
  outside: 'बॉक्स पृष्ठ के भीतर हो, हर ओर कम से कम 1 प्रतिशत।',
  story: 'वेब ख़बर',
  notLinked: 'किसी वेब ख़बर से नहीं जुड़ा।',
  linked: (title) => `“${title}” से जुड़ा।`,
  unlink: 'जोड़ हटाएँ',
  search: 'शीर्षक से ख़बर खोजें',
  noneFound: 'किसी ख़बर के शीर्षक में ये शब्द नहीं हैं।',
  pick: 'जोड़ें',
  save: 'बॉक्स सहेजें',
  saved: 'बॉक्स सहेजा गया।',
  remove: 'बॉक्स मिटाएँ',
  removed: 'बॉक्स मिटाया गया।',
  cancel: 'रद्द करें',
  suggest: 'OCR से बॉक्स सुझाएँ',
  suggested: (n) => (n === 0 ? 'सुझाने को कोई हिस्सा नहीं बचा।' : `${n} बॉक्स सुझाए गए।`),
  notRead: 'OCR ने यह पृष्ठ अभी नहीं पढ़ा: पाठ तैयार होने पर फिर कोशिश करें।',
  suggestion: (i, kind) => `सुझाव ${i}: ${kind}`,
  accept: 'स्वीकारें',
  acceptAll: 'सब स्वीकारें',
  accepted: (n) => `${n} बॉक्स जोड़े गए।`,
};

/** The desk's box texts, in the back office's languages. */
export const epaperZoneDeskCopy: Record<StaffLanguage, EpaperZoneDeskCopy> = { en, hi };
