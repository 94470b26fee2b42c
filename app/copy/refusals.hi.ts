import type { Language } from '../../common/languages';
import type { Detail } from '../../common/refusals/define';
import type { RefusalTexts } from './refusals';

/*
 * Every refusal in Hindi, by code (app/copy/refusals.ts): what the API answers and what the
 * shared schemas say under a field, for `uiLanguage` = `hi` on the public forms and in the back
 * office (DECISIONS.md §18, §22). Typed by the catalogue: a code without a Hindi text here fails
 * the type check. Texts are made of the code's params, never of the English message.
 */

/**
 * A form field's name in Hindi, as the schemas name fields in their params ("name",
 * "Password", "photoUrl"), lower-cased; a field this does not know is "यह" ("this").
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
  reviewmail: 'समीक्षा ईमेल',
  description: 'विवरण',
  imageurl: 'चित्र का पता',
  imagealt: 'चित्र का विवरण',
  metatitle: 'मेटा शीर्षक',
  metadescription: 'मेटा विवरण',
  metakeywords: 'मेटा कीवर्ड',
  credit: 'श्रेय',
  title: 'शीर्षक',
  text: 'पाठ',
  body: 'पाठ',
  note: 'टिप्पणी',
  q: 'खोज',
  alt: 'चित्र का विवरण',
  caption: 'कैप्शन',
  publishedat: 'प्रकाशन का समय',
  updatedat: 'बदलाव का समय',
  expiresat: 'हटने का समय',
  since: 'समय',
  ishome: 'होम पर',
  liveblog: 'लाइव ब्लॉग',
  pinned: 'पिन',
  keyevent: 'अहम घटना',
  legacyid: 'पुरानी साइट की संख्या',
  role: 'भूमिका',
  language: 'भाषा',
  status: 'स्थिति',
  sort: 'क्रम',
  type: 'प्रकार',
  page: 'पृष्ठ संख्या',
  limit: 'सीमा',
  endpoint: 'एंडपॉइंट',
  namehi: 'हिंदी नाम',
  nameen: 'अंग्रेज़ी नाम',
};
const field = (name: string) => FIELDS[name.toLowerCase()] ?? 'यह';

/** The roles, as the server names them in params. */
const ROLES: Record<string, string> = {
  reader: 'पाठक',
  moderator: 'मॉडरेटर',
  author: 'लेखक',
  editor: 'संपादक',
  administrator: 'प्रशासक',
};
const values = (list: readonly unknown[]) =>
  list.map((v) => ROLES[String(v)] ?? String(v)).join(', ');

/** The languages' names in Hindi. */
const LANGUAGES: Record<Language, string> = {
  hi: 'हिंदी',
  en: 'अंग्रेज़ी',
  mr: 'मराठी',
  gu: 'गुजराती',
};

const firstOf = (details: readonly Detail[]) => details[0]?.text;

/** Who may do what, said once: "… केवल लेखक, संपादक और प्रशासक …". */
const AUTHORS_UP = 'केवल लेखक, संपादक और प्रशासक';
const EDITORS_UP = 'केवल संपादक और प्रशासक';

