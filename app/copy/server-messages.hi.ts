import { LANGUAGES } from '../../common/languages';
/**
 * The API's messages a reader can meet on a public page (a toast, or under a field of the
 * sign-in, sign-up and profile forms), and those the newsroom meets in the back office (the
 * article, category, user, settings, breaking-news, alert and live-blog screens, DECISIONS.md
 * §18), said in Hindi for `uiLanguage` = `hi`. The API keeps
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
  // An author page's, an article's or a category's: the address each is found at.
  slug: 'पता (स्लग)',
  bio: 'परिचय',
  photourl: 'फ़ोटो का पता',
  // The back office's forms.
  description: 'विवरण',
  imageurl: 'चित्र का पता',
  imagealt: 'चित्र का विवरण',
  metatitle: 'मेटा शीर्षक',
  metadescription: 'मेटा विवरण',
  metakeywords: 'मेटा कीवर्ड',
  title: 'शीर्षक',
  text: 'पाठ',
  body: 'पाठ',
  note: 'टिप्पणी',
  publishedat: 'प्रकाशन का समय',
  updatedat: 'बदलाव का समय',
  expiresat: 'हटने का समय',
  ishome: 'होम पर',
  liveblog: 'लाइव ब्लॉग',
  pinned: 'पिन',
  keyevent: 'अहम घटना',
  legacyid: 'पुरानी साइट की संख्या',
  role: 'भूमिका',
};

/** The roles as the server names them in its messages. */
const ROLES: Record<string, string> = {
  reader: 'पाठक',
  author: 'लेखक',
  editor: 'संपादक',
  administrator: 'प्रशासक',
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
  'Please sign in again.': 'कृपया फिर से साइन इन करें।',
  'Could not reach the server.': 'सर्वर तक नहीं पहुँच सके।',
  'The site cannot reach its database just now. Please try again in a few seconds.':
    'साइट अभी अपने डेटाबेस तक नहीं पहुँच पा रही है। कृपया कुछ सेकंड बाद फिर कोशिश करें।',
  'Not found.': 'नहीं मिला।',
  'Expected an id': 'सही पहचान चाहिए',
  // Articles, their statuses, history and previews.
  'Article not found.': 'लेख नहीं मिला।',
  'Revision not found.': 'संशोधन नहीं मिला।',
  'Someone else saved this article after you opened it. Reload it to see their changes, then apply yours again.':
    'आपके खोलने के बाद किसी और ने यह लेख सहेजा। उनके बदलाव देखने के लिए इसे फिर से लोड करें, फिर अपने बदलाव दोबारा करें।',
  'On this site an editor publishes: submit the article for review instead.':
    'इस साइट पर संपादक प्रकाशित करते हैं: इसके बजाय लेख समीक्षा के लिए भेजें।',
  'A time goes only with publishing or scheduling.':
    'समय केवल प्रकाशित या अनुसूचित करते समय दिया जाता है।',
  'A note goes only with sending an article back to draft.':
    'टिप्पणी केवल लेख को मसौदे में लौटाते समय दी जाती है।',
  'Only editors and administrators send an article back with a note.':
    'टिप्पणी के साथ लेख केवल संपादक और प्रशासक लौटाते हैं।',
  'This preview link has expired, or its article was deleted.':
    'इस पूर्वावलोकन लिंक की अवधि ख़त्म हो गई है, या इसका लेख हटा दिया गया।',
  'Could not find a free slug; give one.': 'कोई ख़ाली पता नहीं मिला; ख़ुद एक पता दें।',
  'Only editors and administrators can set the old site’s number (legacyId).':
    'पुरानी साइट की संख्या केवल संपादक और प्रशासक रख सकते हैं।',
  'Only editors and administrators can set a publication date in the past.':
    'बीती हुई प्रकाशन तिथि केवल संपादक और प्रशासक रख सकते हैं।',
  'The category does not exist.': 'यह श्रेणी मौजूद नहीं है।',
  'Authors can publish only under their own name.': 'लेखक केवल अपने नाम से प्रकाशित कर सकते हैं।',
  'The author must be a user who can write.': 'लेखक ऐसा उपयोगकर्ता होना चाहिए जो लिख सकता हो।',
  'An article cannot be its own translation.': 'कोई लेख अपना ही अनुवाद नहीं हो सकता।',
  'The translation does not exist.': 'यह अनुवाद मौजूद नहीं है।',
  // Translation groups (issue 44 item 4): server/modules/articles/article-values.ts.
  'The story already has a version in this language by another writer: only its writers or an editor can put this one in its place.':
    'इस ख़बर का इस भाषा में एक संस्करण किसी और लेखक का है: उसकी जगह यह संस्करण केवल उसके लेखक या कोई संपादक रख सकते हैं।',
  'The story’s version in this language is published: this one can take its place once it is published itself.':
    'इस ख़बर का इस भाषा वाला संस्करण प्रकाशित है: यह संस्करण ख़ुद प्रकाशित होने पर ही उसकी जगह ले सकता है।',
  'Another article already has this legacyId.': 'पुरानी साइट की यही संख्या किसी और लेख की है।',
  'Another article already uses this slug. Choose another one.':
    'यह पता कोई और लेख इस्तेमाल कर रहा है। कोई और पता चुनें।',
  'Authors can change and delete only their own articles.': 'लेखक केवल अपने लेख बदल और हटा सकते हैं।',
  'imageUrl is required to publish or schedule: upload an image first':
    'प्रकाशित या अनुसूचित करने के लिए चित्र ज़रूरी है: पहले चित्र अपलोड करें',
  'imageUrl must be an uploaded image or an https address':
    'चित्र का पता अपलोड किया गया चित्र या https पता होना चाहिए',
  'description is too long': 'पाठ बहुत लंबा है',
  'status must be draft, pending or published':
    'स्थिति मसौदा, समीक्षा बाक़ी या प्रकाशित में से एक होनी चाहिए',
  [`language must be one of ${LANGUAGES.join(', ')}`]: `भाषा इनमें से एक होनी चाहिए: ${LANGUAGES.join(', ')}`,
  // Categories.
  'Category not found.': 'श्रेणी नहीं मिली।',
  'Give the category a slug of Latin letters or digits.': 'श्रेणी को लैटिन अक्षरों या अंकों वाला स्लग दें।',
  // Users.
  'No such user.': 'ऐसा कोई उपयोगकर्ता नहीं है।',
  'The site needs at least one administrator: make someone else administrator first.':
    'साइट को कम से कम एक प्रशासक चाहिए: पहले किसी और को प्रशासक बनाएँ।',
  'The password is set; any earlier sessions of this account have ended.':
    'पासवर्ड रख दिया गया; इस खाते के पहले के सभी सत्र ख़त्म हो गए।',
  // Images.
  'No such file.': 'ऐसी कोई फ़ाइल नहीं है।',
  'Send the image as multipart/form-data in the field "file".':
    'चित्र फ़ाइल के रूप में भेजें (multipart/form-data, फ़ील्ड "file")।',
  'The upload was not a complete multipart/form-data body. Please try again.':
    'अपलोड पूरा नहीं पहुँचा। कृपया फिर कोशिश करें।',
  'No image received: send it in the field "file".': 'कोई चित्र नहीं मिला: उसे फ़ील्ड "file" में भेजें।',
  'Only JPEG, PNG, WebP, AVIF and GIF images can be uploaded.':
    'केवल JPEG, PNG, WebP, AVIF और GIF चित्र अपलोड हो सकते हैं।',
  'The file is not a readable image.': 'यह फ़ाइल पढ़ने लायक चित्र नहीं है।',
  'request file too large': 'फ़ाइल बहुत बड़ी है।',
  'The media storage is full.': 'मीडिया भंडार भर गया है।',
  'No such image in the media library.': 'मीडिया लाइब्रेरी में ऐसा कोई चित्र नहीं है।',
  // Settings.
  'Must be an http(s) address or empty': 'http(s) पता या खाली होना चाहिए',
  'Must be a path on this site or an https address': 'इस साइट का पथ या https पता होना चाहिए',
  'Must be the address of an image uploaded to this site (/media/…), or empty':
    'इस साइट पर अपलोड किए गए चित्र का पता (/media/…) या खाली होना चाहिए',
  'Must be an X account such as @patrika, or empty': 'X का खाता (जैसे @patrika) या खाली होना चाहिए',
  'Must be a time zone name such as Asia/Kolkata': 'समय क्षेत्र का नाम होना चाहिए, जैसे Asia/Kolkata',
  'Invalid email address': 'सही ईमेल पता लिखें',
  'Invalid input': 'सही नहीं है',
  // The breaking-news band, news alerts and live blogs.
  'text is required: what the band says': 'पट्टी का पाठ ज़रूरी है',
  'Write what the band says.': 'लिखें कि पट्टी पर क्या हो।',
  'expiresAt must be in the future.': 'हटने का समय आगे का होना चाहिए।',
  'No published article has this id.': 'इस पहचान का कोई प्रकाशित लेख नहीं है।',
  'No alert has this id.': 'इस पहचान का कोई अलर्ट नहीं है।',
  'Write the update: body is empty.': 'अपडेट लिखें: पाठ खाली है।',
  'Give body, pinned or keyEvent to change.': 'बदलने के लिए पाठ, पिन या अहम घटना दें।',
  'This article is not a live blog: turn live coverage on (liveBlog: true) before adding updates.':
    'यह लेख लाइव ब्लॉग नहीं है: अपडेट जोड़ने से पहले लाइव कवरेज चालू करें।',
  'Live update not found.': 'लाइव अपडेट नहीं मिला।',
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
  [/^Upload failed \((\d+)\)\.$/, (n) => `अपलोड नहीं हो सका (${n})।`],
  // A screen's failed load as the back office names it: "404 Not Found".
  [
    /^(\d{3}) [A-Z][A-Za-z' -]*$/,
    (n) => (n === '404' ? 'नहीं मिला (404)।' : `अनुरोध पूरा नहीं हो सका (${n})।`),
  ],
  [/^No such (?:address|API call): /, () => 'ऐसा कोई पता नहीं है।'],
  [/^(\w+) must be true or false$/, (f) => field(f) && `${field(f)} हाँ या नहीं में होना चाहिए`],
  [
    /^(\w+) must be a date and time \(ISO 8601\)$/,
    (f) => field(f) && `${field(f)} तारीख़ और समय होना चाहिए`,
  ],
  [/^(\w+) must be a number$/, (f) => field(f) && `${field(f)} संख्या होनी चाहिए`],
  [/^role must be one of /, () => 'भूमिका पाठक, लेखक, संपादक या प्रशासक में से एक होनी चाहिए'],
  [
    /^This needs the (\w+) role or higher\.$/,
    (role) => ROLES[role ?? ''] && `इसके लिए ${ROLES[role ?? '']} या उससे ऊँची भूमिका चाहिए।`,
  ],
  // The shared schemas' zod defaults (the settings' lengths, lists and patterns).
  [
    /^Too small: expected string to have >=(\d+) characters?$/,
    (n) => (n === '1' ? 'यह ज़रूरी है' : `कम से कम ${n} अक्षर होने चाहिए`),
  ],
  [
    /^Too big: expected string to have <=(\d+) characters?$/,
    (n) => `ज़्यादा से ज़्यादा ${n} अक्षर हो सकते हैं`,
  ],
  [/^Too big: expected array to have <=(\d+) items?$/, (n) => `ज़्यादा से ज़्यादा ${n} हो सकते हैं`],
  [/^Invalid string: must match pattern /, () => 'सही रूप में नहीं है'],
  [/^Invalid input: expected \w+, received \w+$/, () => 'सही नहीं है'],
  // Articles.
  [
    /^description is too long once cleaned \(at most (\d+) characters\)$/,
    (n) => `साफ़ करने के बाद पाठ बहुत लंबा है (अधिकतम ${n} अक्षर)`,
  ],
  [
    /^description took too long to clean \(over ([\d.]+) s\): simplify its markup$/,
    (n) => `पाठ साफ़ करने में बहुत समय लगा (${n} सेकंड से ज़्यादा): इसकी बनावट सरल करें`,
  ],
  [
    /^description has too many HTML tags \(at most (\d+)\)$/,
    (n) => `पाठ में बहुत ज़्यादा HTML टैग हैं (अधिकतम ${n})`,
  ],
  [
    /^description nests HTML elements too deeply \(at most (\d+) levels\)$/,
    (n) => `पाठ में HTML तत्व बहुत गहराई तक एक-दूसरे में हैं (अधिकतम ${n} स्तर)`,
  ],
  [
    /^The translation must be in the other language: both are (Hindi|English)\.$/,
    (language) =>
      `अनुवाद दूसरी भाषा में होना चाहिए: दोनों ${language === 'Hindi' ? 'हिंदी' : 'अंग्रेज़ी'} में हैं।`,
  ],
  [
    // A restore refused by the schema: its reasons, each said in Hindi (or none of it).
    /^This revision cannot be restored as it is: (.+)\.$/,
    (why) => {
      const said = (why ?? '').split('; ').map((part) => known(part));
      return said.every((s) => s !== undefined)
        ? `यह संशोधन जैसा है वैसा बहाल नहीं हो सकता: ${said.join('; ')}।`
        : undefined;
    },
  ],
  // Categories.
  [
    /^"(.+)" is where articles without a category live; choose another slug, such as "(.+)"\.$/,
    (slug, other) => `“${slug}” पर बिना श्रेणी वाले लेख रहते हैं; कोई और स्लग चुनें, जैसे “${other}”।`,
  ],
  [
    /^"(.+)" is used by the site itself; choose another slug\.$/,
    (slug) => `“${slug}” साइट ख़ुद इस्तेमाल करती है; कोई और स्लग चुनें।`,
  ],
  [/^A category named "(.+)" already exists\.$/, (name) => `“${name}” नाम की श्रेणी पहले से है।`],
  [
    /^A category with the slug "(.+)" already exists\.$/,
    (slug) => `स्लग “${slug}” वाली श्रेणी पहले से है।`,
  ],
  [
    /^Category "(.+)" feeds a home section \(setting "(.+)"\)\. Choose other home sections in Settings first\.$/,
    (name) => `श्रेणी “${name}” होम पेज के एक खंड में दिखती है। पहले सेटिंग्स में होम के दूसरे खंड चुनें।`,
  ],
  [
    /^Category "(.+)" still has (\d+) articles?\. Move or delete (?:it|them) first\.$/,
    (name, n) =>
      n === '1'
        ? `श्रेणी “${name}” में अभी 1 लेख है। पहले उसे दूसरी श्रेणी में ले जाएँ या हटाएँ।`
        : `श्रेणी “${name}” में अभी ${n} लेख हैं। पहले उन्हें दूसरी श्रेणी में ले जाएँ या हटाएँ।`,
  ],
  [
    /^Category "(.+)" still has articles\. Move or delete them first\.$/,
    (name) => `श्रेणी “${name}” में अभी लेख हैं। पहले उन्हें दूसरी श्रेणी में ले जाएँ या हटाएँ।`,
  ],
  // Settings.
  [
    /^No category has the slug (.+)\.$/,
    (slugs) => `किसी श्रेणी का स्लग ${(slugs ?? '').replace(/"([^"]*)"/g, '“$1”')} नहीं है।`,
  ],
  // Images.
  [
    /^The image is too large: at most (\d+) megapixels \(this one is (\d+)×(\d+) pixels\)\.$/,
    (max, w, h) => `चित्र बहुत बड़ा है: अधिकतम ${max} मेगापिक्सेल (यह ${w}×${h} पिक्सेल का है)।`,
  ],
  [
    /^The image is too large: at most ([\d,]+) pixels on a side \(this one is (\d+)×(\d+) pixels\)\.$/,
    (max, w, h) => `चित्र बहुत बड़ा है: हर ओर अधिकतम ${max} पिक्सेल (यह ${w}×${h} पिक्सेल का है)।`,
  ],
  [
    /^The image took too long to decode \(over (\d+) s\): save it again at a smaller size\.$/,
    (n) => `चित्र खोलने में बहुत समय लगा (${n} सेकंड से ज़्यादा): इसे छोटे आकार में फिर से सहेजें।`,
  ],
  // One person's uploads and slow bodies (issue 44 items 8 and 9).
  [
    /^The animation has too many frames: at most ([\d,]+) \(this one has ([\d,]+)\)\.$/,
    (max, n) => `इस एनिमेशन में बहुत फ़्रेम हैं: अधिकतम ${max} (इसमें ${n} हैं)।`,
  ],
  [
    /^You are already sending (\d+) images: wait until they are stored, then try again\.$/,
    (n) => `आप पहले से ${n} चित्र भेज रहे हैं: उनके सहेजे जाने तक रुकें, फिर कोशिश करें।`,
  ],
  [
    /^The image arrived too slowly \(not all of it within (\d+) s\): try again on a faster connection, or send a smaller file\.$/,
    (n) => `चित्र बहुत धीरे पहुँचा (${n} सेकंड में पूरा नहीं): तेज़ कनेक्शन पर फिर कोशिश करें, या छोटी फ़ाइल भेजें।`,
  ],
  // Breaking news, alerts, live blogs.
  [
    /^The band may say at most (\d+) characters\.$/,
    (n) => `पट्टी पर ज़्यादा से ज़्यादा ${n} अक्षर हो सकते हैं।`,
  ],
  [
    /^An alert went out a moment ago\. Try again in (\d+) minutes?\.$/,
    (n) => `अभी-अभी एक अलर्ट गया है। ${n} मिनट बाद फिर कोशिश करें।`,
  ],
  [
    /^An update may have at most (\d+) HTML tags\.$/,
    (n) => `एक अपडेट में ज़्यादा से ज़्यादा ${n} HTML टैग हो सकते हैं।`,
  ],
  [
    /^An update may nest HTML elements at most (\d+) levels deep\.$/,
    (n) => `एक अपडेट में HTML तत्व ज़्यादा से ज़्यादा ${n} स्तर तक एक-दूसरे में हो सकते हैं।`,
  ],
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
 * A server (or shared schema) message in Hindi: a known message translated (also one that names
 * something in Hindi: 'A category named "खेल" already exists.'), other text already in Hindi as
 * it is, anything else as `fallback` (the interface's "something went wrong").
 */
export function hiServerMessage(message: string, fallback: string): string {
  const said = known(message.trim());
  if (said !== undefined) return said;
  return DEVANAGARI.test(message) ? message : fallback;
}

/** Whether the table knows a message (for tests). */
export const knowsServerMessage = (message: string) => known(message) !== undefined;
