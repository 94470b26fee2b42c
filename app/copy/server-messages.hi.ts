/**
 * The API's messages a reader can meet on a public page (a toast, or under a field of the
 * sign-in, sign-up and profile forms), said in Hindi for `uiLanguage` = `hi`. The API keeps
 * SPEC.md's English `message` texts for every client (DECISIONS.md §1); only the page
 * translates, here. The shared schemas' own messages (checked in the browser before anything
 * is sent) are here too, since they are the same texts the server answers.
 *
 * A message already in Hindi (the page's own, e.g. "Passwords do not match") passes through; a
 * message this table does not know becomes the Hindi "something went wrong", so no English
 * sentence reaches a Hindi page (docs/decisions/018). A new reader-facing server message needs
 * a line here; tests/unit/server-messages-hi.test.ts lists the ones that must be known.
 */

/**
 * A form field's name in Hindi, as the schemas name it in their messages ("name is required",
 * "Password must be at least 8 characters"), lower-cased.
 */
const FIELDS: Record<string, string> = {
  name: 'नाम',
  email: 'ईमेल',
  password: 'पासवर्ड',
  currentpassword: 'मौजूदा पासवर्ड',
  slug: 'लेखक पृष्ठ का पता',
  bio: 'परिचय',
  photourl: 'फ़ोटो का पता',
};

const EXACT: Record<string, string> = {
  'Invalid email or password.': 'ईमेल या पासवर्ड सही नहीं है।',
  'An account with this email already exists. Sign in instead.':
    'इस ईमेल से पहले से एक खाता है। इसके बजाय साइन इन करें।',
  'Your current password is not correct.': 'आपका मौजूदा पासवर्ड सही नहीं है।',
  'Type your current password to set a new one.': 'नया पासवर्ड रखने के लिए मौजूदा पासवर्ड लिखें।',
  'Nothing to change: give a new name or a new password':
    'बदलने को कुछ नहीं है: नया नाम या नया पासवर्ड दें',
  'The slug needs Latin letters or digits.': 'पते में कम से कम एक अक्षर या अंक होना चाहिए।',
  'Enter a valid e-mail address': 'सही ईमेल पता लिखें',
  'photoUrl must be an uploaded image, an https address or empty':
    'फ़ोटो का पता इस साइट पर अपलोड की गई तस्वीर, https पता या खाली होना चाहिए',
  'Not signed in, or the session has expired.': 'आप साइन इन नहीं हैं, या आपका सत्र ख़त्म हो गया है।',
  'You are not allowed to do this.': 'आपको यह करने की अनुमति नहीं है।',
  'Cross-site request refused.': 'दूसरी साइट से आया अनुरोध अस्वीकार किया गया।',
  'Signed out.': 'आप साइन आउट हो गए।',
  'Signed out on every device.': 'आप हर डिवाइस से साइन आउट हो गए।',
  'Something went wrong on our side. Please try again.':
    'हमारी ओर से कुछ गड़बड़ हो गई। कृपया फिर कोशिश करें।',
  'Could not reach the server. Check your connection and try again.':
    'सर्वर तक नहीं पहुँच सके। अपना कनेक्शन जाँचें और फिर कोशिश करें।',
  'must not contain control characters or broken Unicode text':
    'में नियंत्रण अक्षर या टूटा हुआ यूनिकोड पाठ नहीं हो सकता',
  'Invalid request': 'अनुरोध सही नहीं है',
  // E-mail that brings people in (issue 26 item 8): server/modules/users/account-links.ts.
  'This invitation link is not valid. Ask an administrator for a new one.':
    'यह निमंत्रण लिंक सही नहीं है। किसी प्रशासक से नया निमंत्रण माँगें।',
  'This invitation was used already. Sign in instead.':
    'यह निमंत्रण पहले ही इस्तेमाल हो चुका है। इसके बजाय साइन इन करें।',
  'This invitation has expired. Ask an administrator for a new one.':
    'इस निमंत्रण की अवधि ख़त्म हो गई है। किसी प्रशासक से नया निमंत्रण माँगें।',
  'This password-reset link is not valid. Ask for a new one.':
    'पासवर्ड बदलने का यह लिंक सही नहीं है। नया लिंक माँगें।',
  'This password-reset link was used already. Ask for a new one.':
    'पासवर्ड बदलने का यह लिंक पहले ही इस्तेमाल हो चुका है। नया लिंक माँगें।',
  'This password-reset link has expired. Ask for a new one.':
    'पासवर्ड बदलने के इस लिंक की अवधि ख़त्म हो गई है। नया लिंक माँगें।',
  'If an account has this address, a link to choose a new password is on its way. It works for 60 minutes.':
    'अगर इस पते से कोई खाता है, तो नया पासवर्ड चुनने का लिंक भेजा जा रहा है। यह 60 मिनट तक चलेगा।',
  'This site sends no e-mail: ask an administrator to set a new password for you.':
    'यह साइट ईमेल नहीं भेजती: किसी प्रशासक से अपना नया पासवर्ड रखने को कहें।',
  'This link is not complete: copy the whole link': 'यह लिंक अधूरा है: पूरा लिंक कॉपी करें',
};