export const refusalsHi: RefusalTexts = {
  // Addresses, methods, bodies.
  'http.not_found': 'ऐसा कोई पता नहीं है।',
  'http.no_such_address': 'ऐसा कोई पता नहीं है।',
  'http.method_not_allowed': 'यह पता इस तरह का अनुरोध नहीं लेता।',
  'http.bad_json': 'अनुरोध का JSON सही नहीं है।',
  'http.empty_json': 'अनुरोध खाली है।',
  'http.length_mismatch': 'अनुरोध पूरा नहीं पहुँचा। कृपया फिर कोशिश करें।',
  'http.body_too_large': 'अनुरोध बहुत बड़ा है।',
  'http.unsupported_media_type': 'इस प्रकार की सामग्री नहीं ली जाती।',
  'http.bad_request': 'अनुरोध पढ़ा नहीं जा सका।',
  'request.unreadable': 'अनुरोध पढ़ा नहीं जा सका।',
  'request.timeout': 'अनुरोध पहुँचने में बहुत समय लगा।',
  'request.headers_too_large': 'अनुरोध के हेडर बहुत बड़े हैं।',
  'request.bad_host': 'अनुरोध सही नहीं है: होस्ट का नाम सही नहीं है।',
  // Invalid input: the answer says its first problem.
  'validation.invalid': (_, details) => {
    const first = firstOf(details);
    return first ? `अनुरोध सही नहीं है: ${first}` : 'अनुरोध सही नहीं है';
  },
  'validation.bad_text': (p) => `${field(p.field)} में नियंत्रण अक्षर या टूटा हुआ यूनिकोड पाठ नहीं हो सकता`,
  'validation.invalid_type': 'सही नहीं है',
  'validation.invalid_value': 'सही विकल्प नहीं है',
  'validation.too_small': (p) =>
    p.origin === 'string'
      ? p.minimum === 1
        ? 'यह ज़रूरी है'
        : `कम से कम ${p.minimum} अक्षर होने चाहिए`
      : `कम से कम ${p.minimum} होने चाहिए`,
  'validation.too_big': (p) =>
    p.origin === 'string'
      ? `ज़्यादा से ज़्यादा ${p.maximum} अक्षर हो सकते हैं`
      : `ज़्यादा से ज़्यादा ${p.maximum} हो सकते हैं`,
  'validation.invalid_format': (p) => (p.format === 'email' ? 'सही ईमेल पता लिखें' : 'सही रूप में नहीं है'),
  'validation.not_multiple_of': 'सही संख्या नहीं है',
  'validation.unrecognized_keys': 'अनुरोध में अनजाने फ़ील्ड हैं',
  'validation.invalid_key': 'सही नहीं है',
  'validation.invalid_element': 'सही नहीं है',
  'validation.invalid_union': 'सही नहीं है',
  'validation.custom': 'सही नहीं है',
  'validation.not_text': (p) => `${field(p.field)} पाठ होना चाहिए`,
  'validation.required': (p) => `${field(p.field)} ज़रूरी है`,
  'validation.too_short': (p) => `${field(p.field)} कम से कम ${p.minimum} अक्षरों का होना चाहिए`,
  'validation.too_long': (p) => `${field(p.field)} ज़्यादा से ज़्यादा ${p.maximum} अक्षरों का हो सकता है`,
  'validation.too_long_text': (p) => `${field(p.field)} बहुत लंबा है`,
  'validation.not_boolean': (p) => `${field(p.field)} हाँ या नहीं में होना चाहिए`,
  'validation.not_datetime': (p) => `${field(p.field)} तारीख़ और समय होना चाहिए`,
  'validation.not_number': (p) => `${field(p.field)} संख्या होनी चाहिए`,
  'validation.not_whole_number': (p) => `${field(p.field)} पूर्ण संख्या होनी चाहिए`,
  'validation.at_least': (p) => `${field(p.field)} ${p.minimum} या उससे ज़्यादा होना चाहिए`,
  'validation.at_most': (p) => `${field(p.field)} ज़्यादा से ज़्यादा ${p.maximum} हो सकता है`,
  'validation.number_too_large': (p) => `${field(p.field)} बहुत बड़ा है`,
  'validation.one_of': (p) => `${field(p.field)} इनमें से एक होना चाहिए: ${values(p.values)}`,
  'validation.not_id': 'सही पहचान चाहिए',
  'validation.email': 'सही ईमेल पता लिखें',
  // Limits, sign-in, roles, our failures.
  'rate_limit.exceeded': (p) => `बहुत ज़्यादा अनुरोध। कृपया ${p.minutes} मिनट बाद फिर कोशिश करें।`,
  'auth.signed_out': 'आप साइन इन नहीं हैं, या आपका सत्र ख़त्म हो गया है।',
  'auth.invalid_credentials': 'ईमेल या पासवर्ड सही नहीं है।',
  'auth.too_many_failures': (p) =>
    `साइन इन की बहुत ज़्यादा असफल कोशिशें। ${p.minutes} मिनट बाद फिर कोशिश करें।`,
  'events.read_forbidden': 'घटनाएँ केवल प्रशासक पढ़ सकते हैं।',
  'auth.role_required': (p) => `इसके लिए ${ROLES[p.role] ?? 'ऊँची'} या उससे ऊँची भूमिका चाहिए।`,
  'auth.cross_site': 'दूसरी साइट से आया अनुरोध अस्वीकार किया गया।',
  'metrics.local_only': 'मेट्रिक्स केवल इसी मशीन को दिखाए जाते हैं।',
  'metrics.token_required': 'मेट्रिक्स पढ़ने के लिए उसका टोकन भेजें।',
  'server.error': 'हमारी ओर से कुछ गड़बड़ हो गई। कृपया फिर कोशिश करें।',
  'server.database_away': 'साइट अभी अपने डेटाबेस तक नहीं पहुँच पा रही है। कृपया कुछ सेकंड बाद फिर कोशिश करें।',
  // What the browser says itself.
  'client.unreachable': 'सर्वर तक नहीं पहुँच सके। अपना कनेक्शन जाँचें और फिर कोशिश करें।',
  'client.request_failed': (p) => `अनुरोध पूरा नहीं हो सका (${p.status})।`,
  'client.upload_failed': (p) => `अपलोड नहीं हो सका (${p.status})।`,
  'client.upload_unreachable': 'सर्वर तक नहीं पहुँच सके।',
  'client.sign_in_again': 'कृपया फिर से साइन इन करें।',
  'client.load_not_found': (p) => `नहीं मिला (${p.status})।`,
  // Articles.
  'article.not_found': 'लेख नहीं मिला।',
  'article.legacy_unknown': 'पुरानी साइट की इस संख्या का कोई लेख नहीं है।',
  'article.old_number_invalid': 'पुरानी साइट के लेख की संख्या चाहिए।',
  'article.slug_unknown': 'इस पते का कोई लेख नहीं है।',
  'article.not_published': 'इस पहचान का कोई प्रकाशित लेख नहीं है।',
  'article.slug_taken': (p) =>
    p.slug === undefined
      ? 'यह पता कोई और लेख इस्तेमाल कर रहा है। कोई और पता चुनें।'
      : `पता “${p.slug}” कोई और लेख इस्तेमाल कर रहा है। कोई और पता चुनें।`,
  'article.slug_in_use': (p) =>
    p.free === undefined
      ? `पता “${p.slug}” कोई और लेख इस्तेमाल कर रहा है।`
      : `पता “${p.slug}” कोई और लेख इस्तेमाल कर रहा है। “${p.free}” ख़ाली है।`,
  'article.no_free_slug': 'कोई ख़ाली पता नहीं मिला; ख़ुद एक पता दें।',
  'slug.needs_latin': 'पते में कम से कम एक अक्षर या अंक होना चाहिए।',
  'article.legacy_id_taken': 'पुरानी साइट की यही संख्या किसी और लेख की है।',
  'article.stale':
    'आपके खोलने के बाद किसी और ने यह लेख सहेजा। उनके बदलाव देखने के लिए इसे फिर से लोड करें, फिर अपने बदलाव दोबारा करें।',
  'article.legacy_id_forbidden': 'पुरानी साइट की संख्या केवल संपादक और प्रशासक रख सकते हैं।',
  'article.past_date_forbidden': 'बीती हुई प्रकाशन तिथि केवल संपादक और प्रशासक रख सकते हैं।',
  'article.write_forbidden': `लेख ${AUTHORS_UP} लिख सकते हैं।`,
  'article.change_forbidden': `लेख ${AUTHORS_UP} बदल सकते हैं।`,
  'article.delete_forbidden': `लेख ${AUTHORS_UP} हटा सकते हैं।`,
  'article.preview_forbidden': `लेख का पूर्वावलोकन ${AUTHORS_UP} देख सकते हैं।`,
  'article.tag_forbidden': `लेखों पर टैग ${AUTHORS_UP} लगा सकते हैं।`,
  'article.not_own': 'लेखक केवल अपने लेख बदल और हटा सकते हैं।',
  'article.byline_forbidden': 'लेखक केवल अपने नाम से प्रकाशित कर सकते हैं।',
  'article.review_required': 'इस साइट पर संपादक प्रकाशित करते हैं: इसके बजाय लेख समीक्षा के लिए भेजें।',
  'article.author_not_first': 'मुख्य लेखक को लेखकों की सूची में पहले आना चाहिए।',
  'article.author_cannot_write': 'लेखक ऐसा उपयोगकर्ता होना चाहिए जो लिख सकता हो।',
  'article.category_unknown': 'यह श्रेणी मौजूद नहीं है।',
  'article.image_to_publish': 'प्रकाशित या अनुसूचित करने के लिए चित्र ज़रूरी है: पहले चित्र अपलोड करें',
  'article.description_too_long': (p) => `साफ़ करने के बाद पाठ बहुत लंबा है (अधिकतम ${p.maximum} अक्षर)`,
  'article.description_too_slow': (p) =>
    `पाठ साफ़ करने में बहुत समय लगा (${p.seconds} सेकंड से ज़्यादा): इसकी बनावट सरल करें`,
  'article.language_in_group': (p) =>
    `इस ख़बर का ${LANGUAGES[p.language]} संस्करण उसके अनुवादों में पहले से है: कोई और भाषा चुनें, या पहले इसे उसके अनुवादों से अलग करें।`,
  'article.translation_self': 'कोई लेख अपना ही अनुवाद नहीं हो सकता।',
  'article.translation_unknown': 'यह अनुवाद मौजूद नहीं है।',
  'article.translation_same_language': (p) =>
    `अनुवाद दूसरी भाषा में होना चाहिए: दोनों ${LANGUAGES[p.language]} में हैं।`,
  'article.time_needs_publish': 'समय केवल प्रकाशित या अनुसूचित करते समय दिया जाता है।',
  'article.note_needs_draft': 'टिप्पणी केवल लेख को मसौदे में लौटाते समय दी जाती है।',
  'article.note_forbidden': 'टिप्पणी के साथ लेख केवल संपादक और प्रशासक लौटाते हैं।',
  'revision.not_found': 'संशोधन नहीं मिला।',
  'revision.not_restorable': (_, details) =>
    `यह संशोधन जैसा है वैसा बहाल नहीं हो सकता: ${details.map((d) => d.text).join('; ')}।`,
  'preview.expired': 'इस पूर्वावलोकन लिंक की अवधि ख़त्म हो गई है, या इसका लेख हटा दिया गया।',
  'article.status_invalid': 'स्थिति मसौदा, समीक्षा बाक़ी या प्रकाशित में से एक होनी चाहिए',
  'article.access_invalid': 'पहुँच सबके लिए, सदस्यों के लिए या भुगतान वाले सदस्यों के लिए में से एक होनी चाहिए',
  'article.image_url_invalid': 'चित्र का पता अपलोड किया गया चित्र या https पता होना चाहिए',
  'article.too_many_html_tags': (p) => `पाठ में बहुत ज़्यादा HTML टैग हैं (अधिकतम ${p.maximum})`,
  'article.html_too_deep': (p) =>
    `पाठ में HTML तत्व बहुत गहराई तक एक-दूसरे में हैं (अधिकतम ${p.maximum} स्तर)`,
  'article.byline_not_id': 'हर लेखक किसी उपयोगकर्ता की पहचान होना चाहिए',
  'article.bylines_not_list': 'लेखक उपयोगकर्ताओं की पहचानों की सूची होने चाहिए',
  'article.too_many_bylines': (p) => `एक लेख के ज़्यादा से ज़्यादा ${p.maximum} लेखक हो सकते हैं`,
  'tag.not_text': 'टैग पाठ होना चाहिए',
  'tag.empty': 'टैग खाली नहीं हो सकता',
  'tag.too_long': (p) => `टैग ज़्यादा से ज़्यादा ${p.maximum} अक्षरों का हो सकता है`,
  'tag.no_address': 'टैग में ऐसा अक्षर या अंक होना चाहिए जिससे उसका पता बन सके',
  'article.tags_not_list': 'टैग पाठों की सूची होने चाहिए',
  'article.too_many_tags': (p) => `एक लेख पर ज़्यादा से ज़्यादा ${p.maximum} टैग हो सकते हैं`,
  'search.query_required': 'लिखें कि क्या खोजना है',
  'search.query_empty': 'खोजने के लिए कुछ लिखें।',
  'search.query_too_long': (p) => `खोज ज़्यादा से ज़्यादा ${p.maximum} अक्षरों की हो सकती है।`,
  // Live blogs, the breaking-news band, alerts.
  'live.not_live': 'यह लेख लाइव ब्लॉग नहीं है: अपडेट जोड़ने से पहले लाइव कवरेज चालू करें।',
  'live.entry_not_found': 'लाइव अपडेट नहीं मिला।',
  'live.body_empty': 'अपडेट लिखें: पाठ खाली है।',
  'live.body_too_long': (p) => `एक अपडेट ज़्यादा से ज़्यादा ${p.maximum} अक्षरों का हो सकता है।`,
  'live.too_many_html_tags': (p) => `एक अपडेट में ज़्यादा से ज़्यादा ${p.maximum} HTML टैग हो सकते हैं।`,
  'live.html_too_deep': (p) =>
    `एक अपडेट में HTML तत्व ज़्यादा से ज़्यादा ${p.maximum} स्तर तक एक-दूसरे में हो सकते हैं।`,
  'live.nothing_to_change': 'बदलने के लिए पाठ, पिन या अहम घटना दें।',
  'breaking.text_required': 'पट्टी का पाठ ज़रूरी है',
  'breaking.text_empty': 'लिखें कि पट्टी पर क्या हो।',
  'breaking.text_too_long': (p) => `पट्टी पर ज़्यादा से ज़्यादा ${p.maximum} अक्षर हो सकते हैं।`,
  'breaking.expiry_past': 'हटने का समय आगे का होना चाहिए।',
  'breaking.set_forbidden': `पट्टी ${EDITORS_UP} लगा सकते हैं।`,
  'breaking.remove_forbidden': `पट्टी ${EDITORS_UP} हटा सकते हैं।`,
  'push.endpoint_not_https': 'एंडपॉइंट https: पता होना चाहिए',
  'push.keys_required': 'ब्राउज़र की कुंजियाँ ज़रूरी हैं',
  'push.key_required': 'ब्राउज़र की कुंजी ज़रूरी है',
  'push.key_invalid': 'ब्राउज़र की कुंजी सही नहीं है',
  'push.endpoint_no_address': 'एंडपॉइंट के होस्ट का कोई पता नहीं है।',
  'push.endpoint_private': 'एंडपॉइंट सार्वजनिक पता होना चाहिए, निजी या स्थानीय नहीं।',
  'push.key_not_on_curve': 'ब्राउज़र की सार्वजनिक कुंजी सही नहीं है।',
  'push.subscription_unknown': 'इस एंडपॉइंट की कोई सदस्यता नहीं है।',
  'push.alert_not_found': 'इस पहचान का कोई अलर्ट नहीं है।',
  'push.alert_too_soon': (p) => `अभी-अभी एक अलर्ट गया है। ${p.minutes} मिनट बाद फिर कोशिश करें।`,
  'push.send_forbidden': `अलर्ट ${EDITORS_UP} भेजते हैं।`,
  'push.alerts_forbidden': `अलर्ट ${EDITORS_UP} देखते हैं।`,
  // Keys for apps and partners, the read API, webhooks (issue 41).
  'api_key.invalid': 'API कुंजी अज्ञात है या रद्द की जा चुकी है।',
  'api_key.forbidden': 'API कुंजियाँ केवल प्रशासक संभालते हैं।',
  'api_key.not_found': 'ऐसी कोई API कुंजी नहीं है।',
  'api_key.name_required': 'नाम ज़रूरी है: कुंजी किस काम की है',
  'api_key.name_too_long': (p) => `नाम ज़्यादा से ज़्यादा ${p.maximum} अक्षरों का हो सकता है।`,
  'api_key.scope_unknown': 'अनुमतियाँ इनमें से होनी चाहिए: content:read',
  'api_key.rate_limit_invalid': (p) => `दर सीमा 1 से ${p.maximum} तक की पूर्ण संख्या होनी चाहिए।`,
  'webhook.forbidden': 'वेबहुक केवल प्रशासक संभालते हैं।',
  'webhook.not_found': 'ऐसा कोई वेबहुक नहीं है।',
  'webhook.delivery_not_found': 'इस वेबहुक की ऐसी कोई डिलीवरी नहीं है।',
  'webhook.url_invalid': 'पता http: या https: वाला होना चाहिए।',
  'webhook.url_private': 'वेबहुक का पता सार्वजनिक होना चाहिए, निजी या स्थानीय नहीं।',
  'fediverse.forbidden': 'फ़ेडिवर्स के फ़ॉलोअर केवल प्रशासक देखते हैं।',
  'webhook.url_no_address': 'वेबहुक के पते के होस्ट का कोई पता नहीं है।',
  'webhook.events_required': 'कम से कम एक घटना चुनें।',
  'webhook.event_unknown': (p) => `घटनाएँ इनमें से होनी चाहिए: ${p.events}`,
  'webhook.description_too_long': (p) => `विवरण ज़्यादा से ज़्यादा ${p.maximum} अक्षरों का हो सकता है।`,
  // Plans and payments (issue 39 item 4).
  'plan.forbidden': 'प्लान केवल प्रशासक संभालते हैं।',
  'plan.not_found': 'ऐसा कोई प्लान नहीं है।',
  'plan.inactive': 'यह प्लान अब उपलब्ध नहीं है।',
  'plan.id_invalid': 'planId किसी प्लान की पहचान होनी चाहिए।',
  'plan.name_required': 'नाम ज़रूरी है: पाठक प्लान को इसी नाम से देखेंगे।',
  'plan.name_too_long': (p) => `नाम ज़्यादा से ज़्यादा ${p.maximum} अक्षरों का हो सकता है।`,
  'plan.interval_invalid': 'अवधि month या year होनी चाहिए।',
  'plan.amount_invalid':
    'राशि मुद्रा की सबसे छोटी इकाई (INR के लिए पैसे) में 1 या उससे बड़ी पूर्ण संख्या होनी चाहिए।',
  'plan.currency_invalid': 'मुद्रा तीन अक्षरों का ISO 4217 कोड होनी चाहिए, जैसे INR।',
  'plan.trial_days_invalid': (p) => `ट्रायल के दिन 0 से ${p.maximum} तक की पूर्ण संख्या होने चाहिए।`,
  'plan.access_invalid': 'पहुँच members या paid होनी चाहिए।',
  'plan.active_invalid': 'active का मान true या false होना चाहिए।',
  'plan.includes_invalid': 'includes में केवल epaper हो सकता है।',
  'plan.epaper_days_invalid': (p) =>
    `epaperDays 1 से ${p.maximum} तक की पूर्ण संख्या हो, या हर अंक के लिए null।`,
  'payment.provider_invalid': 'प्रदाता razorpay या stripe होना चाहिए।',
  'payment.provider_unavailable': (p) => `इस साइट पर ${p.provider} से भुगतान चालू नहीं है।`,
  'payment.provider_unreachable':
    'भुगतान प्रदाता ने ठीक से जवाब नहीं दिया। कुछ नहीं कटा; थोड़ी देर में फिर कोशिश करें।',
  'payment.signature_invalid': 'वेबहुक का हस्ताक्षर उसके मुख्य भाग से मेल नहीं खाता: कुछ नहीं बदला।',
  'payment.event_invalid': 'वेबहुक का मुख्य भाग इस प्रदाता की कोई घटना नहीं है: कुछ नहीं बदला।',
  'membership.none': 'आपकी कोई सदस्यता नहीं है जिसे रद्द किया जाए।',
  'member.forbidden': 'सदस्यताएँ केवल प्रशासक देखते और देते हैं।',
  'member.user_not_found': 'ऐसा कोई व्यक्ति नहीं है।',
  'member.complimentary_none': 'इस व्यक्ति की कोई मानार्थ सदस्यता चालू नहीं है: कुछ समाप्त नहीं हुआ।',
  'member.until_invalid': 'until आगे आने वाली कोई तारीख़ और समय होना चाहिए।',
  'member.status_invalid': 'स्थिति active, trialing, past_due, cancelled या none होनी चाहिए।',
  // Accounts, invitations, password resets.
  'user.not_found': 'ऐसा कोई उपयोगकर्ता नहीं है।',
  'user.email_taken': 'इस ईमेल से पहले से एक खाता है। इसके बजाय साइन इन करें।',
  'user.invited_email_taken':
    'इस ईमेल से पहले से एक खाता है: इसके बजाय उपयोगकर्ताओं की सूची में उसकी भूमिका बदलें।',
  'user.slug_taken': (p) => `पता “${p.slug}” कोई दूसरा लेखक इस्तेमाल कर रहा है। कोई और पता चुनें।`,
  'user.wrong_password': 'आपका मौजूदा पासवर्ड सही नहीं है।',
  'user.last_admin': 'साइट को कम से कम एक प्रशासक चाहिए: पहले किसी और को प्रशासक बनाएँ।',
  'user.invite_forbidden': 'लोगों को केवल प्रशासक आमंत्रित करते हैं।',
  'user.current_password_needed': 'नया पासवर्ड रखने के लिए मौजूदा पासवर्ड लिखें।',
  'user.nothing_to_change': 'बदलने को कुछ नहीं है: नया नाम या नया पासवर्ड दें',
  'user.profile_unchanged': 'बदलने को कुछ नहीं है: नया नाम, पता, परिचय या फ़ोटो दें',
  'user.photo_url_invalid':
    'फ़ोटो का पता इस साइट पर अपलोड की गई तस्वीर, https पता या खाली होना चाहिए',
  'invitation.unknown': 'यह निमंत्रण लिंक सही नहीं है। किसी प्रशासक से नया निमंत्रण माँगें।',
  'invitation.used': 'यह निमंत्रण पहले ही इस्तेमाल हो चुका है। इसके बजाय साइन इन करें।',
  'invitation.expired': 'इस निमंत्रण की अवधि ख़त्म हो गई है। किसी प्रशासक से नया निमंत्रण माँगें।',
  'reset.unknown': 'पासवर्ड बदलने का यह लिंक सही नहीं है। नया लिंक माँगें।',
  'reset.used': 'पासवर्ड बदलने का यह लिंक पहले ही इस्तेमाल हो चुका है। नया लिंक माँगें।',
  'reset.expired': 'पासवर्ड बदलने के इस लिंक की अवधि ख़त्म हो गई है। नया लिंक माँगें।',
  'email_link.code_format': 'कोड मेल में दिए छह अंक हैं।',
  'email_link.wrong_code': 'यह कोड सही नहीं है, या इसकी मियाद निकल गई है। मेल देखें, या नया माँगें।',
  'email_link.unknown': 'साइन-इन का यह लिंक मान्य नहीं है। नया लिंक माँगें।',
  'email_link.used': 'साइन-इन का यह लिंक पहले ही इस्तेमाल हो चुका है। नया लिंक माँगें।',
  'email_link.expired': 'साइन-इन के इस लिंक की मियाद निकल गई है। नया लिंक माँगें।',
  'email_link.sent': 'साइन-इन का एक लिंक और एक कोड इस पते पर भेजे जा रहे हैं। ये एक बार, 15 मिनट तक चलेंगे।',
  'email_link.no_mail': 'यह साइट ईमेल नहीं भेजती: अपने पासवर्ड से साइन इन करें।',
  'link.incomplete': 'यह लिंक अधूरा है: पूरा लिंक कॉपी करें',
  'reset.requested':
    'अगर इस पते से कोई खाता है, तो नया पासवर्ड चुनने का लिंक भेजा जा रहा है। यह 60 मिनट तक चलेगा।',
  'reset.no_mail': 'यह साइट ईमेल नहीं भेजती: किसी प्रशासक से अपना नया पासवर्ड रखने को कहें।',
  'session.signed_out_everywhere': 'आप हर डिवाइस से साइन आउट हो गए।',
  'session.ended': 'वह सत्र समाप्त हो गया।',
  'session.others_ended': 'बाकी सभी सत्र समाप्त हो गए।',
  'session.not_found': 'ऐसा कोई सत्र नहीं है: हो सकता है वह पहले ही समाप्त हो चुका हो।',
  'newsletter.not_found': 'ऐसा कोई न्यूज़लेटर नहीं है।',
  'newsletter.unknown': 'इनमें से कोई न्यूज़लेटर मौजूद नहीं है या बंद हो गया है: पन्ना फिर से खोलकर दोबारा चुनें।',
  'newsletter.time_invalid': 'समय 24 घंटे की घड़ी में घंटे:मिनट हो, जैसे 07:30।',
  // A reader's own data, and the subscribers' CSV import (issue 37 items 5 and 6).
  'account.proof_required': 'खाता हटाने के लिए अपना पासवर्ड, या हमारे मेल से आया कोड लिखें।',
  'account.delete_code_invalid': 'यह कोड सही नहीं है या इसकी अवधि ख़त्म हो गई है। नया कोड माँगें।',
  'account.last_admin': 'आप साइट के आख़िरी प्रशासक हैं: अपना खाता हटाने से पहले किसी और को प्रशासक बनाएँ।',
  'account.delete_code_sent': (p) =>
    `आपके ईमेल पते पर एक कोड भेजा जा रहा है। यह एक बार, ${p.minutes} मिनट तक चलेगा।`,
  'account.deleted': 'आपका खाता और उसका डेटा हटा दिया गया है। हमारी ओर से अब कोई मेल नहीं आएगा।',
  // Single sign-on (common/refusals/sso.ts).
  'sso.off': 'इस साइट पर संस्था के खाते से साइन इन की व्यवस्था नहीं है।',
  'sso.domain':
    'संस्था के इस खाते की यहाँ पहुँच नहीं है: इसका ई-मेल डोमेन इस साइट की सूची में नहीं है। साइट के एडमिनिस्ट्रेटर से पूछें।',
  'sso.unverified': 'आपकी संस्था ने यह ई-मेल पता पक्का नहीं किया, इसलिए उससे यहाँ साइन इन नहीं हो सकता।',
  'sso.address':
    'आपकी संस्था ने आपका ई-मेल पता यहाँ के खाते से अलग रूप में दिया (बड़े-छोटे अक्षर अलग हैं)। साइट के एडमिनिस्ट्रेटर से पूछें।',
  'sso.failed': 'संस्था के खाते से साइन इन पूरा नहीं हुआ। फिर कोशिश करें।',
  'sso.unreachable':
    'आपकी संस्था की साइन-इन सेवा तक पहुँच नहीं हो सकी। फिर कोशिश करें, या अपने पासवर्ड से साइन इन करें।',
  'comment.not_found': 'ऐसी कोई टिप्पणी नहीं है।',
  'comment.banned': (p) => `आप यहाँ टिप्पणी नहीं कर सकते: ${p.reason}`,
  'comment.already_reported': 'आप इस टिप्पणी की शिकायत पहले ही कर चुके हैं।',
  'gift.free': 'यह कहानी मुफ़्त में पढ़ी जा सकती है: इसके लिए उपहार लिंक की ज़रूरत नहीं।',
  'gift.forbidden': 'यह कहानी केवल वही सदस्य उपहार में दे सकता है जिसकी सदस्यता इसे खोलती है।',
  'gift.not_found': 'आपने ऐसा कोई उपहार लिंक नहीं दिया।',
  'gift.limit': (p) =>
    `आप इस महीने ${p.limit} कहानियाँ उपहार में दे चुके हैं, जो एक महीने की सीमा है। अगले महीने फिर दे सकेंगे।`,
  'comment.ban_staff': 'टिप्पणी से केवल पाठकों को रोका जा सकता है, न्यूज़रूम के सदस्यों को नहीं।',
  'comment.unconfirmed': 'टिप्पणी से पहले अपना ई-मेल पता पक्का करें: उस पर भेजे गए लिंक से एक बार साइन इन करें।',
  'comment.closed': 'इस ख़बर पर टिप्पणियाँ बंद हैं।',
  'comment.not_yours': 'आप केवल अपनी टिप्पणियाँ बदल या हटा सकते हैं।',
  'comment.edit_window': (p) => `टिप्पणी लिखने के बाद केवल पहले ${p.minutes} मिनट में बदली जा सकती है।`,
  'comment.parent_invalid':
    'आप इसी ख़बर की किसी दिखाई गई टिप्पणी का ही जवाब दे सकते हैं, किसी जवाब का नहीं।',
  'comment.too_fast': (p) =>
    `आपने पिछले एक मिनट में ${p.count} टिप्पणियाँ लिखी हैं: अगली से पहले एक मिनट रुकें।`,
  'settings.oidc_domain': 'ई-मेल का डोमेन होना चाहिए, जैसे example.org',
  'settings.oidc_incomplete':
    'सिंगल साइन-ऑन के लिए इश्यूअर, क्लाइंट आईडी, क्लाइंट सीक्रेट और बटन का नाम चाहिए।',
  'settings.oidc_unreachable': 'इश्यूअर तक पहुँच नहीं हुई, या वह ओपनआईडी प्रोवाइडर नहीं है: उसका पता जाँचें।',
  'settings.oidc_private':
    'इश्यूअर निजी या स्थानीय पते पर है, जिसे यह सर्वर नहीं बुलाता (OIDC_ALLOW_PRIVATE)।',
  'settings.secrets_key_missing':
    'क्लाइंट सीक्रेट रखा नहीं जा सकता: सर्वर के पास SECRETS_KEY नहीं है। साइट चलाने वाले से पूछें।',
  'subscribers.no_file': 'सूची को CSV फ़ाइल के रूप में फ़ील्ड "file" में भेजें।',
  'subscribers.csv_unreadable': (p) => `यह फ़ाइल पढ़ने लायक CSV नहीं है (पंक्ति ${p.line})।`,
  'subscribers.csv_no_email': 'पहली पंक्ति में कॉलमों के नाम हों, उनमें से एक "email"।',
  // Categories and settings.
  'category.not_found': 'श्रेणी नहीं मिली।',
  'category.slug_needs_latin': 'श्रेणी को लैटिन अक्षरों या अंकों वाला स्लग दें।',
  'category.slug_uncategorised': (p) =>
    `“${p.slug}” पर बिना श्रेणी वाले लेख रहते हैं; कोई और स्लग चुनें, जैसे “${p.slug}-news”।`,
  'category.slug_reserved': (p) => `“${p.slug}” साइट ख़ुद इस्तेमाल करती है; कोई और स्लग चुनें।`,
  'category.name_taken': (p) => `“${p.name}” नाम की श्रेणी पहले से है।`,
  'category.slug_taken': (p) => `स्लग “${p.slug}” वाली श्रेणी पहले से है।`,
  'category.own_parent': 'कोई श्रेणी अपनी ही मूल श्रेणी नहीं हो सकती।',
  'category.parent_unknown': 'यह मूल श्रेणी मौजूद नहीं है।',
  'category.parent_nested': (p) =>
    `“${p.parent}” ख़ुद ${p.grandparent ? `“${p.grandparent}”` : 'किसी और श्रेणी'} के अंदर है: खंड एक ही स्तर तक जाते हैं, इसलिए ऊपरी स्तर की कोई श्रेणी चुनें।`,
  'category.sections_cannot_nest': (p) =>
    `“${p.name}” के अपने खंड हैं (${p.sections.join(', ')}): खंडों वाली श्रेणी किसी और श्रेणी के अंदर नहीं रखी जा सकती।`,
  'category.feeds_home': (p) =>
    `श्रेणी “${p.name}” होम पेज के एक खंड में दिखती है। पहले सेटिंग्स में होम के दूसरे खंड चुनें।`,
  'category.has_articles': (p) =>
    p.count === 1
      ? `श्रेणी “${p.name}” में अभी 1 लेख है। पहले उसे दूसरी श्रेणी में ले जाएँ या हटाएँ।`
      : `श्रेणी “${p.name}” में अभी ${p.count} लेख हैं। पहले उन्हें दूसरी श्रेणी में ले जाएँ या हटाएँ।`,
  'category.has_articles_now': (p) =>
    `श्रेणी “${p.name}” में अभी लेख हैं। पहले उन्हें दूसरी श्रेणी में ले जाएँ या हटाएँ।`,
  'category.has_sections': (p) =>
    `श्रेणी “${p.name}” के अंदर खंड हैं (${p.sections.join(', ')})। पहले उन्हें किसी और श्रेणी में या ऊपरी स्तर पर ले जाएँ।`,
  'settings.category_unknown': (p) =>
    `किसी श्रेणी का स्लग ${p.slugs.map((s) => `“${s}”`).join(', ')} नहीं है।`,
  'settings.http_address': 'http(s) पता या खाली होना चाहिए',
  'settings.path_or_https': 'इस साइट का पथ या https पता होना चाहिए',
  'settings.uploaded_image': 'इस साइट पर अपलोड किए गए चित्र का पता (/media/…) या खाली होना चाहिए',
  'settings.x_account': 'X का खाता (जैसे @patrika) या खाली होना चाहिए',
  'settings.time_zone': 'समय क्षेत्र का नाम होना चाहिए, जैसे Asia/Kolkata',
  'settings.fediverse_handle': 'छोटे अंग्रेज़ी अक्षर, अंक या अंडरस्कोर, 1 से 30 तक, जैसे patrika',
  // Images.
  'media.not_multipart': 'चित्र फ़ाइल के रूप में भेजें (multipart/form-data, फ़ील्ड "file")।',
  'media.multipart_incomplete': 'अपलोड पूरा नहीं पहुँचा। कृपया फिर कोशिश करें।',
  'media.no_file': 'कोई चित्र नहीं मिला: उसे फ़ील्ड "file" में भेजें।',
  'media.too_large': 'फ़ाइल बहुत बड़ी है।',
  'media.unsupported_type': 'केवल JPEG, PNG, WebP, AVIF और GIF चित्र अपलोड हो सकते हैं।',
  'media.unreadable': 'यह फ़ाइल पढ़ने लायक चित्र नहीं है।',
  'media.too_many_pixels': (p) =>
    `चित्र बहुत बड़ा है: अधिकतम ${p.megapixels} मेगापिक्सेल (यह ${p.width}×${p.height} पिक्सेल का है)।`,
  'media.side_too_long': (p) =>
    `चित्र बहुत बड़ा है: हर ओर अधिकतम ${p.maximum.toLocaleString('en-IN')} पिक्सेल (यह ${p.width}×${p.height} पिक्सेल का है)।`,
  'media.decode_too_slow': (p) =>
    `चित्र खोलने में बहुत समय लगा (${p.seconds} सेकंड से ज़्यादा): इसे छोटे आकार में फिर से सहेजें।`,
  'media.too_many_frames': (p) =>
    `एनिमेशन में बहुत ज़्यादा फ़्रेम हैं: अधिकतम ${p.maximum.toLocaleString('en-IN')} (इसमें ${p.frames.toLocaleString('en-IN')} हैं)।`,
  'media.upload_too_slow': (p) =>
    `चित्र बहुत धीरे पहुँचा (${p.seconds} सेकंड में पूरा नहीं): तेज़ कनेक्शन पर फिर कोशिश करें, या छोटी फ़ाइल भेजें।`,
  'media.uploads_busy': (p) => `आप पहले से ${p.count} चित्र भेज रहे हैं: उनके सहेजे जाने तक रुकें, फिर कोशिश करें।`,
  'media.storage_full': 'मीडिया भंडार भर गया है।',
  'media.not_in_library': 'मीडिया लाइब्रेरी में ऐसा कोई चित्र नहीं है।',
  'media.upload_forbidden': `चित्र ${AUTHORS_UP} अपलोड कर सकते हैं।`,
  'media.library_forbidden': `यह ${AUTHORS_UP} कर सकते हैं।`,
  'media.list_forbidden': `मीडिया ${AUTHORS_UP} देख सकते हैं।`,
  'media.edit_not_own': 'लेखक केवल अपने अपलोड किए चित्रों के पाठ बदल सकते हैं।',
  'media.delete_not_own': 'लेखक केवल अपने अपलोड किए चित्र हटा सकते हैं।',
  'media.in_use': (p) => {
    const where = [
      p.articles > 0 ? `${p.articles} लेख` : '',
      p.live ? `${p.live} लेखों के लाइव अपडेट` : '',
      p.history ? `${p.history} लेखों के पुराने संस्करण` : '',
      p.people ? `${p.people} लोगों की फ़ोटो` : '',
      p.ads ? `${p.ads} घरेलू विज्ञापन` : '',
      p.settings.length > 0 ? `साइट की सेटिंग्स (${p.settings.join(', ')})` : '',
    ].filter(Boolean);
    return `यह चित्र इस्तेमाल में है (${where.join(', ')}), इसलिए हटाया नहीं गया। पहले वहाँ इसे बदलें।`;
  },
  'media.came_into_use': 'हटाते समय यह चित्र इस्तेमाल में आ गया, इसलिए रखा गया।',
  'media.month_invalid': 'महीना 2026-03 जैसा होना चाहिए',
  'media.nothing_to_change': 'चित्र का विवरण, कैप्शन या दोनों भेजें।',
  'media.file_not_found': 'ऐसी कोई फ़ाइल नहीं है।',
  'tag.not_found': 'टैग नहीं मिला।',
  'tag.change_forbidden': 'टैग केवल संपादक और प्रशासक बदल सकते हैं।',
  'tag.address_taken': (p) =>
    `एक और टैग, “${p.owner}”, के पास पहले से “${p.name}” का पता है (/tag/${p.slug})।`,
  'article.translation_not_yours':
    'इस कहानी का इस भाषा में एक संस्करण किसी और लेखक का है: उसकी जगह यह संस्करण केवल उसके लेखक या कोई संपादक रख सकते हैं।',
  'article.translation_still_published':
    'इस भाषा में कहानी का संस्करण प्रकाशित है: यह संस्करण प्रकाशित होने पर ही उसकी जगह ले सकता है।',
  'author.not_found': 'लेखक नहीं मिला।',
  'sitemap.not_found': 'ऐसा कोई साइटमैप नहीं है।',
  // Two-step sign-in (common/refusals/second-factors.ts).
  'auth.second_factor_required':
    'यह साइट आपकी भूमिका के लिए दो-चरणीय साइन इन माँगती है: पहले अपनी प्रोफ़ाइल पर इसे चालू करें।',
  'auth.invalid_code': 'यह कोड सही नहीं है। अपने ऑथेंटिकेटर ऐप में अभी दिख रहा कोड या कोई रिकवरी कोड लिखें।',
  'auth.second_step_expired': 'इस साइन इन में कोड आने में बहुत देर हो गई। अपने पासवर्ड से फिर से साइन इन करें।',
  'totp.unavailable': 'ऑथेंटिकेटर कोड चालू नहीं हो सकते: सर्वर पर SECRETS_KEY नहीं है। साइट चलाने वाले से कहें।',
  'totp.not_started': 'पहले ऑथेंटिकेटर कोड चालू करना शुरू करें: कोई सेटअप कोड की राह नहीं देख रहा।',
  'totp.already_on': 'ऑथेंटिकेटर कोड पहले से चालू हैं। फिर से सेट करने के लिए पहले उन्हें बंद करें।',
  'totp.not_on': 'आपके खाते के लिए ऑथेंटिकेटर कोड चालू नहीं हैं।',
  'totp.wrong_code': 'यह कोड सही नहीं है। अपने ऑथेंटिकेटर ऐप में अभी दिख रहा कोड लिखें।',
  'totp.turned_off': 'दो-चरणीय साइन इन बंद है।',
  'auth.reauth_required':
    'पासकी जोड़ने या ऑथेंटिकेटर कोड चालू करने के लिए अपना मौजूदा पासवर्ड (या ऑथेंटिकेटर ऐप का कोड) दें।',
  'auth.reauth_failed': 'यह पासवर्ड या कोड सही नहीं है, इसलिए कुछ नहीं जोड़ा गया।',
  'passkey.refused':
    'यह पासकी नहीं जुड़ पाई: अनुरोध में बहुत देर हुई या वह किसी दूसरी साइट से आया। फिर से कोशिश करें।',
  'passkey.already_added': 'यह पासकी पहले से यहाँ के किसी खाते पर है।',
  'passkey.not_found': 'आपकी ऐसी कोई पासकी नहीं है।',
  'passkey.removed': 'पासकी हटा दी गई।',
  'auth.passkey_refused':
    'इस पासकी से साइन इन नहीं हुआ: यह यहाँ के किसी खाते पर नहीं है, या साइन इन में बहुत देर हुई। फिर से कोशिश करें।',
  'settings.second_factor_first':
    'अपनी भूमिका के लिए इसे ज़रूरी करने से पहले (अपनी प्रोफ़ाइल पर) अपना दो-चरणीय साइन इन चालू करें।',
  // Ads (common/refusals/ads.ts).
  'settings.ads_network_code': 'गूगल ऐड मैनेजर को उसका नेटवर्क कोड चाहिए: केवल अंक, जैसे 21700000',
  'settings.ads_client_id': 'गूगल ऐडसेंस को उसकी क्लाइंट आईडी चाहिए, जैसे ca-pub-1234567890123456',
  'settings.ads_slots_format': (p) =>
    `यह पंक्ति कोई स्लॉट नहीं है: “${p.line}”। पहले जगह, फिर आकार लिखें, जैसे “header: 0=320x50, 768=728x90”; कहानी के बीच के स्लॉट में जगह के बाद “after 2”, कार्डों के बीच के स्लॉट में “every 3”।`,
  'ads.forbidden': 'घरेलू विज्ञापन केवल संपादक और प्रशासक संभालते हैं।',
  'ads.not_found': 'ऐसा कोई घरेलू विज्ञापन नहीं है।',
  'ads.name_required': 'नाम ज़रूरी है: विज्ञापन को क्या कहें',
  'ads.name_too_long': (p) => `नाम ज़्यादा से ज़्यादा ${p.maximum} अक्षरों का हो सकता है।`,
  'ads.image_required': 'मीडिया लाइब्रेरी का कोई चित्र चुनें।',
  'ads.image_unknown': 'मीडिया लाइब्रेरी में इस आईडी का कोई चित्र नहीं है।',
  'ads.link_invalid': 'लिंक http: या https: पता होना चाहिए।',
  'ads.alt_required':
    'विवरण ज़रूरी है (अधिकतम 200 अक्षर): जो पाठक चित्र नहीं देख सकते, उनके लिए विज्ञापन क्या कहता है',
  'ads.position_unknown':
    'जगहें इनमें से होनी चाहिए: header, in-article, between-cards, sidebar, sticky-footer',
  'ads.weight_invalid': 'वज़न 1 से 100 तक की पूर्ण संख्या होना चाहिए।',
  'ads.date_invalid': 'तारीख़ और समय उसके ऑफ़सेट के साथ होने चाहिए (ISO 8601)।',
  'ads.window_invalid': 'ख़त्म होने का समय शुरू होने के समय के बाद होना चाहिए।',
  'correction.not_text': 'सुधार पाठ होना चाहिए',
  'correction.empty': 'सुधार के लिए पाठकों को दिखने वाला नोट चाहिए।',
  'correction.too_long': (p) => `सुधार का नोट अधिकतम ${p.maximum} अक्षरों का हो सकता है।`,
  'correction.not_published': 'केवल प्रकाशित ख़बर में सुधार हो सकता है; इसे बिना सुधार के सहेजें।',
  'note.not_found': 'इस लेख पर ऐसा कोई नोट नहीं है।',
  'note.empty': 'नोट में कुछ लिखें।',
  'note.too_long': (p) => `नोट अधिकतम ${p.maximum} अक्षरों का हो सकता है।`,
  'note.quote_missing': 'नोट किसी अंश पर होता है: पहले कुछ पाठ चुनें।',
  'edition.not_found': 'संस्करण नहीं मिला।',
  'edition.slug_invalid': 'संस्करण को लैटिन अक्षरों, अंकों और हाइफ़न का स्लग दें।',
  'edition.slug_taken': (p) => `उसी जगह स्लग “${p.slug}” वाला संस्करण पहले से है।`,
  'edition.parent_unknown': 'यह मूल संस्करण मौजूद नहीं है।',
  'edition.kind_mismatch': (p) =>
    p.parent === 'none'
      ? 'केवल राष्ट्रीय संस्करण बिना मूल संस्करण के होता है; बाक़ी सबको एक मूल संस्करण चाहिए।'
      : 'यह संस्करण इस मूल संस्करण के नीचे नहीं रखा जा सकता: राज्य राष्ट्रीय संस्करण के नीचे, शहर राज्य के नीचे और क़स्बा शहर के नीचे जाता है।',
  'edition.national_fixed':
    'राष्ट्रीय संस्करण ठीक एक ही होता है: उसे हटाया, खिसकाया या दूसरी क़िस्म का नहीं बनाया जा सकता, और दूसरा नहीं बनाया जा सकता।',
  'edition.has_children': (p) =>
    `संस्करण “${p.name}” के नीचे ${p.count} संस्करण हैं। पहले उन्हें हटाएँ या कहीं और ले जाएँ।`,
  'edition.in_use': (p) =>
    `संस्करण “${p.name}” में अभी ${p.count} ख़बर${p.count === 1 ? '' : 'ें'} हैं। पहले उन्हें इस संस्करण से निकालें।`,
  'edition.unknown': (p) => `“${p.id}” आईडी वाला कोई संस्करण नहीं है।`,
  'edition.not_yours': (p) =>
    `आपका डेस्क संस्करण “${p.name}” में ख़बरें नहीं रख सकता। इसे अपने संस्करणों में जुड़वाने के लिए किसी एडमिनिस्ट्रेटर से कहें।`,
  'edition.desk_elsewhere': (p) =>
    `आपका डेस्क संस्करण “${p.name}” को नहीं सँवार सकता। यह उसका अपना डेस्क या सभी संस्करणों वाला संपादक कर सकता है।`,
  'edition.national_home': 'राष्ट्रीय होम पेज सेटिंग्स में सँवारा जाता है (उसका लेआउट और होम सेक्शन), यहाँ नहीं।',
  'edition.lead_elsewhere': (p) =>
    `मुख्य ख़बर संस्करण “${p.name}” की ख़बरों में से होनी चाहिए। पहले ख़बर को इस संस्करण में जोड़ें।`,
  'edition.section_unknown': 'कोई सेक्शन ऐसी श्रेणी बताता है जो है ही नहीं।',
  'election.not_found': 'ऐसा कोई चुनाव नहीं है।',
  'election.slug_taken': 'इस पते पर कोई दूसरा चुनाव है।',
  'election.seat_not_found': 'इस चुनाव में ऐसी कोई सीट नहीं है।',
  'election.candidate_not_in_seat': 'आगे चल रहा उम्मीदवार इसी सीट का उम्मीदवार होना चाहिए।',
  'election.key_contest_unknown': 'मुख्य मुक़ाबला इसी चुनाव की कोई सीट होनी चाहिए।',
  'election.result_stale': 'किसी ने इस सीट का नया नतीजा सहेजा है; उनके आँकड़े देखें, फिर दोबारा सहेजें।',
  'election.import_unreadable': (p) => `फ़ाइल पंक्ति ${p.line} पर पढ़ी नहीं जा सकी। कुछ भी आयात नहीं हुआ।`,
  'election.import_row_invalid': (p) =>
    `पंक्ति ${p.line}: ${p.column} नहीं है या ग़लत है। कुछ भी आयात नहीं हुआ।`,
  'election.import_unknown_seat': (p) =>
    `पंक्ति ${p.line} में ऐसी सीट है जो इस चुनाव में नहीं है। कुछ भी आयात नहीं हुआ।`,
  'election.import_unknown_candidate': (p) =>
    `पंक्ति ${p.line} में ऐसा उम्मीदवार है जो इस सीट में नहीं है। कुछ भी आयात नहीं हुआ।`,
  'election.import_shapes_invalid': (p) =>
    `GeoJSON के निर्वाचन क्षेत्र ${p.line} में राज्य, संख्या, नाम या आकार नहीं है। कुछ भी आयात नहीं हुआ।`,
  'election.rehearsal_of_rehearsal':
    'पूर्वाभ्यास किसी असली चुनाव से दोहराया जाता है, दूसरे पूर्वाभ्यास से नहीं।',
  'election.rehearsal_no_results': 'इस चुनाव के अभी कोई नतीजे नहीं हैं जिन्हें दोहराया जा सके।',
  'election.not_rehearsal': 'यह चुनाव पूर्वाभ्यास नहीं है।',
  'epaper.issue_not_found': 'ऐसा कोई ई-पेपर अंक नहीं है।',
  'epaper.page_not_found': 'इस ई-पेपर अंक में ऐसा कोई पृष्ठ नहीं है।',
  'epaper.issue_exists': (p) => `इस संस्करण का ${p.date} का ई-पेपर अंक पहले से है।`,
  'epaper.edition_not_yours': (p) =>
    `आपका डेस्क "${p.name}" संस्करण का ई-पेपर नहीं बना सकता। किसी एडमिनिस्ट्रेटर से यह संस्करण अपने संस्करणों में जुड़वाएँ।`,
  'epaper.date_invalid': 'तारीख़ YYYY-MM-DD के रूप में दें।',
  'epaper.not_multipart': 'पृष्ठ multipart/form-data में भेजें, हर PDF "file" नाम के फ़ील्ड में।',
  'epaper.no_file': 'कोई PDF नहीं मिला: हर पृष्ठ "file" नाम के फ़ील्ड में भेजें।',
  'epaper.too_many_files': (p) => `एक बार में अधिकतम ${p.maximum} फ़ाइलें भेजें।`,
  'epaper.file_too_large': (p) => `"${p.name}" ${p.maximum} MB से बड़ी है। कुछ भी अपलोड नहीं हुआ।`,
  'epaper.not_pdf': (p) => `"${p.name}" PDF नहीं है। कुछ भी अपलोड नहीं हुआ।`,
  'epaper.pdf_malformed': (p) => `"${p.name}" ख़राब PDF है, पढ़ी नहीं जा सकती। कुछ भी अपलोड नहीं हुआ।`,
  'epaper.pdf_encrypted': (p) =>
    `"${p.name}" एन्क्रिप्टेड है या पासवर्ड से बंद है: बिना सुरक्षा के अपलोड करें। कुछ भी अपलोड नहीं हुआ।`,
  'epaper.page_too_large': (p) =>
    `"${p.name}" का पृष्ठ ${p.page} 300 dpi पर ${p.maximum} पिक्सेल से बड़ा है। कुछ भी अपलोड नहीं हुआ।`,
  'epaper.too_many_pages': (p) =>
    `एक ई-पेपर अंक में अधिकतम ${p.maximum} पृष्ठ होते हैं। कुछ भी अपलोड नहीं हुआ।`,
  'epaper.page_number_taken': (p) =>
    `पृष्ठ ${p.page} इस अंक में पहले से है: उसे बदलें, या पहले हटाएँ। कुछ भी अपलोड नहीं हुआ।`,
  'epaper.replace_one_page': 'पृष्ठ बदलने के लिए ठीक एक, एक पृष्ठ वाली PDF भेजें।',
  'epaper.order_mismatch': 'अंक का हर पृष्ठ ठीक एक बार, नए क्रम में दें।',
  'epaper.publish_at_needed': 'अंक तय समय पर छापने के लिए समय (publishAt) दें।',
  'epaper.publish_at_past': 'छापने का समय बीत चुका है: अभी प्रकाशित करें।',
  'epaper.issue_empty': 'प्रकाशित करने से पहले पृष्ठ अपलोड करें।',
  'epaper.processing_unavailable':
    'इस सर्वर पर PDF के औज़ार (Poppler) नहीं चल सकते। कुछ भी अपलोड नहीं हुआ।',
  'epaper.zone_not_found': 'इस पृष्ठ पर ऐसा कोई बॉक्स नहीं है।',
  'epaper.story_unknown': 'ऐसी कोई ख़बर नहीं है: बॉक्स को किसी मौजूदा ख़बर से जोड़ें।',
  'epaper.clip_not_found': 'ऐसी कोई कतरन नहीं है।',
  'epaper.clip_limit': (p) => `एक घंटे में अधिकतम ${p.maximum} कतरनें: कृपया अगली काटने से पहले कुछ देर रुकें।`,
  'epaper.page_walled': 'ई-पेपर का यह पृष्ठ ग्राहकों के लिए है: साइन इन करके ई-पेपर से खोलें।',
  'epaper.address_expired': 'ई-पेपर के पृष्ठ का यह पता पुराना हो गया है: पृष्ठ फिर से खोलें।',
  'epaper.download_walled': 'यह अंक डाउनलोड करना उन ग्राहकों के लिए है जिनके प्लान में ई-पेपर है।',
  'epaper.download_limit': (p) => `एक दिन में अधिकतम ${p.maximum} डाउनलोड: कृपया कल फिर कोशिश करें।`,
  'epaper.download_unavailable': 'इस सर्वर पर अभी डाउनलोड नहीं बन सकते। कुछ गिना नहीं गया।',
  'epaper.trace_not_found': 'किसी डाउनलोड पर यह पहचान नहीं है।',
  'epaper.trace_invalid': 'पहचान 32 अक्षरों की होती है, 0 से 9 और a से f, जैसी प्रति के मेटाडेटा में है।',
  'epaper.too_many_zones': (p) => `एक पृष्ठ पर अधिकतम ${p.maximum} बॉक्स हो सकते हैं।`,
};