type Rule = [RegExp, (...groups: string[]) => string | undefined];

const field = (name: string | undefined) =>
  name === undefined ? undefined : FIELDS[name.toLowerCase()];

const RULES: Rule[] = [
  [/^(\w+) is required$/i, (f) => field(f) && `${field(f)} ज़रूरी है`],
  [/^(\w+) must be text$/, (f) => field(f) && `${field(f)} पाठ होना चाहिए`],
  [
    /^(\w+) must be at least (\d+) characters$/i,
    (f, n) => field(f) && `${field(f)} कम से कम ${n} अक्षरों का होना चाहिए`,
  ],
  [
    /^(\w+) must be at most (\d+) characters$/i,
    (f, n) => field(f) && `${field(f)} ज़्यादा से ज़्यादा ${n} अक्षरों का हो सकता है`,
  ],
  [
    /^Too many requests\. Please try again in (\d+) minutes?\.$/,
    (n) => `बहुत ज़्यादा अनुरोध। कृपया ${n} मिनट बाद फिर कोशिश करें।`,
  ],
  [
    /^Too many failed sign-in attempts\. Try again in (\d+) minutes?\.$/,
    (n) => `साइन इन की बहुत ज़्यादा असफल कोशिशें। ${n} मिनट बाद फिर कोशिश करें।`,
  ],
  [
    /^Another author already uses the slug "(.+)"\. Choose another one\.$/,
    (slug) => `पता “${slug}” कोई दूसरा लेखक इस्तेमाल कर रहा है। कोई और पता चुनें।`,
  ],
  [/^Request failed \((\d+)\)\.$/, (n) => `अनुरोध पूरा नहीं हो सका (${n})।`],
  [
    // The error handler's summary of a 400: "Invalid request: body.email: Enter a valid …".
    /^Invalid request: ([\w.]+): (.+)$/,
    (path, inner) => {
      const said = known(inner ?? '');
      const name = field(path?.split('.').pop());
      if (said === undefined) return undefined;
      return name && said.startsWith('में ') ? `${name} ${said}` : `अनुरोध सही नहीं है: ${said}`;
    },
  ],
];

const DEVANAGARI = /[\u0900-\u097f]/;

/** The Hindi of a message this table knows, else undefined. */
function known(message: string): string | undefined {
  const exact = EXACT[message];
  if (exact !== undefined) return exact;
  for (const [pattern, say] of RULES) {
    const match = pattern.exec(message);
    if (match) return say(...match.slice(1).map((g) => g ?? ''));
  }
  return undefined;
}

/**
 * A server (or shared schema) message in Hindi: already-Hindi text as it is, a known message
 * translated, anything else as `fallback` (the interface's "something went wrong").
 */
export function hiServerMessage(message: string, fallback: string): string {
  if (DEVANAGARI.test(message)) return message;
  return known(message.trim()) ?? fallback;
}

/** Whether the table knows a message (for tests). */
export const knowsServerMessage = (message: string) => known(message) !== undefined;
