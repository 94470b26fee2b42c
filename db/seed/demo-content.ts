// Demo content for Patrika (पत्रिका): categories and articles used to seed a
// fresh database. All articles are original, evergreen magazine writing.

import type { Language } from '../../common/languages';

export interface DemoCategory {
  slug: string;
  name: string;
  /** Its name on a Hindi interface (issue 26 item 7). */
  nameHi: string;
  description: string;
  isHome: boolean;
  /** The category it is inside (issue 26 item 6), listed before it. */
  parentSlug?: string;
}

export interface DemoArticle {
  legacyId: number;
  slug: string;
  name: string;
  categorySlug: string;
  language: Language;
  daysAgo: number;
  metaTitle: string;
  metaDescription: string;
  metaKeywords: string;
  html: string;
}

export const demoCategories: DemoCategory[] = [
  {
    slug: 'editors-choice',
    name: "Editor's Choice",
    nameHi: 'संपादक की पसंद',
    description:
      'Hand-picked essays and features our editors think are worth your time, from culture and memory to the small joys of everyday life.',
    isHome: true,
  },
  {
    slug: 'apna-gyaan',
    name: 'Apna Gyaan',
    nameHi: 'अपना ज्ञान',
    description:
      'Simple explainers on science, money and the world around us, written for curious readers of every age.',
    isHome: true,
  },
  {
    slug: 'parenting',
    name: 'Parenting',
    nameHi: 'परवरिश',
    description:
      'Practical, warm advice on raising children, from reading habits and screen time to exams and everyday responsibilities.',
    isHome: true,
  },
  {
    slug: 'news',
    name: 'News',
    nameHi: 'समाचार',
    description:
      'Clear explainers on weather, civic services and public information that shape daily life.',
    isHome: true,
  },
  {
    slug: 'health',
    name: 'Health',
    nameHi: 'सेहत',
    description:
      "Everyday wellness, seasonal care and healthy habits. General information that never replaces a doctor's advice.",
    isHome: true,
  },
  {
    slug: 'technology',
    name: 'Technology',
    nameHi: 'तकनीक',
    description:
      'Friendly guides to phones, digital payments and online safety for every member of the family.',
    isHome: true,
  },
  {
    slug: 'travel',
    name: 'Travel',
    nameHi: 'यात्रा',
    description:
      'Destination guides and practical travel tips, from the deserts of Rajasthan to the hills and railways of India.',
    isHome: true,
  },
  {
    slug: 'stories',
    name: 'Stories',
    nameHi: 'कहानियाँ',
    description:
      'Original short fiction in Hindi and English about families, neighbourhoods and the small moments that stay with us.',
    isHome: false,
  },
  {
    // A section inside another: Travel's page lists Rajasthan's stories too (issue 26 item 6).
    slug: 'rajasthan',
    name: 'Rajasthan',
    nameHi: 'राजस्थान',
    description: 'Forts, deserts, lakes and the long journeys between them: travel in Rajasthan.',
    isHome: false,
    parentSlug: 'travel',
  },
];

export const demoArticles: DemoArticle[] = [
  // ---------------------------------------------------------------- Editor's Choice
  {
    legacyId: 1001,
    slug: 'chitthiyon-ka-zamana',
    name: 'चिट्ठियों का ज़माना: जब शब्द इंतज़ार करते थे',
    categorySlug: 'editors-choice',
    language: 'hi',
    daysAgo: 0,
    metaTitle: 'चिट्ठियों का ज़माना: जब शब्द इंतज़ार करते थे',
    metaDescription:
      'हाथ से लिखी चिट्ठियों की मिठास, इंतज़ार के सुख और आज के तेज़ संदेशों के दौर में ख़त लिखने की आदत पर एक निबंध।',
    metaKeywords: 'चिट्ठी, पत्र लेखन, पोस्टकार्ड, यादें, हाथ से लिखना',
    html: `<p>एक समय था जब घर के दरवाज़े पर डाकिए की साइकिल की घंटी सुनते ही पूरा परिवार आँगन में जमा हो जाता था। दूर शहर में पढ़ रहा बेटा, मायके गई बेटी, फ़ौज में तैनात भाई — सबकी ख़बर एक पतले-से लिफ़ाफ़े में बंद होकर आती थी। उस लिफ़ाफ़े को खोलने से पहले लोग उसे कुछ पल हाथ में थामे रहते, जैसे भेजने वाले की छुअन महसूस कर रहे हों।</p>
<h2>इंतज़ार की मिठास</h2>
<p>चिट्ठी का सबसे बड़ा गुण था उसका धीमापन। जवाब आने में हफ़्ते लग जाते थे, इसलिए लिखने वाला हर शब्द सोच-समझकर चुनता था। "यहाँ सब कुशल है, आशा है वहाँ भी सब कुशल होगा" — यह पंक्ति सिर्फ़ औपचारिकता नहीं थी, बल्कि उस भरोसे की शुरुआत थी जो दूरियों के बावजूद रिश्तों को बाँधे रखता था।</p>
<p>अंतर्देशीय पत्र का नीला रंग, पोस्टकार्ड की सीमित जगह में ठूँसी गई बातें और हाशिये पर लिखा गया "बाक़ी फिर कभी" — इन सबमें एक अपनापन था। कई घरों में आज भी पुरानी चिट्ठियों का बंडल किसी संदूक में रस्सी से बँधा मिल जाता है। उन्हें पढ़ना किसी पुराने ज़माने की खिड़की खोलने जैसा है, जहाँ से दादा-दादी की जवानी और उनकी चिंताएँ झाँकती हैं।</p>
<h2>आज के दौर में चिट्ठी</h2>
<p>आज संदेश पलक झपकते पहुँच जाता है। यह सुविधा बहुत बड़ी है और इसने दुनिया को सचमुच छोटा कर दिया है। लेकिन तेज़ी के साथ कुछ चीज़ें छूट भी गई हैं। जल्दबाज़ी में भेजे गए संदेश अक्सर उतनी ही जल्दी भुला दिए जाते हैं। हाथ से लिखी चिट्ठी में जो ठहराव था, वह स्क्रीन पर कम ही दिखता है।</p>
<p>शायद यही वजह है कि कई लोग फिर से ख़त लिखने की ओर लौट रहे हैं — जन्मदिन पर एक छोटा-सा कार्ड, किसी शिक्षक को धन्यवाद का पत्र, या बच्चों के लिए लिखी गई ऐसी चिट्ठी जिसे वे बड़े होकर पढ़ें। इसमें ज़्यादा ख़र्च नहीं, बस थोड़ा समय और मन चाहिए।</p>
<p>इस महीने एक प्रयोग कीजिए। किसी ऐसे व्यक्ति को हाथ से चिट्ठी लिखिए जिससे आप लंबे समय से ठीक से बात नहीं कर पाए हैं। हो सकता है जवाब देर से आए, पर जब आएगा, तो उसमें वह मिठास होगी जो किसी त्वरित संदेश में नहीं मिलती।</p>`,
  },
  {
    legacyId: 1002,
    slug: 'mitti-ke-diye-aur-badalti-diwali',
    name: 'मिट्टी के दीये और बदलती दिवाली',
    categorySlug: 'editors-choice',
    language: 'hi',
    daysAgo: 23,
    metaTitle: 'मिट्टी के दीये और बदलती दिवाली',
    metaDescription:
      'बिजली की झालरों के दौर में मिट्टी के दीयों का महत्व, कुम्हार परिवारों की कहानी और इस दिवाली को सार्थक बनाने के आसान क़दम।',
    metaKeywords: 'दिवाली, मिट्टी के दीये, कुम्हार, त्योहार, पर्यावरण, स्थानीय कारीगर',
    html: `<p>दिवाली की तैयारियाँ हमारे यहाँ हफ़्तों पहले शुरू हो जाती हैं। घर की सफ़ाई, रंग-रोगन, नए कपड़े, मिठाइयाँ और सबसे आख़िर में दीयों की ख़रीदारी। बचपन में कुम्हार के पास जाकर दीये चुनना किसी उत्सव से कम नहीं लगता था। चाक पर घूमती गीली मिट्टी से पल भर में एक दीया बनते देखना जादू जैसा था।</p>
<h2>रोशनी का बदलता रूप</h2>
<p>पिछले कुछ दशकों में दिवाली की रोशनी का रूप काफ़ी बदला है। बिजली की झालरें सस्ती और सुविधाजनक हैं; एक बार लगा दीं तो कई दिनों तक जगमगाती रहती हैं। इसमें कोई बुराई नहीं, लेकिन इस बदलाव का असर उन कारीगर परिवारों पर भी पड़ा है जिनकी साल भर की कमाई का बड़ा हिस्सा इन्हीं दिनों में आता था।</p>
<p>मिट्टी के दीये सिर्फ़ परंपरा नहीं हैं। वे स्थानीय मिट्टी से बनते हैं, इस्तेमाल के बाद मिट्टी में ही मिल जाते हैं और उनकी लौ में एक ऐसी गर्माहट होती है जो किसी बल्ब में नहीं मिलती। कई परिवार अब बीच का रास्ता अपना रहे हैं — बाहर झालर, पर पूजा की जगह और आँगन में दीये।</p>
<h2>इस बार क्या कर सकते हैं</h2>
<p>अगर आप अपनी दिवाली को थोड़ा और सार्थक बनाना चाहते हैं, तो ये छोटे क़दम मदद कर सकते हैं:</p>
<ul>
<li>दीये, रंगोली के रंग और सजावट का सामान पास के कारीगरों या हाट से ख़रीदें।</li>
<li>पिछले साल के दीयों को धोकर दोबारा इस्तेमाल करें, चाहें तो बच्चों से उन पर रंग करवाएँ।</li>
<li>पटाखों की जगह परिवार के साथ रंगोली, दीप-सज्जा या मिठाई बनाने जैसी गतिविधियाँ चुनें।</li>
<li>बची हुई मिठाई और पुराने कपड़े ज़रूरतमंदों तक पहुँचाएँ।</li>
</ul>
<p>त्योहार का असली अर्थ साथ मिलकर ख़ुशी बाँटना है। जब हम किसी कुम्हार से दीये ख़रीदते हैं, तो हमारी रोशनी से एक और घर रोशन होता है। शायद यही दिवाली की सबसे सुंदर परंपरा है।</p>`,
  },
  {
    legacyId: 1003,
    slug: 'dadi-nani-ki-kahaniyan-kyon-zaroori-hain',
    name: 'दादी-नानी की कहानियाँ क्यों ज़रूरी हैं',
    categorySlug: 'editors-choice',
    language: 'hi',
    daysAgo: 57,
    metaTitle: 'दादी-नानी की कहानियाँ क्यों ज़रूरी हैं',
    metaDescription:
      'छत पर तारों के नीचे सुनी कहानियाँ बच्चों को भाषा, कल्पना और जीवन-मूल्य देती हैं और पीढ़ियों के बीच पुल बनाती हैं।',
    metaKeywords: 'दादी नानी की कहानियाँ, लोककथा, बच्चे, परिवार, परंपरा, कल्पनाशीलता',
    html: `<p>गर्मी की छुट्टियों की रातें, छत पर बिछी चारपाइयाँ, ऊपर तारों भरा आसमान और पास लेटी नानी की धीमी आवाज़ — "एक था राजा..."। बहुत से लोगों के बचपन की सबसे मीठी यादें ऐसी ही रातों से जुड़ी हैं। वे कहानियाँ कहीं लिखी नहीं थीं, फिर भी पीढ़ी-दर-पीढ़ी चलती रहीं।</p>
<h2>कहानी में छिपी सीख</h2>
<p>दादी-नानी की कहानियाँ सिर्फ़ मनोरंजन नहीं थीं। चालाक लोमड़ी, मेहनती चींटी, लालची व्यापारी और दयालु लकड़हारे के बहाने बच्चे ईमानदारी, धैर्य और दूसरों की मदद जैसे मूल्य सीख जाते थे। सीधे उपदेश देने की जगह कहानी बच्चे के मन में एक तस्वीर बना देती है, और वह तस्वीर लंबे समय तक साथ रहती है।</p>
<p>इन कहानियों से भाषा भी समृद्ध होती थी। मुहावरे, लोकोक्तियाँ, पुराने शब्द और स्थानीय बोली की मिठास बच्चे अनजाने में ही सीख लेते थे। कहानी सुनते हुए बच्चा कल्पना करता है — जंगल कैसा होगा, राजकुमारी का महल कैसा दिखता होगा। यही कल्पनाशीलता आगे चलकर पढ़ाई और जीवन, दोनों में काम आती है।</p>
<blockquote>कहानी सुनाने वाला सिर्फ़ शब्द नहीं देता, वह अपना समय, अपनी गोद और अपना भरोसा भी देता है।</blockquote>
<h2>रिश्तों का पुल</h2>
<p>आज कई परिवार अलग-अलग शहरों में रहते हैं और बच्चों का दादा-दादी के साथ समय कम बीतता है। फिर भी यह परंपरा ज़िंदा रखी जा सकती है। वीडियो कॉल पर हर रविवार एक कहानी, छुट्टियों में गाँव की यात्रा, या बुज़ुर्गों की सुनाई कहानियों को एक डायरी में लिख लेना — ये छोटे उपाय बड़ा फ़र्क़ ला सकते हैं।</p>
<p>बुज़ुर्गों के लिए भी यह बहुत मायने रखता है। जब कोई बच्चा उनसे कहानी की फ़रमाइश करता है, तो उन्हें लगता है कि उनकी यादें और अनुभव अब भी क़ीमती हैं। इसलिए अगली बार जब घर में दादी या नानी हों, तो बच्चों के साथ बैठिए और कहिए — "एक कहानी सुनाइए न।"</p>`,
  },
  {
    legacyId: 1004,
    slug: 'the-quiet-joy-of-slow-mornings',
    name: 'The Quiet Joy of Slow Mornings',
    categorySlug: 'editors-choice',
    language: 'en',
    daysAgo: 1,
    metaTitle: 'The Quiet Joy of Slow Mornings',
    metaDescription:
      'Why giving the first half hour of your day to yourself, not your phone, can make the rest of the day calmer and clearer.',
    metaKeywords: 'slow mornings, morning routine, mindfulness, digital detox, daily habits',
    html: `<p>Most of us begin the day at a sprint. The alarm rings, the phone lights up with messages, and before the kettle has even boiled we are already replying, scrolling and planning. By nine o'clock the day feels half spent. It does not have to be this way.</p>
<h2>What a slow morning looks like</h2>
<p>A slow morning is not about waking up late or having hours to spare. It is about giving the first thirty minutes of the day to yourself rather than to the world. For some people that means a cup of tea on the balcony while the street wakes up. For others it is a short walk, a few pages of a book, or simply sitting by an open window and listening to the birds before the traffic drowns them out.</p>
<p>The key is to keep the phone away for that first stretch. Messages and news will still be there in half an hour. What will not be there is the calm that comes from starting the day on your own terms.</p>
<h2>Small habits that help</h2>
<p>A few small habits make this easier. Keep your phone charging in another room and use a simple alarm clock instead. Lay out clothes and pack bags the night before so the morning is not a scramble. Choose one small ritual, such as stretching, watering the plants or writing a few lines in a journal, and repeat it daily. And eat breakfast sitting down, even if only for ten minutes.</p>
<p>People who try this often notice that they feel less rushed for the rest of the day. Decisions come a little more easily, and small irritations seem smaller. It is not magic; it is simply the difference between reacting to the day and stepping into it.</p>
<p>Start with one morning a week if a daily change feels too ambitious. Sunday is a good candidate. Notice how you feel by lunchtime. Chances are you will want to borrow a little of that Sunday calm for Monday too.</p>`,
  },
  {
    legacyId: 1005,
    slug: 'why-handwriting-still-matters',
    name: 'Why Handwriting Still Matters in a Typed World',
    categorySlug: 'editors-choice',
    language: 'en',
    daysAgo: 40,
    metaTitle: 'Why Handwriting Still Matters in a Typed World',
    metaDescription:
      'Keyboards are fast, but writing by hand helps us think, remember and slow down. A case for keeping the pen on the desk.',
    metaKeywords: 'handwriting, note taking, memory, learning, writing by hand, stationery',
    html: `<p>When did you last write a full page by hand? For many adults the answer is uncomfortable. Between keyboards, touchscreens and voice notes, the pen has been pushed to the margins of daily life, reserved for signatures and the occasional form. Yet handwriting is worth holding on to, and not only for reasons of nostalgia.</p>
<h2>The pen slows you down, in a good way</h2>
<p>Typing is fast, and that is its strength. But speed can encourage us to record words without really processing them. Writing by hand forces a slower pace. You cannot copy down everything, so you summarise, choose and connect ideas as you go. Many teachers have long noticed that students who take handwritten notes tend to remember the main points better, and a number of classroom studies point in the same direction.</p>
<p>Handwriting also engages the hands and eyes together in a way that tapping keys does not. Forming each letter is a small act of coordination, which is one reason young children are still taught to write on paper before they move to screens.</p>
<blockquote>A handwritten note says something a typed message cannot: I took the time to do this myself.</blockquote>
<h2>Keeping the habit alive</h2>
<p>You do not need beautiful penmanship to enjoy the benefits. A plain notebook for daily to-do lists, a diary with three lines a night, or handwritten recipe cards for the family kitchen are all easy ways to keep the skill in use. Some people find that brainstorming on paper, with arrows and scribbles, frees up their thinking in a way a blank document never does.</p>
<p>There is also the simple pleasure of it. The feel of a good pen, the sound of the nib on paper and the sight of a page filling up with your own marks are small satisfactions in a day dominated by screens. Handwriting will not replace the keyboard, and it does not need to. It just deserves a place on the desk beside it.</p>`,
  },
  {
    legacyId: 1006,
    slug: 'a-sky-full-of-kites-makar-sankranti',
    name: 'A Sky Full of Kites: The Magic of Makar Sankranti',
    categorySlug: 'editors-choice',
    language: 'en',
    daysAgo: 96,
    metaTitle: 'A Sky Full of Kites: The Magic of Makar Sankranti',
    metaDescription:
      'One festival, many names: how India celebrates Makar Sankranti with kites, sesame sweets and bonfires, and how to fly kites safely.',
    metaKeywords:
      'Makar Sankranti, Uttarayan, Pongal, Lohri, kite flying, festivals of India, til gud',
    html: `<p>In the middle of January, across many parts of India, people look up. Rooftops fill with families, radios play old film songs, and the sky turns into a restless patchwork of paper kites. Makar Sankranti, which marks the sun's movement into Capricorn in the traditional calendar, is one of the few Indian festivals tied to the solar year, which is why it falls on almost the same date every year.</p>
<h2>One festival, many names</h2>
<p>The festival travels under different names. In Gujarat it is Uttarayan, famous for its kite-flying contests. In Tamil Nadu, the harvest festival of Pongal is celebrated around the same time, and in Punjab the bonfires of Lohri are lit the night before. In Assam, Magh Bihu brings feasts and community gatherings. The common thread is gratitude for the harvest and a welcome to longer, warmer days.</p>
<p>Food is central everywhere. Sweets made of sesame and jaggery are exchanged with friends and neighbours. In Maharashtra people say "tilgul ghya, god god bola", asking each other to accept the sweet and speak sweetly in return.</p>
<h2>Flying kites responsibly</h2>
<p>Kite flying is joyful, but it has a darker side. Sharp, glass-coated strings injure large numbers of birds every year and can be dangerous for people riding two-wheelers. A few simple choices keep the fun safe:</p>
<ul>
<li>Use plain cotton thread instead of glass-coated or synthetic string.</li>
<li>Avoid flying kites near power lines and busy roads.</li>
<li>Keep children supervised on rooftops, especially near the edges.</li>
<li>Collect loose string after the festival so it does not tangle birds in trees.</li>
</ul>
<p>Celebrated with care, Makar Sankranti is a wonderful reminder of how a festival can bring a whole neighbourhood together. Few sights are as cheerful as a winter sky dotted with colour, and few sounds as lively as a rooftop cheering after a successful cut.</p>`,
  },

  // ---------------------------------------------------------------- Apna Gyaan
  {
    legacyId: 1007,
    slug: 'indradhanush-kaise-banta-hai',
    name: 'इंद्रधनुष कैसे बनता है?',
    categorySlug: 'apna-gyaan',
    language: 'hi',
    daysAgo: 8,
    metaTitle: 'इंद्रधनुष कैसे बनता है? आसान भाषा में विज्ञान',
    metaDescription:
      'धूप और पानी की बूँदों से आसमान में सात रंग कैसे बिखरते हैं, और घर पर इंद्रधनुष बनाने का आसान प्रयोग।',
    metaKeywords: 'इंद्रधनुष, अपवर्तन, विज्ञान, सात रंग, बच्चों के लिए विज्ञान',
    html: `<p>बारिश के बाद जब धूप निकलती है और आसमान में सात रंगों का एक सुंदर धनुष दिखाई देता है, तो बच्चे ही नहीं, बड़े भी रुककर उसे देखने लगते हैं। इंद्रधनुष देखने में जितना जादुई लगता है, उसके पीछे का विज्ञान उतना ही रोचक और सरल है।</p>
<h2>धूप और बूँदों का खेल</h2>
<p>सूरज की सफ़ेद दिखने वाली रोशनी असल में कई रंगों से मिलकर बनी होती है। जब यह रोशनी हवा में तैरती पानी की छोटी-छोटी बूँदों में प्रवेश करती है, तो वह मुड़ जाती है। इस मुड़ने को अपवर्तन कहते हैं। हर रंग अलग मात्रा में मुड़ता है, इसलिए रंग एक-दूसरे से अलग होने लगते हैं। बूँद के भीतर रोशनी पिछली सतह से परावर्तित होती है और बाहर निकलते समय एक बार फिर मुड़ती है। अनगिनत बूँदें मिलकर यही काम करती हैं और हमें रंगों की एक चौड़ी पट्टी दिखाई देती है।</p>
<p>इंद्रधनुष के रंग हमेशा एक ही क्रम में दिखाई देते हैं, बाहर से भीतर की ओर:</p>
<ol>
<li>लाल</li>
<li>नारंगी</li>
<li>पीला</li>
<li>हरा</li>
<li>नीला</li>
<li>जामुनी</li>
<li>बैंगनी</li>
</ol>
<p>इन्हें याद रखने के लिए स्कूलों में अक्सर "बैजनीहपीनाला" शब्द सिखाया जाता है, जो उलटे क्रम में रंगों के पहले अक्षरों से बना है।</p>
<h2>इंद्रधनुष कब और कहाँ दिखेगा</h2>
<p>इंद्रधनुष देखने के लिए सूरज आपकी पीठ की ओर होना चाहिए और सामने हवा में पानी की बूँदें। इसीलिए यह अक्सर सुबह या शाम के समय दिखता है, जब सूरज आसमान में नीचे होता है। दोपहर में सूरज बहुत ऊँचा होने के कारण इंद्रधनुष आमतौर पर नहीं बनता। कभी-कभी मुख्य धनुष के ऊपर एक हल्का दूसरा धनुष भी दिखता है, जिसमें रंगों का क्रम उलटा होता है।</p>
<p>घर पर भी आप इसे बना सकते हैं। धूप वाले दिन बगीचे में पाइप से पानी की बारीक फुहार छोड़िए और सूरज की ओर पीठ करके खड़े हो जाइए। आपके सामने एक छोटा-सा इंद्रधनुष चमक उठेगा — बिल्कुल मुफ़्त विज्ञान प्रयोग!</p>`,
  },
  {
    legacyId: 1008,
    slug: 'bachat-ki-aadat-chhote-kadam-bada-fayda',
    name: 'बचत की आदत: छोटे क़दम, बड़ा फ़ायदा',
    categorySlug: 'apna-gyaan',
    language: 'hi',
    daysAgo: 31,
    metaTitle: 'बचत की आदत: छोटे क़दम, बड़ा फ़ायदा',
    metaDescription:
      'पहले बचत, फिर ख़र्च: घर का बजट सँभालने, फ़िज़ूलख़र्ची रोकने और आपात निधि बनाने के आसान, व्यावहारिक तरीक़े।',
    metaKeywords: 'बचत, पैसे बचाने के तरीक़े, घरेलू बजट, आपात निधि, आरडी, वित्तीय योजना',
    html: `<p>महीने की शुरुआत में जेब भरी लगती है और आख़िर तक आते-आते अक्सर ख़ाली हो जाती है। बहुत से परिवारों की यही कहानी है। बचत करना मुश्किल इसलिए नहीं लगता कि आमदनी कम है, बल्कि इसलिए कि हम बचत को "जो बच जाए" मान लेते हैं। असल में बचत की शुरुआत ख़र्च से पहले होनी चाहिए।</p>
<h2>पहले बचत, फिर ख़र्च</h2>
<p>वेतन या आमदनी आते ही उसका एक तय हिस्सा अलग कर दीजिए, चाहे वह दस प्रतिशत ही क्यों न हो। इसके लिए अलग बचत खाता या आवर्ती जमा (आरडी) जैसा कोई सरल विकल्प चुना जा सकता है। जब पैसा नज़रों से हट जाता है, तो उसे ख़र्च करने का मन भी कम होता है। धीरे-धीरे यह हिस्सा बढ़ाते जाइए।</p>
<p>बचत को आसान बनाने के लिए एक महीने तक हर ख़र्च को डायरी या फ़ोन में लिखिए — आप हैरान होंगे कि छोटी-छोटी चीज़ों पर कितना पैसा चला जाता है। कोई चीज़ ख़रीदने से पहले एक-दो दिन रुककर सोचिए कि वह ज़रूरत है या सिर्फ़ चाहत। बिजली, पानी और मोबाइल के बिल समय पर भरिए ताकि विलंब शुल्क न लगे, और त्योहारों व शादियों जैसे बड़े ख़र्चों के लिए पहले से हर महीने थोड़ा-थोड़ा अलग रखते जाइए।</p>
<h2>आपात निधि क्यों ज़रूरी है</h2>
<p>अचानक बीमारी, नौकरी में रुकावट या घर की कोई बड़ी मरम्मत — ऐसे समय में उधार लेना पड़े तो परेशानी दोगुनी हो जाती है। इसलिए अक्सर सलाह दी जाती है कि कम से कम तीन से छह महीने के ज़रूरी ख़र्च के बराबर रक़म एक अलग, आसानी से निकाले जा सकने वाले खाते में रखी जाए। इसे निवेश नहीं, सुरक्षा कवच समझिए।</p>
<p>बचत कोई एक दिन का काम नहीं, बल्कि रोज़ की आदत है। शुरुआत छोटी रखिए, पर नियमित रहिए। कुछ सालों बाद जब आप पीछे मुड़कर देखेंगे, तो ये छोटे क़दम एक बड़ी पूँजी बन चुके होंगे।</p>`,
  },
  {
    legacyId: 1009,
    slug: 'chaand-har-raat-alag-kyon-dikhta-hai',
    name: 'चाँद हर रात अलग क्यों दिखता है?',
    categorySlug: 'apna-gyaan',
    language: 'hi',
    daysAgo: 74,
    metaTitle: 'चाँद हर रात अलग क्यों दिखता है? चंद्रमा की कलाएँ',
    metaDescription:
      'अमावस्या से पूर्णिमा तक चाँद का आकार क्यों बदलता दिखता है, और शुक्ल पक्ष व कृष्ण पक्ष का विज्ञान क्या है।',
    metaKeywords: 'चाँद की कलाएँ, अमावस्या, पूर्णिमा, शुक्ल पक्ष, कृष्ण पक्ष, खगोल विज्ञान',
    html: `<p>कभी पतली-सी हँसिया, कभी आधा गोला, कभी पूरा चमकता थाल और कभी बिल्कुल ग़ायब — चाँद का रूप हर रात बदलता रहता है। पुराने समय में लोग इसी बदलाव से दिन और महीने गिनते थे। हमारे कई त्योहार आज भी चाँद की इन्हीं कलाओं से तय होते हैं। पर सवाल यह है कि क्या चाँद का आकार सच में बदलता है?</p>
<h2>चाँद की अपनी रोशनी नहीं होती</h2>
<p>जवाब है — नहीं। चाँद हमेशा गोल ही रहता है। उसकी अपनी कोई रोशनी नहीं होती; वह सूरज की रोशनी को परावर्तित करके चमकता है। किसी भी समय चाँद का आधा हिस्सा सूरज की ओर होता है और रोशन रहता है, जबकि बाक़ी आधा अँधेरे में। चाँद पृथ्वी के चारों ओर घूमता है, इसलिए हमें उसके रोशन हिस्से का कभी ज़्यादा, कभी कम भाग दिखाई देता है। इसे ही चाँद की कलाएँ कहते हैं।</p>
<p>जब चाँद पृथ्वी और सूरज के बीच होता है, तो उसका रोशन हिस्सा हमसे दूसरी ओर होता है। उस रात चाँद दिखाई नहीं देता — यह अमावस्या है। जब पृथ्वी बीच में होती है और चाँद सूरज के ठीक सामने की ओर, तब हमें उसका पूरा रोशन चेहरा दिखता है — यह पूर्णिमा है।</p>
<h2>शुक्ल पक्ष और कृष्ण पक्ष</h2>
<p>अमावस्या से पूर्णिमा तक चाँद रोज़ थोड़ा बड़ा दिखता है। इन लगभग पंद्रह दिनों को शुक्ल पक्ष कहा जाता है। पूर्णिमा के बाद चाँद घटने लगता है और अमावस्या तक के दिनों को कृष्ण पक्ष कहते हैं। एक अमावस्या से अगली अमावस्या तक लगभग साढ़े उनतीस दिन लगते हैं। हिंदू पंचांग के महीने इसी चक्र पर आधारित हैं।</p>
<p>एक और रोचक बात: हमें चाँद का हमेशा एक ही चेहरा दिखता है। इसका कारण यह है कि चाँद जितने समय में पृथ्वी का एक चक्कर लगाता है, लगभग उतने ही समय में अपनी धुरी पर भी एक बार घूम जाता है।</p>
<p>अगली बार एक महीने तक रोज़ रात चाँद को देखकर उसका चित्र एक कॉपी में बनाइए। बच्चों के लिए यह खगोल विज्ञान का सबसे आसान और मज़ेदार पाठ हो सकता है।</p>`,
  },
  {
    legacyId: 1010,
    slug: 'why-is-the-sky-blue',
    name: 'Why Is the Sky Blue? A Simple Explanation',
    categorySlug: 'apna-gyaan',
    language: 'en',
    daysAgo: 3,
    metaTitle: 'Why Is the Sky Blue? A Simple Explanation',
    metaDescription:
      'Sunlight, air molecules and a little physics: the simple reason the sky is blue by day and sunsets glow red and orange.',
    metaKeywords:
      'why is the sky blue, Rayleigh scattering, sunlight, sunset colours, science explained',
    html: `<p>It is one of the first big questions children ask, and one that many adults quietly struggle to answer. Why is the sky blue, and not white, or purple, or black? The answer involves sunlight, air and a bit of physics that is easier to understand than it sounds.</p>
<h2>Sunlight is a mix of colours</h2>
<p>Sunlight looks white, but it is really a blend of all the colours of the rainbow. Each colour travels as a wave, and each has a different wavelength. Red light has long, lazy waves, while blue and violet light have short, tightly packed ones.</p>
<p>When sunlight enters the atmosphere, it meets countless tiny molecules of nitrogen and oxygen. These molecules are far smaller than the wavelength of visible light, and they scatter short wavelengths much more strongly than long ones. Blue light gets bounced around in every direction across the sky, so wherever you look, some of that scattered blue light reaches your eyes. Scientists call this effect Rayleigh scattering, after the British physicist who described it in the nineteenth century.</p>
<h2>Why not violet?</h2>
<p>If shorter wavelengths scatter more, why is the sky not violet? There are a few reasons. The sun gives out less violet light than blue to begin with, some violet is absorbed high in the atmosphere, and our eyes are simply more sensitive to blue. The combined result is the familiar sky blue.</p>
<p>The same idea explains red and orange sunsets. When the sun is low on the horizon, its light passes through much more air before reaching you. Most of the blue has been scattered away along the route, leaving the reds and oranges to colour the evening sky. Dust, haze and clouds change the effect, which is why no two sunsets ever look quite the same.</p>
<p>On the Moon, which has almost no atmosphere, there is nothing to scatter sunlight, so the sky looks black even in daytime. Next time a child asks why the sky is blue, you can tell them: because air is very good at throwing blue light around.</p>`,
  },
  {
    legacyId: 1011,
    slug: 'how-compound-interest-grows-your-savings',
    name: 'How Compound Interest Quietly Grows Your Savings',
    categorySlug: 'apna-gyaan',
    language: 'en',
    daysAgo: 49,
    metaTitle: 'How Compound Interest Quietly Grows Your Savings',
    metaDescription:
      'A plain-language guide to compound interest, the Rule of 72 and why starting early matters more than saving a lot.',
    metaKeywords:
      'compound interest, savings, Rule of 72, personal finance, recurring deposit, money basics',
    html: `<p>Ask anyone who has built steady savings over many years and they will probably mention one idea: compound interest. It sounds technical, but the principle is simple. You earn interest not only on the money you put in, but also on the interest that money has already earned. Over time, that small difference becomes a big one.</p>
<h2>A simple example</h2>
<p>Imagine you deposit 10,000 rupees at an interest rate of 8 per cent a year. With simple interest, you would earn 800 rupees every year, and after ten years you would have 18,000 rupees. With compound interest, where each year's interest is added to the balance, the second year's interest is calculated on 10,800 rupees, the third year's on an even larger amount, and so on. After ten years the total grows to roughly 21,600 rupees. Nobody added any extra money; time did the work.</p>
<p>A handy shortcut called the Rule of 72 helps estimate how long it takes money to double. Divide 72 by the annual interest rate. At 8 per cent, your money doubles in about nine years. At 6 per cent, it takes about twelve.</p>
<h2>Making compounding work for you</h2>
<ul>
<li><strong>Start early.</strong> The longer money stays invested, the more rounds of compounding it enjoys. Small amounts saved in your twenties can outgrow larger amounts saved later.</li>
<li><strong>Stay consistent.</strong> A fixed amount saved every month, through a recurring deposit or a similar plan, builds the habit and the balance together.</li>
<li><strong>Leave it alone.</strong> Withdrawing the interest breaks the chain. Let it stay and grow.</li>
<li><strong>Watch the other side.</strong> Compounding works against you on debt. Unpaid credit card balances grow quickly for exactly the same reason.</li>
</ul>
<p>Compound interest rewards patience more than cleverness. You do not need to pick the perfect product or time the market. You simply need to begin, keep going and give your savings enough years to gather momentum.</p>
<p>This article is for general understanding only. For decisions about your own money, compare options carefully and consider speaking to a qualified adviser.</p>`,
  },
  {
    legacyId: 1012,
    slug: 'the-story-behind-indias-pin-codes',
    name: "The Story Behind India's PIN Codes",
    categorySlug: 'apna-gyaan',
    language: 'en',
    daysAgo: 112,
    metaTitle: "The Story Behind India's PIN Codes",
    metaDescription:
      'What the six digits of an Indian PIN code mean, why the system was introduced in 1972 and how it still guides every parcel.',
    metaKeywords: 'PIN code, postal index number, India Post, postal zones, general knowledge',
    html: `<p>Every time you fill in an address in India, you add six small digits at the end. Most of us do it without thinking. Yet the Postal Index Number, better known as the PIN code, is a clever piece of design that has helped letters and parcels find their way across a vast country for more than fifty years.</p>
<h2>Why PIN codes were needed</h2>
<p>India has an enormous number of post offices, and many towns and villages share similar or even identical names. Before PIN codes, sorting mail depended heavily on the knowledge of individual postal workers, and a letter addressed to a common place name could easily go astray. The PIN code system, introduced on 15 August 1972, gave every delivery post office a number that could be read and sorted quickly, regardless of language or handwriting.</p>
<h2>What the six digits mean</h2>
<p>The code is read from left to right, moving from a large region down to a single post office:</p>
<ol>
<li>The first digit shows the postal zone. The country is divided into eight regional zones, numbered 1 to 8, while 9 is reserved for the Army Postal Service.</li>
<li>The second digit narrows it down to a sub-zone, usually linked to a postal circle.</li>
<li>The third digit, read together with the first two, identifies the sorting district.</li>
<li>The last three digits point to the specific delivery post office.</li>
</ol>
<p>So if two PIN codes share the same first three digits, their mail is handled by the same sorting district. Codes beginning with 1 cover parts of the north, including Delhi, while codes beginning with 6 cover the southern states of Tamil Nadu and Kerala.</p>
<p>Today PIN codes do much more than guide letters. Online shops use them to check delivery areas, banks ask for them on forms, and delivery services rely on them to plan routes. A system designed for handwritten envelopes has turned out to be just as useful in the age of online shopping.</p>
<p>Next time you type those six digits, take a moment to appreciate the quiet logic packed into them.</p>`,
  },

  // ---------------------------------------------------------------- Parenting
  {
    legacyId: 1013,
    slug: 'bachchon-mein-padhne-ki-aadat',
    name: 'बच्चों में पढ़ने की आदत कैसे डालें',
    categorySlug: 'parenting',
    language: 'hi',
    daysAgo: 0,
    metaTitle: 'बच्चों में पढ़ने की आदत कैसे डालें',
    metaDescription:
      'स्क्रीन के दौर में बच्चों को किताबों से जोड़ने के आसान उपाय: घर में पढ़ने का माहौल, साथ पढ़ना और मातृभाषा की कहानियाँ।',
    metaKeywords: 'बच्चों में पढ़ने की आदत, किताबें, पेरेंटिंग, पुस्तकालय, हिंदी कहानियाँ',
    html: `<p>आज के बच्चे जन्म से ही स्क्रीन से घिरे हैं — टीवी, मोबाइल, टैबलेट। ऐसे में माता-पिता की एक आम शिकायत है कि बच्चा किताब उठाता ही नहीं। अच्छी ख़बर यह है कि पढ़ने की आदत सिखाई जा सकती है, बस उसे बोझ नहीं, आनंद बनाना होगा।</p>
<h2>घर में किताबों का माहौल</h2>
<p>बच्चे वही करते हैं जो वे बड़ों को करते देखते हैं। अगर घर में माता-पिता ख़ुद अख़बार, पत्रिका या किताब पढ़ते दिखेंगे, तो बच्चे के लिए पढ़ना एक सामान्य बात बन जाएगी। घर के किसी कोने में एक छोटी-सी किताबों की शेल्फ़ या टोकरी रखिए, जहाँ से बच्चा अपनी पसंद की किताब ख़ुद उठा सके।</p>
<p>कुछ आसान उपाय, जो बहुत से परिवारों में कारगर रहे हैं:</p>
<ul>
<li>रोज़ सोने से पहले पंद्रह-बीस मिनट बच्चे के साथ मिलकर पढ़िए। छोटे बच्चों को पढ़कर सुनाइए, बड़े बच्चों को बारी-बारी से पढ़ने दीजिए।</li>
<li>बच्चे को अपनी किताब ख़ुद चुनने दीजिए, चाहे वह कॉमिक्स हो, चित्रकथा हो या जानवरों पर कोई किताब।</li>
<li>पास के पुस्तकालय की सदस्यता लीजिए और महीने में एक-दो बार बच्चे को वहाँ ले जाइए।</li>
<li>जन्मदिन या त्योहार पर खिलौनों के साथ एक किताब भी उपहार में दीजिए।</li>
</ul>
<h2>मातृभाषा की किताबें भी ज़रूरी</h2>
<p>अक्सर हम बच्चों को सिर्फ़ अंग्रेज़ी की किताबें देते हैं। लेकिन हिंदी या अपनी मातृभाषा में लिखी कहानियाँ बच्चे को अपनी संस्कृति, अपने परिवेश और अपने शब्दों से जोड़ती हैं। पंचतंत्र, अकबर-बीरबल के क़िस्से और लोककथाएँ आज भी बच्चों को उतनी ही पसंद आती हैं।</p>
<p>सबसे ज़रूरी बात यह है कि पढ़ने को परीक्षा या सज़ा से न जोड़ें। "पहले दस पन्ने पढ़ो, फिर खेलने जाना" जैसी शर्तें पढ़ने को काम बना देती हैं। इसकी जगह किताब के बारे में बच्चे से बात कीजिए — कहानी में सबसे अच्छा किरदार कौन लगा, अंत कैसा होना चाहिए था। जब पढ़ना बातचीत और साथ बिताए समय से जुड़ जाता है, तो बच्चा ख़ुद किताबों की ओर लौटता है।</p>`,
  },
  {
    legacyId: 1014,
    slug: 'screen-time-bachchon-ke-liye-santulan',
    name: 'स्क्रीन टाइम: बच्चों के लिए संतुलन कैसे बनाएँ',
    categorySlug: 'parenting',
    language: 'hi',
    daysAgo: 15,
    metaTitle: 'स्क्रीन टाइम: बच्चों के लिए संतुलन कैसे बनाएँ',
    metaDescription:
      'बच्चों के स्क्रीन टाइम पर सख़्ती के बजाय समझदारी: परिवार के साझा नियम, सही सामग्री का चुनाव और स्क्रीन के मज़ेदार विकल्प।',
    metaKeywords: 'स्क्रीन टाइम, बच्चे और मोबाइल, पेरेंटिंग, डिजिटल आदतें, परिवार के नियम',
    html: `<p>ऑनलाइन पढ़ाई, कार्टून, वीडियो गेम और परिवार के साथ वीडियो कॉल — आज बच्चों का बहुत-सा समय किसी न किसी स्क्रीन के सामने बीतता है। स्क्रीन पूरी तरह बुरी नहीं है; उससे बच्चे बहुत कुछ सीखते भी हैं। समस्या तब होती है जब स्क्रीन खेलने, सोने, पढ़ने और परिवार के साथ बातचीत का समय छीनने लगती है।</p>
<h2>नियम साथ मिलकर बनाइए</h2>
<p>बच्चों पर अचानक सख़्त पाबंदी लगाने से अक्सर झगड़ा और ज़िद बढ़ती है। बेहतर है कि परिवार बैठकर कुछ सरल नियम तय करे। जैसे, खाने की मेज़ पर कोई फ़ोन नहीं, सोने से एक घंटा पहले सभी स्क्रीन बंद, और होमवर्क के बाद ही मनोरंजन वाली स्क्रीन। जब बच्चे नियम बनाने में शामिल होते हैं, तो उन्हें मानना भी आसान होता है।</p>
<p>ये नियम बड़ों पर भी लागू हों, तभी असर होगा। अगर माता-पिता ख़ुद खाने के समय फ़ोन देखते रहेंगे, तो बच्चे से अलग व्यवहार की उम्मीद करना ठीक नहीं।</p>
<h2>क्या देख रहे हैं, यह भी मायने रखता है</h2>
<p>कितनी देर के साथ-साथ यह भी देखिए कि बच्चा स्क्रीन पर क्या कर रहा है। कोई शैक्षिक वीडियो, ड्रॉइंग ऐप या दादी से बात करना, बेमतलब वीडियो देखते रहने से अलग है। छोटे बच्चों के लिए उम्र के अनुसार उपयुक्त सामग्री चुनिए और जब संभव हो, साथ बैठकर देखिए और उस पर बात कीजिए।</p>
<p>स्क्रीन कम करने का सबसे अच्छा तरीक़ा है कि उसकी जगह कुछ और दिलचस्प हो। शाम को पार्क जाना, बोर्ड गेम, मिट्टी से खिलौने बनाना, रसोई में छोटा-मोटा काम या कोई शौक़ — जब बच्चे के पास करने को कुछ मज़ेदार होगा, तो फ़ोन की ज़रूरत अपने आप कम हो जाएगी।</p>
<p>हर परिवार की ज़रूरतें अलग हैं, इसलिए कोई एक आदर्श नियम नहीं है। लक्ष्य बस इतना है कि स्क्रीन बच्चे के जीवन का एक हिस्सा रहे, पूरा जीवन नहीं।</p>`,
  },
  {
    legacyId: 1015,
    slug: 'bachchon-ko-paison-ki-samajh-kaise-dein',
    name: 'बच्चों को पैसों की समझ कैसे दें',
    categorySlug: 'parenting',
    language: 'hi',
    daysAgo: 67,
    metaTitle: 'बच्चों को पैसों की समझ कैसे दें',
    metaDescription:
      'गुल्लक, जेबख़र्च और बाज़ार की बातचीत से बच्चों को बचत, धैर्य और डिजिटल भुगतान की सुरक्षा कैसे सिखाएँ।',
    metaKeywords: 'बच्चे और पैसे, जेबख़र्च, गुल्लक, बचत, वित्तीय साक्षरता, पेरेंटिंग',
    html: `<p>पैसा कहाँ से आता है? बहुत से छोटे बच्चों को लगता है कि एटीएम मशीन या मोबाइल फ़ोन से पैसे अपने आप निकल आते हैं। आज जब ज़्यादातर भुगतान डिजिटल हो गए हैं और बच्चे नोट-सिक्के कम देखते हैं, तब उन्हें पैसों की असली क़ीमत समझाना और भी ज़रूरी हो गया है।</p>
<h2>छोटी उम्र, छोटे पाठ</h2>
<p>चार-पाँच साल की उम्र से ही बच्चों को सिक्कों और नोटों की पहचान कराई जा सकती है। उन्हें एक गुल्लक दीजिए और उसमें मिलने वाले सिक्के डालने की आदत डालिए। जब गुल्लक भर जाए, तो साथ बैठकर गिनिए और बच्चे से पूछिए कि वह इन पैसों से क्या करना चाहता है। इससे उसे बचत का मतलब और इंतज़ार का फल, दोनों समझ आते हैं।</p>
<p>बाज़ार जाते समय बच्चे को साथ ले जाइए। उसे बताइए कि आप दो ब्रांड में से कौन-सा क्यों चुन रहे हैं, या कोई चीज़ इस बार क्यों नहीं ख़रीद रहे। यह रोज़मर्रा की बातचीत किसी किताब से ज़्यादा सिखाती है।</p>
<blockquote>बच्चों को यह सिखाना कि हर चीज़ तुरंत नहीं मिल सकती, उन्हें पैसों के साथ-साथ धैर्य भी सिखाता है।</blockquote>
<h2>बड़े बच्चों के लिए जेबख़र्च</h2>
<p>आठ-दस साल के बच्चों को हर हफ़्ते या महीने एक तय जेबख़र्च देना अच्छा प्रयोग हो सकता है। शर्त सिर्फ़ इतनी हो कि उसी में उन्हें अपनी छोटी-मोटी चीज़ें ख़रीदनी हैं। अगर वे शुरू में ही सारा पैसा ख़र्च कर दें, तो अगली बार तक इंतज़ार करने दीजिए। यह छोटी-सी असुविधा एक बड़ा सबक़ बन जाती है।</p>
<p>किशोरों के साथ आप बैंक खाते, ब्याज और डिजिटल भुगतान की सुरक्षा पर भी बात कर सकते हैं। उन्हें समझाइए कि ओटीपी या पिन किसी के साथ साझा नहीं करना चाहिए, चाहे सामने वाला कितना भी भरोसेमंद लगे।</p>
<p>पैसों की समझ कोई एक दिन में नहीं आती। यह घर की बातचीत, माता-पिता के व्यवहार और छोटे-छोटे अनुभवों से बनती है। आज सिखाया गया हर छोटा सबक़ कल एक समझदार, आत्मनिर्भर इंसान की नींव बनता है।</p>`,
  },
  {
    legacyId: 1016,
    slug: 'raising-curious-kids',
    name: "Raising Curious Kids: Making Room for the Endless 'Why'",
    categorySlug: 'parenting',
    language: 'en',
    daysAgo: 5,
    metaTitle: 'Raising Curious Kids: Making Room for the Endless Why',
    metaDescription:
      "Children's endless questions are a sign of a growing mind. Simple ways parents can welcome curiosity without needing every answer.",
    metaKeywords:
      'curious children, parenting, early learning, questions, curiosity, child development',
    html: `<p>Why is the moon following our car? Why do cats purr? Why do I have to sleep? Anyone who has spent a day with a four-year-old knows the relentless stream of questions. It can be exhausting, but it is also a sign of something precious: a mind actively trying to make sense of the world.</p>
<h2>Questions are a child's research</h2>
<p>Young children learn by exploring, and questions are their most powerful tool. Each "why" is a small experiment, testing how things work and how adults respond. When a question is welcomed, the child learns that curiosity is good. When it is brushed aside too often, they may slowly stop asking.</p>
<p>That does not mean parents need an answer for everything. In fact, some of the best responses are not answers at all. Saying "That's a great question. What do you think?" invites the child to reason for themselves. Saying "I don't know, let's find out together" shows that learning never stops, even for grown-ups.</p>
<h2>Everyday ways to feed curiosity</h2>
<ul>
<li>Keep a question jar or notebook for the big questions you cannot answer right away, and look them up together at the weekend.</li>
<li>Turn routine moments into small investigations: why does dough rise, where does rainwater go, how do ants find sugar?</li>
<li>Visit places that invite wonder, such as museums, gardens, railway stations or even a busy vegetable market.</li>
<li>Let children take apart old clocks or broken toys, under supervision.</li>
</ul>
<p>Curiosity also grows when children feel safe to be wrong. If a guess is met with laughter or impatience, the next question may never come. Praise the thinking, not just the correct answer.</p>
<p>On tiring days, it is fine to say, "Let's talk about that after dinner." What matters is the overall message that their questions are worth hearing. Children who grow up feeling that way often become adults who keep asking why, and that is a gift that lasts a lifetime.</p>`,
  },
  {
    legacyId: 1017,
    slug: 'simple-chores-that-build-confidence-in-children',
    name: 'Simple Chores That Build Confidence in Children',
    categorySlug: 'parenting',
    language: 'en',
    daysAgo: 28,
    metaTitle: 'Simple Chores That Build Confidence in Children',
    metaDescription:
      'Age-appropriate household chores teach responsibility and build confidence. Ideas for every age, from toddlers to teenagers.',
    metaKeywords:
      'chores for kids, responsibility, parenting, confidence, household tasks, life skills',
    html: `<p>In many homes, children are kept away from household work so they can focus on studies or simply enjoy their childhood. The intention is kind, but it can take away a valuable opportunity. Age-appropriate chores teach responsibility, build practical skills and, perhaps most importantly, help children feel capable and needed.</p>
<h2>Why chores matter</h2>
<p>When a child waters the plants every evening and watches them grow, they experience a direct link between effort and result. When they set the table for dinner, they contribute to something the whole family shares. These small successes add up to a quiet, sturdy kind of confidence that praise alone cannot create.</p>
<p>Chores also teach cooperation. A home runs smoothly when everyone plays a part, and children who understand this early often carry the same attitude into classrooms, friendships and, later, workplaces.</p>
<h2>Ideas by age</h2>
<p>Children aged three to five can put toys back in a basket, drop dirty clothes into the laundry bag and help sort socks. Between six and eight, they can make their own bed, water plants, set and clear the table or feed a pet. Children of nine to twelve can fold laundry, wash vegetables, make a simple sandwich and pack their own school bag. Teenagers are ready to plan and cook a simple meal, handle a small grocery list and do their own laundry.</p>
<p>The trick is to keep expectations realistic. A five-year-old's folded towel will not look like yours, and that is perfectly fine. Resist the urge to redo the job in front of them. Thank them for the effort and show them one small improvement for next time.</p>
<p>Making chores part of a routine, rather than a punishment, also helps. A simple chart on the fridge with stickers can motivate younger children. Over time, these tasks stop feeling like chores and simply become part of how the family lives together.</p>`,
  },
  {
    legacyId: 1018,
    slug: 'handling-exam-stress-as-a-family',
    name: 'Handling Exam Stress as a Family',
    categorySlug: 'parenting',
    language: 'en',
    daysAgo: 85,
    metaTitle: 'Handling Exam Stress as a Family',
    metaDescription:
      'Sleep, steady routines and kind words help children more than extra pressure. How families can support students at exam time.',
    metaKeywords:
      'exam stress, board exams, parenting, student wellbeing, study tips, family support',
    html: `<p>Every year, as exam season approaches, a familiar tension settles over many homes. Television volumes go down, visits to relatives are postponed and conversations begin to revolve around marks, syllabus and revision timetables. A certain amount of pressure can sharpen focus, but too much can leave children anxious, tired and unable to perform at their best.</p>
<h2>What children need most</h2>
<p>More than extra tuition or another guidebook, students preparing for exams need stability. Regular meals, enough sleep and a calm home do more for performance than late-night cramming. Parents can help by protecting these basics, for example by keeping dinner at a fixed time and gently encouraging lights-out at a reasonable hour.</p>
<p>Short breaks are important too. A ten-minute walk, a little music or a chat over tea helps the brain rest and absorb what has been studied. Studying for hours without a pause often feels productive but tends to be less effective.</p>
<blockquote>Your child needs to know that your love does not depend on their marks. Saying it out loud, more than once, can lift an enormous weight.</blockquote>
<h2>Watch your words</h2>
<p>Comparisons with cousins, neighbours or classmates rarely motivate; they usually hurt. Instead of asking "How much did you score?", try "What did you find difficult?" or "What can I do to help?" Questions like these open conversations rather than shutting them down.</p>
<p>Keep an eye out for signs that stress is becoming overwhelming, such as persistent trouble sleeping, loss of appetite, withdrawal from friends or frequent headaches and stomach aches. If these continue, talk to the child's teacher, the school counsellor or a doctor. Asking for help is a sign of care, not weakness.</p>
<p>Finally, remember that exams are important, but they are not everything. Many happy, successful adults had ordinary report cards. What stays with children long after the results are forgotten is how their family made them feel during those anxious weeks.</p>`,
  },

  // ---------------------------------------------------------------- News
  {
    legacyId: 1019,
    slug: 'mausam-vibhag-ke-rangeen-alert-ka-matlab',
    name: 'मौसम विभाग के रंगीन अलर्ट का क्या मतलब है',
    categorySlug: 'news',
    language: 'hi',
    daysAgo: 1,
    metaTitle: 'मौसम विभाग के रंगीन अलर्ट का क्या मतलब है',
    metaDescription:
      'हरा, पीला, नारंगी और लाल: मौसम की चेतावनियों के रंगों का अर्थ और हर अलर्ट पर आपको क्या तैयारी करनी चाहिए।',
    metaKeywords: 'मौसम अलर्ट, ऑरेंज अलर्ट, रेड अलर्ट, मौसम विभाग, बारिश, सुरक्षा',
    html: `<p>बारिश, आँधी, शीतलहर या लू — मौसम से जुड़ी ख़बरों में अक्सर सुनने को मिलता है कि किसी ज़िले के लिए "ऑरेंज अलर्ट" या "रेड अलर्ट" जारी किया गया है। बहुत से लोग इन रंगों को देखकर घबरा जाते हैं या फिर उन्हें नज़रअंदाज़ कर देते हैं। असल में ये रंग एक सरल चेतावनी प्रणाली का हिस्सा हैं, जिसे समझना हर नागरिक के लिए उपयोगी है।</p>
<h2>चार रंग, चार संदेश</h2>
<p>भारत मौसम विज्ञान विभाग मौसम की गंभीरता बताने के लिए आम तौर पर चार रंगों का इस्तेमाल करता है:</p>
<ul>
<li><strong>हरा:</strong> कोई विशेष चेतावनी नहीं। मौसम सामान्य है और किसी ख़ास तैयारी की ज़रूरत नहीं।</li>
<li><strong>पीला:</strong> सतर्क रहें। मौसम बिगड़ सकता है, इसलिए ताज़ा जानकारी पर नज़र रखें।</li>
<li><strong>नारंगी:</strong> तैयार रहें। ख़राब मौसम से आवागमन, बिजली या रोज़मर्रा के कामों पर असर पड़ सकता है।</li>
<li><strong>लाल:</strong> कार्रवाई करें। मौसम गंभीर है और जान-माल को ख़तरा हो सकता है। प्रशासन के निर्देशों का पालन ज़रूरी है।</li>
</ul>
<h2>अलर्ट मिलने पर क्या करें</h2>
<p>पीले अलर्ट का अर्थ है कि योजनाएँ बनाते समय मौसम का ध्यान रखें। नारंगी अलर्ट पर ग़ैरज़रूरी यात्रा टालना, फ़ोन चार्ज रखना, टॉर्च और ज़रूरी दवाएँ पास रखना समझदारी है। लाल अलर्ट के समय घर से बाहर निकलने से बचें, नदी-नालों और जलभराव वाले इलाक़ों से दूर रहें और स्थानीय प्रशासन की सलाह को गंभीरता से लें।</p>
<p>यह भी याद रखें कि अलर्ट पूरे ज़िले या क्षेत्र के लिए होता है। हो सकता है आपके मोहल्ले में बारिश कम हो, पर कुछ किलोमीटर दूर स्थिति गंभीर हो। इसलिए अपने इलाक़े का मौसम देखकर लापरवाह न हों।</p>
<p>मौसम की सही जानकारी के लिए आधिकारिक स्रोतों, जैसे मौसम विभाग की सूचनाओं और स्थानीय प्रशासन की घोषणाओं पर भरोसा करें। सोशल मीडिया पर फैलने वाले बिना स्रोत के संदेशों को आगे भेजने से पहले ज़रूर जाँच लें। सही जानकारी और थोड़ी-सी तैयारी किसी भी मौसम को सुरक्षित बना सकती है।</p>`,
  },
  {
    legacyId: 1020,
    slug: 'cyber-thagi-ho-jaye-to-kya-karein',
    name: 'साइबर ठगी हो जाए तो तुरंत क्या करें',
    categorySlug: 'news',
    language: 'hi',
    daysAgo: 19,
    metaTitle: 'साइबर ठगी हो जाए तो तुरंत क्या करें',
    metaDescription:
      'ऑनलाइन ठगी के बाद के शुरुआती घंटे सबसे क़ीमती हैं। हेल्पलाइन 1930, बैंक को सूचना और सबूत सँभालने के ज़रूरी क़दम।',
    metaKeywords: 'साइबर ठगी, 1930 हेल्पलाइन, ऑनलाइन धोखाधड़ी, बैंक फ्रॉड, साइबर सुरक्षा',
    html: `<p>फ़ोन पर आया एक लिंक, "आपका बिजली कनेक्शन आज रात कट जाएगा" जैसा डराने वाला संदेश, या कोई अनजान व्यक्ति जो ख़ुद को बैंक अधिकारी बताता है — साइबर ठगी के तरीक़े रोज़ बदलते हैं। सावधानी सबसे अच्छा बचाव है, लेकिन अगर कभी ठगी हो ही जाए, तो घबराने के बजाय तुरंत सही क़दम उठाना बहुत ज़रूरी है।</p>
<h2>शुरुआती घंटे सबसे क़ीमती</h2>
<p>ठगी के बाद जितनी जल्दी शिकायत की जाए, पैसे रोके जाने की संभावना उतनी ही बढ़ जाती है। इसलिए शर्म या झिझक में समय न गँवाएँ। ठगी किसी के साथ भी हो सकती है, पढ़े-लिखे और तकनीक जानने वाले लोगों के साथ भी। ये क़दम बिना देरी उठाएँ:</p>
<ol>
<li><strong>हेल्पलाइन पर कॉल करें:</strong> राष्ट्रीय साइबर अपराध हेल्पलाइन 1930 पर तुरंत फ़ोन करें और लेन-देन का पूरा विवरण दें।</li>
<li><strong>बैंक को सूचित करें:</strong> अपने बैंक की आधिकारिक हेल्पलाइन पर कॉल करके कार्ड या खाते को ब्लॉक करवाएँ।</li>
<li><strong>ऑनलाइन शिकायत दर्ज करें:</strong> राष्ट्रीय साइबर अपराध रिपोर्टिंग पोर्टल पर भी शिकायत दर्ज की जा सकती है।</li>
<li><strong>सबूत सँभालें:</strong> संदेशों, कॉल विवरण, लेन-देन आईडी और स्क्रीनशॉट को डिलीट न करें।</li>
<li><strong>पासवर्ड बदलें:</strong> अगर आपने कोई पासवर्ड या ऐप की जानकारी साझा की थी, तो उसे तुरंत बदलें।</li>
</ol>
<h2>आगे के लिए सबक़</h2>
<p>याद रखें, कोई भी बैंक, बिजली कंपनी या सरकारी विभाग फ़ोन पर आपका ओटीपी, पिन या पासवर्ड नहीं माँगता। किसी अनजान व्यक्ति के कहने पर स्क्रीन शेयर करने वाला ऐप डाउनलोड न करें। जल्दबाज़ी और डर — ठग इन्हीं दो भावनाओं का फ़ायदा उठाते हैं।</p>
<p>अपने घर के बुज़ुर्गों और किशोरों से भी इस बारे में बात करें। हेल्पलाइन नंबर 1930 को फ़ोन में सेव कर लें और परिवार के सभी सदस्यों को बताएँ।</p>
<p>अगर आपके किसी परिचित के साथ ठगी हुई है, तो उसे दोष देने के बजाय शिकायत दर्ज कराने में उसकी मदद करें। जानकारी बाँटना और एक-दूसरे का साथ देना भी सुरक्षा का एक तरीक़ा है।</p>`,
  },
  {
    legacyId: 1021,
    slug: 'monsoon-se-pehle-ghar-aur-mohalle-ki-taiyari',
    name: 'मानसून से पहले: घर और मोहल्ले की तैयारी',
    categorySlug: 'news',
    language: 'hi',
    daysAgo: 44,
    metaTitle: 'मानसून से पहले: घर और मोहल्ले की तैयारी',
    metaDescription:
      'जलभराव, बंद नालियाँ और मच्छर: बारिश शुरू होने से पहले घर और मोहल्ले में की जाने वाली ज़रूरी तैयारियाँ।',
    metaKeywords: 'मानसून तैयारी, जलभराव, नाली सफ़ाई, मोहल्ला समिति, बारिश में सुरक्षा',
    html: `<p>हर साल मानसून की पहली तेज़ बारिश के साथ कई शहरों में एक जैसी तस्वीरें दिखती हैं — पानी से भरी सड़कें, बंद नालियाँ, गिरे हुए पेड़ और घंटों लंबा जाम। इनमें से कई परेशानियों को पहले से थोड़ी तैयारी करके कम किया जा सकता है। इसमें नगर निकायों की भूमिका तो अहम है ही, पर नागरिकों और मोहल्ला समितियों का योगदान भी कम नहीं।</p>
<h2>घर से शुरुआत</h2>
<p>मानसून से पहले छत और बालकनी की नालियाँ साफ़ करवा लें, ताकि पानी जमा न हो। छत पर रखे पुराने गमले, टायर, डिब्बे या टूटी बाल्टियाँ हटा दें, क्योंकि इनमें भरा पानी मच्छरों के पनपने की जगह बन जाता है। बिजली के खुले तारों और मीटर बॉक्स की जाँच किसी जानकार इलेक्ट्रीशियन से करवा लें। घर में टॉर्च, पावर बैंक, कुछ सूखा राशन और ज़रूरी दवाएँ रखना भी समझदारी है।</p>
<h2>मोहल्ले की ज़िम्मेदारी</h2>
<p>बहुत-सी नालियाँ प्लास्टिक की थैलियों और कचरे से बंद हो जाती हैं। मोहल्ला समितियाँ या निवासी कल्याण संघ बारिश से पहले सफ़ाई अभियान चला सकते हैं और नगर निगम को बंद नालों की सूचना दे सकते हैं। जहाँ हर साल पानी भरता है, उन जगहों की सूची बनाकर संबंधित विभाग को पहले से बताना उपयोगी होता है।</p>
<p>पेड़ों की सूखी या कमज़ोर डालियाँ तेज़ हवा में गिरकर नुक़सान पहुँचा सकती हैं। ऐसी डालियों की छँटाई के लिए भी स्थानीय निकाय से संपर्क किया जा सकता है। ध्यान रहे कि पेड़ों को काटना नहीं, सिर्फ़ ख़तरनाक हिस्सों को हटाना है।</p>
<p>बारिश के दिनों में जलभराव वाले रास्तों से गाड़ी चलाने या पैदल निकलने से बचें, क्योंकि पानी के नीचे खुले गड्ढे या मैनहोल दिखाई नहीं देते। बच्चों को भी बहते पानी में खेलने से रोकें।</p>
<p>मानसून जीवनदायी है — खेतों के लिए, जलाशयों के लिए और गर्मी से राहत के लिए। थोड़ी-सी तैयारी से हम इसका स्वागत बिना परेशानी के कर सकते हैं।</p>`,
  },
  {
    legacyId: 1022,
    slug: 'what-the-monsoon-onset-really-means',
    name: 'What the Monsoon Onset Really Means',
    categorySlug: 'news',
    language: 'en',
    daysAgo: 10,
    metaTitle: 'Explained: What the Monsoon Onset Really Means',
    metaDescription:
      'Why the monsoon is not declared with the first heavy shower, when it usually reaches Kerala and why its timing matters so much.',
    metaKeywords:
      'monsoon onset, southwest monsoon, Kerala, rainfall, kharif crops, weather explained',
    html: `<p>Every summer, one piece of weather news is awaited more eagerly than almost any other in India: the arrival of the southwest monsoon over Kerala. It is reported with the excitement usually reserved for cricket results, and for good reason. The monsoon brings most of the country's annual rainfall, feeds rivers and reservoirs, and shapes the rhythm of farming across millions of fields.</p>
<h2>Not just the first rain</h2>
<p>A common misunderstanding is that the monsoon arrives with the first heavy shower. In fact, pre-monsoon thunderstorms often drench parts of the south well before the official onset. Meteorologists declare the onset only when several conditions are met together, such as steady rainfall across a network of stations, a particular pattern and strength of winds from the west, and a marked increase in cloud cover over the region.</p>
<p>The normal date for onset over Kerala is around the first of June, though it can come a week or so earlier or later without anything being unusual. From there, the monsoon advances northwards in surges rather than in a smooth line, and usually covers the entire country by early July.</p>
<h2>Why the timing matters</h2>
<p>For farmers, the timing and spread of rain decide when to sow kharif crops such as rice, pulses and cotton. A delayed or patchy monsoon can mean re-sowing, while well-spread rain supports a good harvest. Cities watch the monsoon too, because reservoirs filled during these months supply drinking water for the rest of the year.</p>
<p>It is also worth remembering that a normal monsoon for the country as a whole can still mean too much rain in one district and too little in another. That is why regional forecasts and local alerts matter as much as the national headline.</p>
<p>The monsoon usually begins to withdraw from the northwest in September, completing a journey of several months. Its arrival remains a reminder of how closely daily life in India is still tied to the sky.</p>`,
  },
  {
    legacyId: 1023,
    slug: 'understanding-your-electricity-bill',
    name: 'Understanding Your Electricity Bill: Units, Slabs and Charges',
    categorySlug: 'news',
    language: 'en',
    daysAgo: 36,
    metaTitle: 'Understanding Your Electricity Bill: Units, Slabs and Charges',
    metaDescription:
      'What a unit of electricity is, how slab rates and fixed charges work, and what to check when your bill suddenly jumps.',
    metaKeywords:
      'electricity bill, units, kilowatt hour, slab rates, fixed charges, saving electricity',
    html: `<p>Once a month, a slip of paper or a text message tells us how much we owe for electricity. Most people glance at the total, pay it and move on. But the bill contains useful information that can help you spot errors, understand sudden jumps and find ways to save.</p>
<h2>What is a unit?</h2>
<p>Electricity is measured in units, and one unit equals one kilowatt-hour. In simple terms, it is the energy used by a 1,000-watt appliance running for one hour. A 100-watt bulb left on for ten hours also uses one unit, as does a 10-watt LED bulb burning for a hundred hours. This makes it easy to estimate what each appliance costs you.</p>
<h2>Reading the bill</h2>
<p>While formats differ from one distribution company to another, most bills have the same basic parts. The meter readings show the previous and current figures, and the difference is your consumption. Energy charges are the cost of those units, usually calculated in slabs where the rate per unit rises as consumption increases. Fixed charges depend on your sanctioned load and are payable even if you use very little. Then come electricity duty and other state levies, followed by adjustments such as fuel cost charges, subsidies, arrears or late payment fees.</p>
<p>Slab pricing is worth understanding. Because higher slabs cost more per unit, reducing consumption even a little in summer, when air conditioners and coolers run for hours, can noticeably lower the bill.</p>
<p>If your bill suddenly jumps, compare the reading printed on the bill with the reading on your meter. Check whether the bill is based on an actual reading or an estimate. If something looks wrong, contact the distribution company's customer care with your consumer number and a photo of the meter.</p>
<p>Simple habits help too: switching to LED lighting, setting air conditioners at a moderate temperature and turning appliances off at the wall rather than leaving them on standby.</p>`,
  },
  {
    legacyId: 1024,
    slug: 'what-happens-to-your-waste-after-collection',
    name: 'Explained: What Happens to Your Waste After It Is Collected',
    categorySlug: 'news',
    language: 'en',
    daysAgo: 103,
    metaTitle: 'Explained: What Happens to Your Waste After It Is Collected',
    metaDescription:
      'From your kitchen bin to compost, recycling or landfill: the journey of household waste and why separating it at home matters.',
    metaKeywords:
      'waste management, segregation, recycling, composting, landfill, kabadiwala, wet and dry waste',
    html: `<p>Every morning, in neighbourhoods across the country, a garbage truck or a collector with a handcart arrives, the bins are emptied, and the waste disappears from our lives. But it does not disappear from the world. Understanding where it goes is the first step towards making our own habits a little better.</p>
<h2>The journey of a bin bag</h2>
<p>In most cities, household waste is first taken to a local transfer point, where it is gathered into larger vehicles. From there, it may go to a processing plant, a composting facility, a material recovery centre or, too often, a landfill on the edge of the city. What happens at each stage depends heavily on one thing: whether the waste was separated at home.</p>
<p>Wet waste, such as vegetable peels, food scraps and tea leaves, can be turned into compost or biogas. Dry waste, including paper, cardboard, metal, glass and many plastics, can be sorted and sent for recycling. Hazardous items such as batteries, medicines and broken bulbs need special handling. When everything is mixed in one bag, sorting becomes difficult, and much of it ends up in a landfill.</p>
<blockquote>Segregation at source, meaning separating waste in your own kitchen, is the single most useful thing a household can do for better waste management.</blockquote>
<h2>The role of informal workers</h2>
<p>A large share of recycling in India happens thanks to waste pickers and local scrap dealers, including the familiar kabadiwala who buys old newspapers and bottles. They recover valuable material that would otherwise be buried. Handing over clean, dry recyclables separately makes their work safer and more productive.</p>
<p>Landfills, by contrast, create problems that last for decades. Rotting waste releases methane, a powerful greenhouse gas, and polluted water can seep into the ground. Fires at large dumps can affect air quality for surrounding neighbourhoods.</p>
<p>The good news is that change starts small. Two bins in the kitchen, a compost pot on the balcony and a bag for dry recyclables can dramatically cut what a household sends to landfill.</p>`,
  },

  // ---------------------------------------------------------------- Health
  {
    legacyId: 1025,
    slug: 'monsoon-mein-sehat-ka-khayal',
    name: 'मानसून में सेहत का ख़याल कैसे रखें',
    categorySlug: 'health',
    language: 'hi',
    daysAgo: 0,
    metaTitle: 'मानसून में सेहत का ख़याल कैसे रखें',
    metaDescription:
      'बरसात में साफ़ पानी, ताज़ा भोजन, मच्छरों से बचाव और पैरों की देखभाल से जुड़ी ज़रूरी सावधानियाँ।',
    metaKeywords: 'मानसून स्वास्थ्य, बरसात में बीमारियाँ, डेंगू से बचाव, साफ़ पानी, सेहत',
    html: `<p>तपती गर्मी के बाद मानसून की पहली बारिश राहत लेकर आती है। मिट्टी की सौंधी ख़ुशबू, हरियाली और ठंडी हवा मन को ख़ुश कर देती है। लेकिन यही मौसम कई बीमारियों का भी होता है। नमी, जमा पानी और दूषित भोजन-पानी के कारण पेट के संक्रमण, सर्दी-ज़ुकाम और मच्छरों से फैलने वाली बीमारियाँ बढ़ जाती हैं।</p>
<h2>पानी और खाने पर ध्यान</h2>
<p>बरसात में बहुत-सी बीमारियाँ दूषित पानी से फैलती हैं। इसलिए पीने का पानी उबालकर या भरोसेमंद फ़िल्टर से साफ़ करके ही पिएँ। बाहर के कटे फल, खुले में बिकने वाली चाट और पहले से बने पेय से इन दिनों परहेज़ करना बेहतर है। घर में भी ताज़ा, गर्म और हल्का खाना खाएँ। हरी पत्तेदार सब्ज़ियों को अच्छी तरह धोकर ही पकाएँ, क्योंकि उनमें मिट्टी और कीड़े छिपे हो सकते हैं।</p>
<h2>मच्छरों से बचाव</h2>
<p>डेंगू और मलेरिया जैसी बीमारियाँ मच्छरों से फैलती हैं, और मच्छर ठहरे हुए पानी में पनपते हैं। कुछ आसान सावधानियाँ बहुत काम आती हैं:</p>
<ul>
<li>कूलर, गमलों की प्लेट, पानी की टंकी और छत पर रखे बर्तनों में पानी जमा न होने दें। कूलर का पानी हफ़्ते में कम से कम एक बार बदलें।</li>
<li>शाम के समय पूरी बाँह के कपड़े पहनें और सोते समय मच्छरदानी का इस्तेमाल करें।</li>
<li>खिड़कियों और दरवाज़ों पर जाली लगवाएँ।</li>
<li>बारिश में भीगने के बाद जल्दी से सूखे कपड़े पहन लें।</li>
</ul>
<p>इस मौसम में त्वचा और पैरों में फफूँद का संक्रमण भी आम है। गीले जूते-मोज़े ज़्यादा देर न पहनें और पैरों की उँगलियों के बीच की जगह को सूखा रखें।</p>
<p>अगर तेज़ बुख़ार, शरीर में बहुत दर्द, लगातार उल्टी-दस्त या कमज़ोरी महसूस हो, तो घरेलू नुस्ख़ों के भरोसे न रहें और बिना देरी डॉक्टर से सलाह लें। अपने मन से दवाएँ लेना ठीक नहीं। थोड़ी-सी सावधानी के साथ मानसून का पूरा आनंद लिया जा सकता है।</p>`,
  },
  {
    legacyId: 1026,
    slug: 'yog-ki-shuruaat-roz-ke-bees-minute',
    name: 'योग की शुरुआत: रोज़ के बीस मिनट',
    categorySlug: 'health',
    language: 'hi',
    daysAgo: 26,
    metaTitle: 'योग की शुरुआत: रोज़ के बीस मिनट',
    metaDescription:
      'योग शुरू करने वालों के लिए बीस मिनट की सरल दिनचर्या, ज़रूरी सावधानियाँ और नियमित अभ्यास के फ़ायदे।',
    metaKeywords: 'योग, योगासन, प्राणायाम, शुरुआती योग, सेहत, दिनचर्या',
    html: `<p>योग के बारे में बहुत से लोग सोचते हैं कि इसके लिए घंटों का समय, ख़ास कपड़े या बहुत लचीला शरीर चाहिए। सच यह है कि योग की शुरुआत घर के एक कोने में, एक साधारण चटाई पर, रोज़ के सिर्फ़ बीस मिनट से की जा सकती है। नियमितता, समय से कहीं ज़्यादा महत्वपूर्ण है।</p>
<h2>एक सरल दिनचर्या</h2>
<p>शुरुआत करने वालों के लिए यह क्रम आसान और संतुलित माना जाता है। हर आसन को आराम से, अपनी क्षमता के अनुसार करें:</p>
<ol>
<li><strong>सूक्ष्म व्यायाम (पाँच मिनट):</strong> गर्दन, कंधे, कलाई, कमर और टखनों को धीरे-धीरे घुमाकर शरीर को तैयार करें।</li>
<li><strong>ताड़ासन और वृक्षासन:</strong> खड़े होकर किए जाने वाले ये आसन संतुलन और एकाग्रता बढ़ाने में मदद करते हैं।</li>
<li><strong>भुजंगासन और मार्जरी आसन:</strong> पीठ और रीढ़ को लचीला रखने के लिए उपयोगी।</li>
<li><strong>अनुलोम-विलोम (पाँच मिनट):</strong> धीमी, गहरी साँसों के साथ यह प्राणायाम मन को शांत करता है।</li>
<li><strong>शवासन (तीन-चार मिनट):</strong> आँखें बंद करके पूरे शरीर को ढीला छोड़ दें।</li>
</ol>
<h2>कुछ ज़रूरी बातें</h2>
<p>योग ख़ाली पेट या भोजन के कम से कम दो-तीन घंटे बाद करना बेहतर है। सुबह का समय आदर्श है, पर अगर शाम को ही समय मिलता है तो वह भी ठीक है। किसी भी आसन में दर्द महसूस हो तो वहीं रुक जाएँ। योग प्रतियोगिता नहीं है; दूसरों से तुलना करने के बजाय अपने शरीर की सुनें।</p>
<p>अगर आपको पीठ, घुटनों, रक्तचाप या दिल से जुड़ी कोई समस्या है, या आप गर्भवती हैं, तो शुरू करने से पहले डॉक्टर से सलाह लें और किसी प्रशिक्षित योग शिक्षक के मार्गदर्शन में ही अभ्यास करें।</p>
<p>कुछ हफ़्तों के नियमित अभ्यास के बाद आप शायद महसूस करेंगे कि नींद बेहतर हो रही है, शरीर हल्का लग रहा है और छोटी-छोटी बातों पर झुँझलाहट कम हो रही है। यही योग का असली उपहार है — शरीर और मन के बीच एक शांत संतुलन।</p>`,
  },
  {
    legacyId: 1027,
    slug: 'achchhi-neend-ke-aasan-upay',
    name: 'अच्छी नींद के आसान उपाय',
    categorySlug: 'health',
    language: 'hi',
    daysAgo: 62,
    metaTitle: 'अच्छी नींद के आसान उपाय',
    metaDescription:
      'नींद क्यों ज़रूरी है और रोज़ की कौन-सी आदतें रात को गहरी, सुकून भरी नींद पाने में मदद करती हैं।',
    metaKeywords: 'अच्छी नींद, अनिद्रा, नींद की आदतें, स्क्रीन और नींद, सेहत, तनाव',
    html: `<p>रात को बिस्तर पर लेटते ही दिमाग़ में दिन भर की बातें घूमने लगती हैं, करवटें बदलते-बदलते आधी रात हो जाती है और सुबह थकान के साथ आँख खुलती है। अगर यह आपकी भी कहानी है, तो आप अकेले नहीं हैं। बदलती जीवनशैली, देर रात तक फ़ोन और तनाव ने बहुत से लोगों की नींद पर असर डाला है।</p>
<h2>नींद क्यों ज़रूरी है</h2>
<p>नींद सिर्फ़ आराम नहीं है। सोते समय शरीर ख़ुद की मरम्मत करता है, दिमाग़ दिन भर की जानकारी को व्यवस्थित करता है और अगले दिन के लिए ऊर्जा जुटाता है। ज़्यादातर वयस्कों को रोज़ सात से नौ घंटे की नींद की ज़रूरत होती है। लगातार कम नींद से चिड़चिड़ापन, ध्यान की कमी और थकान जैसी समस्याएँ बढ़ सकती हैं।</p>
<blockquote>अच्छी नींद रात में नहीं, सुबह से शुरू होती है — दिन भर की आदतें तय करती हैं कि रात कैसी बीतेगी।</blockquote>
<h2>आदतें जो मदद करती हैं</h2>
<p>हर दिन एक ही समय पर सोने और जागने की कोशिश करें, छुट्टी के दिन भी। इससे शरीर की अंदरूनी घड़ी ठीक रहती है। सुबह कुछ देर धूप में रहना और दिन में थोड़ी शारीरिक गतिविधि करना भी रात की नींद को बेहतर बनाता है।</p>
<p>सोने से एक घंटा पहले फ़ोन, टीवी और लैपटॉप बंद कर दें। इनकी तेज़ रोशनी और लगातार आती सूचनाएँ दिमाग़ को जगाए रखती हैं। इसकी जगह कोई किताब पढ़ें, हल्का संगीत सुनें या अगले दिन के काम एक काग़ज़ पर लिख लें ताकि वे दिमाग़ में न घूमते रहें।</p>
<p>शाम के बाद चाय-कॉफ़ी कम करें और रात का भोजन हल्का रखें तथा सोने से दो-तीन घंटे पहले कर लें। कमरा अँधेरा, शांत और हवादार रखें। अगर बीस-पच्चीस मिनट तक नींद न आए, तो बिस्तर पर पड़े रहने के बजाय उठकर कुछ शांत काम करें और नींद आने पर ही वापस लेटें।</p>
<p>अगर कई हफ़्तों तक नींद की समस्या बनी रहे, तेज़ खर्राटे आते हों या दिन में बहुत ज़्यादा नींद आती हो, तो डॉक्टर से ज़रूर मिलें। नींद की गोलियाँ कभी भी अपने मन से न लें।</p>`,
  },
  {
    legacyId: 1028,
    slug: 'staying-hydrated-in-summer',
    name: "Staying Hydrated in Summer: It's Not Just About Water",
    categorySlug: 'health',
    language: 'en',
    daysAgo: 2,
    metaTitle: 'Staying Hydrated in Summer: It Is Not Just About Water',
    metaDescription:
      'How much to drink in the heat, traditional Indian summer drinks that replace lost salts, and warning signs of heatstroke.',
    metaKeywords:
      'hydration, summer health, heatwave, chaas, nimbu pani, coconut water, heatstroke',
    html: `<p>When temperatures climb above forty degrees, the body works hard to stay cool, mostly by sweating. Every drop of sweat carries away water and salts, and if these are not replaced, the result can be headaches, fatigue, dizziness and, in serious cases, heat exhaustion. Staying hydrated is one of the simplest and most important things you can do during an Indian summer.</p>
<h2>How much is enough?</h2>
<p>There is no single number that suits everyone. Needs vary with age, body size, activity and how hot it is. A practical approach is to drink regularly through the day rather than waiting until you feel thirsty, since thirst often shows up after the body is already running low. The colour of your urine is a useful check: pale yellow usually means you are drinking enough, while dark yellow suggests you need more.</p>
<h2>Traditional drinks that help</h2>
<p>India has a long tradition of summer drinks that do more than quench thirst. Many of them also help replace the salts lost in sweat:</p>
<ul>
<li><strong>Chaas or buttermilk,</strong> lightly salted and spiced with roasted cumin.</li>
<li><strong>Nimbu pani,</strong> fresh lime water with a pinch of salt and a little sugar.</li>
<li><strong>Coconut water,</strong> naturally rich in potassium.</li>
<li><strong>Aam panna,</strong> made from raw mango, a favourite in north India.</li>
<li><strong>Sattu sharbat,</strong> a filling drink made from roasted gram flour, popular in Bihar and eastern Uttar Pradesh.</li>
</ul>
<p>Water-rich foods count too. Watermelon, cucumber, muskmelon, oranges and curd all add to your daily fluid intake. On the other hand, sugary sodas and large amounts of tea or coffee are not the best choices when you are trying to rehydrate.</p>
<p>Take extra care with children and elderly family members, who may not notice thirst as readily. Carry a water bottle when you go out, avoid strenuous activity in the afternoon and rest in the shade when you can.</p>
<p>If someone in the heat becomes confused, stops sweating, has a very high temperature or faints, move them to a cool place and seek medical help immediately. These can be signs of heatstroke, which is a medical emergency.</p>`,
  },
  {
    legacyId: 1029,
    slug: 'walking-the-most-underrated-exercise',
    name: 'Walking: The Most Underrated Exercise',
    categorySlug: 'health',
    language: 'en',
    daysAgo: 47,
    metaTitle: 'Walking: The Most Underrated Exercise',
    metaDescription:
      'Free, simple and good for body and mind: why a daily brisk walk deserves more credit, and how to turn it into a lasting habit.',
    metaKeywords: 'walking, brisk walk, exercise, fitness, healthy habits, heart health',
    html: `<p>Gyms, fitness apps and the latest workout trends get plenty of attention. Walking rarely does. It is free, needs no equipment and can be done almost anywhere, which perhaps makes it easy to overlook. Yet for most people, a regular brisk walk is one of the most effective and sustainable ways to stay healthy.</p>
<h2>What a daily walk can do</h2>
<p>Regular walking supports heart health, helps with weight management, strengthens leg muscles and keeps joints moving. It is widely recommended as part of keeping blood sugar and blood pressure in check. Just as importantly, it is good for the mind. A walk in the morning light or among the trees of a park can lift mood, ease stress and clear a cluttered head.</p>
<p>Health guidelines commonly suggest at least 150 minutes of moderate activity a week for adults. That is roughly thirty minutes of brisk walking on five days. Brisk means a pace at which you can talk but would find it hard to sing.</p>
<blockquote>The best exercise is the one you will actually do. For millions of people, that is simply putting on comfortable shoes and stepping out of the door.</blockquote>
<h2>Making it a habit</h2>
<p>Start where you are. If thirty minutes feels like too much, begin with ten and add a few minutes each week. A short stroll after meals is a pleasant habit many families already follow. Take the stairs instead of the lift, walk to the nearby market instead of taking the scooter, or take phone calls while pacing the terrace.</p>
<p>Walking with a friend or family member makes it more enjoyable and helps you stay consistent. Many neighbourhood parks have morning groups who walk together and chat, turning exercise into a social event.</p>
<p>Wear supportive footwear, avoid the hottest hours in summer and carry water. If you have a heart condition, joint problems or any other health concern, check with your doctor before starting a new routine. Then, one step at a time, let the habit grow.</p>`,
  },
  {
    legacyId: 1030,
    slug: 'eye-care-in-the-screen-age',
    name: 'Eye Care in the Screen Age: The 20-20-20 Rule and More',
    categorySlug: 'health',
    language: 'en',
    daysAgo: 79,
    metaTitle: 'Eye Care in the Screen Age: The 20-20-20 Rule and More',
    metaDescription:
      'Why long hours on screens tire the eyes, and simple habits such as the 20-20-20 rule that keep them comfortable.',
    metaKeywords: 'eye care, digital eye strain, 20-20-20 rule, screen time, dry eyes, eye health',
    html: `<p>Office work on a laptop, evenings on a phone, weekends in front of a television: many of us now spend most of our waking hours looking at screens. It is no surprise that complaints of tired, dry and aching eyes have become so common. The good news is that a few simple habits can make a real difference.</p>
<h2>Why screens tire the eyes</h2>
<p>When we focus on a screen at close range for long periods, the small muscles inside the eye that control focusing stay tense. We also blink much less than usual while concentrating, so the surface of the eye dries out. Glare, poor lighting and screens placed at awkward heights add to the strain. The result, often called digital eye strain, can include blurred vision, headaches and a gritty feeling in the eyes.</p>
<h2>Habits that help</h2>
<p>The best-known habit is the 20-20-20 rule: every 20 minutes, look at something about 20 feet away for at least 20 seconds. This gives the focusing muscles a short break. It also helps to blink consciously now and then, with a few slow, full blinks to keep the eyes moist.</p>
<p>Your set-up matters as well. Keep the screen about an arm's length away, with its top at or slightly below eye level. Avoid working with a bright window directly behind the screen, and do not use a bright screen in a completely dark room. If you find yourself leaning forward to read, increase the font size.</p>
<p>Children need attention too. Encourage outdoor play, which many eye specialists consider good for developing eyes, and set limits on continuous screen use for homework and entertainment alike.</p>
<p>Regular eye check-ups are important, especially if you already wear glasses or notice changes in your vision. An outdated prescription can make screen work much more tiring.</p>
<p>If you experience persistent pain, redness, sudden changes in vision or flashes of light, consult an eye doctor promptly. For everyday strain, though, a little discipline and a few regular breaks can keep your eyes comfortable through even the longest workday.</p>`,
  },

  // ---------------------------------------------------------------- Technology
  {
    legacyId: 1031,
    slug: 'upi-bhugtan-surakshit-rehne-ke-niyam',
    name: 'यूपीआई भुगतान: सुरक्षित रहने के ज़रूरी नियम',
    categorySlug: 'technology',
    language: 'hi',
    daysAgo: 6,
    metaTitle: 'यूपीआई भुगतान: सुरक्षित रहने के ज़रूरी नियम',
    metaDescription:
      'पैसे पाने के लिए पिन कभी नहीं लगता। यूपीआई से सुरक्षित भुगतान के आसान नियम और ठगी होने पर तुरंत उठाए जाने वाले क़दम।',
    metaKeywords: 'यूपीआई सुरक्षा, यूपीआई पिन, क्यूआर कोड ठगी, डिजिटल भुगतान, 1930 हेल्पलाइन',
    html: `<p>सब्ज़ी वाले से लेकर बड़े शोरूम तक, आज लगभग हर जगह यूपीआई से भुगतान हो जाता है। फ़ोन निकाला, क्यूआर कोड स्कैन किया, पिन डाला और काम पूरा। यह सुविधा जितनी आसान है, ठगों के लिए भी उतनी ही आकर्षक है। थोड़ी-सी जानकारी और सावधानी से आप अपने पैसों को सुरक्षित रख सकते हैं।</p>
<h2>सबसे ज़रूरी बात: पैसे पाने के लिए पिन नहीं लगता</h2>
<p>यूपीआई में पिन सिर्फ़ पैसे भेजने के लिए डाला जाता है, पैसे पाने के लिए कभी नहीं। अगर कोई कहे कि "आपके खाते में पैसे भेजने के लिए पिन डालिए" या "रिफ़ंड लेने के लिए यह क्यूआर कोड स्कैन कीजिए", तो समझ लीजिए कि यह ठगी है। क्यूआर कोड स्कैन करना भी भुगतान करने के लिए होता है, पैसे लेने के लिए नहीं।</p>
<h2>सुरक्षित रहने के नियम</h2>
<ul>
<li>अपना यूपीआई पिन, ओटीपी या बैंक की जानकारी किसी के साथ साझा न करें, चाहे वह ख़ुद को बैंक कर्मचारी ही क्यों न बताए।</li>
<li>पैसे माँगने वाले अनुरोध यानी कलेक्ट रिक्वेस्ट को ध्यान से पढ़ें। अनजान व्यक्ति का अनुरोध तुरंत अस्वीकार करें।</li>
<li>भुगतान से पहले स्क्रीन पर दिख रहा नाम ज़रूर जाँच लें।</li>
<li>किसी के कहने पर स्क्रीन शेयर करने या रिमोट एक्सेस वाले ऐप डाउनलोड न करें।</li>
<li>ग्राहक सेवा नंबर हमेशा आधिकारिक ऐप या बैंक की वेबसाइट से ही लें, इंटरनेट पर मिले किसी भी नंबर से नहीं।</li>
<li>फ़ोन में स्क्रीन लॉक और यूपीआई ऐप में अतिरिक्त सुरक्षा लॉक चालू रखें।</li>
</ul>
<p>दुकानदारों को भी सतर्क रहना चाहिए। कई बार ठग नकली भुगतान का स्क्रीनशॉट दिखाकर सामान ले जाते हैं। इसलिए भुगतान की पुष्टि अपने बैंक के संदेश या ऐप में ही देखें।</p>
<p>अगर कभी ठगी हो जाए, तो तुरंत अपने बैंक को सूचित करें और राष्ट्रीय साइबर अपराध हेल्पलाइन 1930 पर शिकायत दर्ज करें। जितनी जल्दी शिकायत होगी, पैसे वापस मिलने की संभावना उतनी बेहतर होगी। डिजिटल भुगतान हमारी ज़िंदगी आसान बनाने के लिए है — समझदारी से इस्तेमाल करें, तो यह सुविधा भरोसेमंद भी है।</p>`,
  },
  {
    legacyId: 1032,
    slug: 'mazboot-password-kaise-banayen',
    name: 'मज़बूत पासवर्ड कैसे बनाएँ और याद रखें',
    categorySlug: 'technology',
    language: 'hi',
    daysAgo: 38,
    metaTitle: 'मज़बूत पासवर्ड कैसे बनाएँ और याद रखें',
    metaDescription:
      'कमज़ोर पासवर्ड की पहचान, याद रखने में आसान पर मज़बूत पासफ़्रेज़ बनाने का तरीक़ा और हर खाते के लिए अलग पासवर्ड क्यों ज़रूरी है।',
    metaKeywords: 'मज़बूत पासवर्ड, पासफ़्रेज़, पासवर्ड मैनेजर, साइबर सुरक्षा, टू-फ़ैक्टर ऑथेंटिकेशन',
    html: `<p>ईमेल, बैंक, सोशल मीडिया, ऑनलाइन ख़रीदारी — हर जगह एक पासवर्ड चाहिए। इतने सारे पासवर्ड याद रखना मुश्किल लगता है, इसलिए बहुत से लोग एक ही आसान पासवर्ड हर जगह इस्तेमाल करते हैं, जैसे अपना नाम और जन्म का साल। यही आदत साइबर अपराधियों का काम सबसे आसान बना देती है।</p>
<h2>कमज़ोर पासवर्ड की पहचान</h2>
<p>"123456", "password", मोबाइल नंबर, गाड़ी का नंबर, बच्चों के नाम या जन्मतिथि — ये सब ऐसे पासवर्ड हैं जिन्हें अंदाज़े से या कंप्यूटर प्रोग्राम की मदद से कुछ ही पलों में तोड़ा जा सकता है। आपकी बहुत-सी निजी जानकारी सोशल मीडिया पर पहले से मौजूद होती है, इसलिए उससे जुड़े पासवर्ड का अनुमान लगाना और भी आसान है।</p>
<h2>मज़बूत पासवर्ड का आसान तरीक़ा</h2>
<p>लंबा पासवर्ड, जटिल पर छोटे पासवर्ड से ज़्यादा सुरक्षित होता है। एक अच्छा तरीक़ा है पासफ़्रेज़ बनाना — तीन-चार ऐसे शब्द जोड़ दीजिए जिनका आपस में कोई सीधा संबंध न हो, जैसे किसी रंग, किसी फल, किसी जगह और किसी संख्या को मिलाकर बना एक लंबा वाक्यांश। इसे याद रखना आसान है, पर अनुमान लगाना बहुत मुश्किल।</p>
<p>सबसे ज़रूरी नियम यह है कि हर महत्वपूर्ण खाते के लिए अलग पासवर्ड हो, ताकि किसी एक वेबसाइट का डेटा लीक होने पर भी बाक़ी खाते सुरक्षित रहें। ख़ासकर ईमेल का पासवर्ड सबसे मज़बूत और अलग होना चाहिए, क्योंकि बाक़ी खातों के पासवर्ड बदलने के लिंक उसी पर आते हैं।</p>
<p>इतने पासवर्ड याद रखने के लिए किसी भरोसेमंद पासवर्ड मैनेजर ऐप की मदद ली जा सकती है, जो सभी पासवर्ड को एक मास्टर पासवर्ड के पीछे सुरक्षित रखता है। पासवर्ड को काग़ज़ पर लिखकर फ़ोन के कवर में रखना या कंप्यूटर पर चिपकाना ठीक नहीं।</p>
<p>इसके साथ ही जहाँ संभव हो, टू-फ़ैक्टर ऑथेंटिकेशन चालू करें। तब पासवर्ड पता चल जाने पर भी कोई आपके खाते में आसानी से नहीं घुस पाएगा। आज ही अपने सबसे ज़रूरी तीन खातों के पासवर्ड बदलने से शुरुआत कीजिए।</p>`,
  },
  {
    legacyId: 1033,
    slug: 'buzurgon-ko-smartphone-sikhane-ke-tareeke',
    name: 'बुज़ुर्गों को स्मार्टफ़ोन सिखाने के आसान तरीक़े',
    categorySlug: 'technology',
    language: 'hi',
    daysAgo: 91,
    metaTitle: 'बुज़ुर्गों को स्मार्टफ़ोन सिखाने के आसान तरीक़े',
    metaDescription:
      'फ़ोन की सेटिंग आसान बनाने से लेकर धैर्य से सिखाने और ऑनलाइन ठगी से बचाने तक: बुज़ुर्गों को स्मार्टफ़ोन सिखाने के सुझाव।',
    metaKeywords: 'बुज़ुर्ग और स्मार्टफ़ोन, डिजिटल साक्षरता, वीडियो कॉल, परिवार, ऑनलाइन सुरक्षा',
    html: `<p>आज बहुत से दादा-दादी और नाना-नानी स्मार्टफ़ोन इस्तेमाल करना चाहते हैं — पोते-पोतियों से वीडियो कॉल पर बात करने, भजन सुनने, ख़बरें पढ़ने या बिजली का बिल भरने के लिए। लेकिन छोटे आइकन, अंग्रेज़ी शब्द और बार-बार बदलती स्क्रीन उन्हें उलझा देती हैं। थोड़े धैर्य और सही तरीक़े से उन्हें आसानी से सिखाया जा सकता है।</p>
<h2>पहले फ़ोन को आसान बनाइए</h2>
<p>सिखाने से पहले फ़ोन की सेटिंग उनके अनुकूल कर दीजिए। अक्षरों का आकार बड़ा कीजिए, स्क्रीन की रोशनी ठीक रखिए और होम स्क्रीन पर सिर्फ़ वही ऐप रखिए जिनकी उन्हें ज़रूरत है। फ़ोन की भाषा हिंदी या उनकी पसंद की भाषा में बदल दीजिए। ज़रूरी नंबर नाम और फ़ोटो के साथ सेव कर दीजिए ताकि उन्हें ढूँढना न पड़े।</p>
<h2>सिखाने का सही तरीक़ा</h2>
<p>एक बार में एक ही काम सिखाइए, जैसे आज सिर्फ़ वीडियो कॉल करना और उठाना। फ़ोन उनके हाथ में दीजिए और उन्हें ख़ुद करने दीजिए; आप सिर्फ़ बताइए, ख़ुद बटन मत दबाइए। हर क़दम को एक कॉपी में बड़े अक्षरों में लिख दीजिए, ताकि आपकी ग़ैरमौजूदगी में वे उसे देख सकें। और अगर वे एक ही सवाल दोबारा पूछें, तो झुँझलाइए नहीं। याद रखिए, उन्होंने भी कभी आपको बड़े धैर्य से चलना और बोलना सिखाया था।</p>
<p>सुरक्षा की बात भी ज़रूर कीजिए। उन्हें साफ़ शब्दों में बताइए कि कोई भी बैंक फ़ोन पर ओटीपी या पिन नहीं माँगता, अनजान लिंक पर क्लिक नहीं करना है और इनाम या लॉटरी वाले संदेश अक्सर धोखा होते हैं। कोई भी शक हो तो पहले परिवार के किसी सदस्य से पूछने की आदत डालिए।</p>
<p>जब आपके माता-पिता या दादा-दादी पहली बार ख़ुद वीडियो कॉल करके आपको देखेंगे, तो उनके चेहरे की ख़ुशी देखने लायक़ होगी। तकनीक तभी सार्थक है जब वह परिवार की हर पीढ़ी को जोड़े।</p>`,
  },
  {
    legacyId: 1034,
    slug: 'upi-safety-common-scams-and-how-to-avoid-them',
    name: 'UPI Safety: Common Scams and How to Avoid Them',
    categorySlug: 'technology',
    language: 'en',
    daysAgo: 12,
    metaTitle: 'UPI Safety: Common Scams and How to Avoid Them',
    metaDescription:
      'Fake refunds, collect requests and bogus helplines: the most common UPI scams, the one golden rule, and what to do if you are cheated.',
    metaKeywords:
      'UPI safety, UPI scams, UPI PIN, QR code fraud, digital payments, cybercrime helpline 1930',
    html: `<p>UPI has transformed how India pays. Splitting a restaurant bill, paying the milkman or sending money to family in another state now takes a few seconds. But as digital payments have grown, so have the tricks used by fraudsters. Most UPI scams do not involve hacking at all. They rely on persuading you to do something yourself.</p>
<h2>The scams to watch out for</h2>
<ul>
<li><strong>The fake refund:</strong> someone claims to be from a shopping site or a delivery company and says you are owed money. They send a QR code or a payment request and ask you to scan it or enter your PIN to receive the refund.</li>
<li><strong>The accidental transfer:</strong> a stranger says they sent money to your number by mistake and pleads for it back. Often the original payment was never real.</li>
<li><strong>The helpful customer care agent:</strong> you search online for a support number, call it and reach a fraudster who asks you to install a screen-sharing app.</li>
<li><strong>The eager buyer:</strong> someone keen to buy the old sofa you listed online sends a request to pay you that actually debits your account.</li>
</ul>
<h2>The golden rule</h2>
<p>Remember this above all: <strong>you never need to enter your UPI PIN to receive money.</strong> The PIN is only for sending money. Scanning a QR code is also a way of paying, not receiving. If anyone asks you to do either in order to get money, it is a scam.</p>
<p>A few other habits go a long way. Check the name that appears on screen before confirming any payment. Never share your PIN or OTP with anyone. Take customer care numbers only from official apps or the company's own website. Ignore urgent messages that pressure you to act immediately; urgency is the fraudster's favourite tool.</p>
<p>If you do lose money, act quickly. Inform your bank through its official helpline and report the fraud on the national cybercrime helpline, 1930. Quick reporting improves the chances of the money being frozen before it disappears.</p>
<p>Share these tips with older relatives and teenagers in your family. A two-minute conversation today could save someone a great deal of money and distress.</p>`,
  },
  {
    legacyId: 1035,
    slug: 'backing-up-your-phone-a-beginners-guide',
    name: "Backing Up Your Phone: A Beginner's Guide",
    categorySlug: 'technology',
    language: 'en',
    daysAgo: 55,
    metaTitle: "Backing Up Your Phone: A Beginner's Guide",
    metaDescription:
      'Protect your photos, contacts and chats before disaster strikes. Three simple steps to back up your phone, plus the 3-2-1 rule.',
    metaKeywords:
      'phone backup, cloud backup, photos, data safety, 3-2-1 backup rule, smartphone tips',
    html: `<p>Phones are left in autorickshaws, dropped in buckets of water and stolen at crowded stations every day. The device itself can be replaced. The photos of a child's first birthday, years of contacts and important documents often cannot, unless you have a backup. Setting one up takes less time than most people imagine.</p>
<h2>What should you back up?</h2>
<p>Start by thinking about what would hurt to lose. For most people the list includes photos and videos, contacts, chat history, important documents such as scanned identity cards or certificates, and notes. App data such as game progress is nice to have but rarely essential.</p>
<h2>Three simple steps</h2>
<p>First, turn on the built-in cloud backup. Both major phone operating systems can automatically back up contacts, settings and photos to your account; find the option in the settings menu and choose to back up over Wi-Fi to save mobile data. Second, back up your chats, since popular messaging apps have their own backup setting that can run daily or weekly. Third, keep an offline copy: every few months, copy photos and important files to a computer or an external drive, which protects you if you ever lose access to your online account.</p>
<p>Experts often recommend the 3-2-1 approach: keep three copies of important data, on two different types of storage, with at least one copy stored away from home. It may sound elaborate, but a phone, a cloud account and a pen drive kept at a relative's house already meet the rule.</p>
<p>Free cloud storage is limited, so photos and videos may fill it quickly. Delete blurry shots and duplicate forwards regularly, or consider a paid plan if your memories are worth it. Also make sure the account that holds your backup is protected with a strong password and two-factor authentication.</p>
<p>Finally, test your backup once in a while. Open the cloud service on another device and check that your recent photos are actually there. A backup you have never checked is only a hope.</p>`,
  },
  {
    legacyId: 1036,
    slug: 'what-is-two-factor-authentication',
    name: 'What Is Two-Factor Authentication, and Why Should You Use It?',
    categorySlug: 'technology',
    language: 'en',
    daysAgo: 118,
    metaTitle: 'What Is Two-Factor Authentication, and Why Use It?',
    metaDescription:
      'Two-factor authentication adds a second lock to your accounts. How it works, which methods are safest and where to switch it on first.',
    metaKeywords:
      'two-factor authentication, 2FA, OTP, authenticator app, account security, passwords',
    html: `<p>Passwords have a problem: they can be guessed, stolen or leaked. Data breaches at websites regularly expose huge numbers of usernames and passwords, and because many people reuse the same password everywhere, one leak can unlock several accounts. Two-factor authentication, often shortened to 2FA, is one of the simplest ways to close that gap.</p>
<h2>The idea in plain words</h2>
<p>Two-factor authentication asks for two different kinds of proof before letting you in. The first is something you know, such as your password. The second is something you have, such as your phone, or something you are, such as your fingerprint. Even if a criminal gets hold of your password, they cannot log in without the second factor.</p>
<p>You have probably used a version of this already. When a bank sends a one-time password to your phone before confirming a transaction, that is a form of two-factor authentication.</p>
<blockquote>Think of 2FA as a second lock on your front door. A thief who has copied one key still cannot get inside.</blockquote>
<h2>Types of second factor</h2>
<p>The most common method is a code sent by SMS. It is far better than nothing, but SMS codes can be intercepted in rare cases, for example through SIM swap fraud. Authenticator apps, which generate a fresh six-digit code every thirty seconds on your phone, are generally more secure. Some services also support physical security keys or approval prompts that pop up on a trusted device.</p>
<p>Turning on 2FA usually takes a few minutes. Look for security or login settings in each account. Start with your email, since it is the key to resetting passwords for almost everything else, and then move on to social media, shopping and cloud storage accounts. When setting it up, save the backup codes the service offers somewhere safe, in case you lose your phone.</p>
<p>Never share a 2FA code with anyone who calls or messages you, no matter who they claim to be. Used sensibly, this small extra step makes your accounts dramatically harder to break into.</p>`,
  },

  // ---------------------------------------------------------------- Travel
  {
    legacyId: 1037,
    slug: 'jaisalmer-registan-ke-sunehre-rang',
    name: 'जैसलमेर: रेगिस्तान के सुनहरे रंग',
    categorySlug: 'rajasthan',
    language: 'hi',
    daysAgo: 1,
    metaTitle: 'जैसलमेर: रेगिस्तान के सुनहरे रंग | राजस्थान यात्रा',
    metaDescription:
      'सोनार क़िला, पटवों की हवेली, गड़ीसर झील और सम के टीले: जैसलमेर की यात्रा के लिए एक आसान गाइड और ज़रूरी सुझाव।',
    metaKeywords: 'जैसलमेर, राजस्थान यात्रा, सोनार क़िला, थार रेगिस्तान, सम के टीले, पर्यटन',
    html: `<p>थार रेगिस्तान के बीचोंबीच बसा जैसलमेर दूर से देखने पर किसी सुनहरे सपने जैसा लगता है। पीले बलुआ पत्थर से बनी इमारतें, दोपहर की धूप में चमकता क़िला और शाम को रेत के टीलों पर उतरता नारंगी आसमान — इसी वजह से इसे "स्वर्ण नगरी" कहा जाता है। राजस्थान की यात्रा पर निकले ज़्यादातर मुसाफ़िरों की सूची में जैसलमेर का नाम ज़रूर होता है।</p>
<h2>जीता-जागता क़िला</h2>
<p>जैसलमेर का क़िला, जिसे सोनार क़िला भी कहते हैं, इस शहर की पहचान है। यह उन गिने-चुने क़िलों में है जिनके भीतर आज भी लोग रहते हैं। संकरी गलियों में घर, दुकानें, मंदिर और छोटे-छोटे कैफ़े हैं। सुबह-सुबह यहाँ घूमना सबसे अच्छा है, जब गलियाँ शांत होती हैं और पत्थर की दीवारें धूप में धीरे-धीरे सुनहरी होने लगती हैं।</p>
<p>क़िले के अलावा पटवों की हवेली की बारीक नक़्क़ाशी देखने लायक़ है। पत्थर पर ऐसा महीन काम किया गया है मानो वह लकड़ी हो। शाम को गड़ीसर झील के किनारे बैठकर पानी में झिलमिलाती छतरियों को देखना मन को सुकून देता है।</p>
<h2>रेत के टीले और लोक संगीत</h2>
<p>शहर से कुछ दूरी पर सम के रेत के टीले हैं, जहाँ ऊँट की सवारी और सूर्यास्त का नज़ारा यात्रियों को ख़ूब लुभाता है। रात को अलाव के पास बैठकर मांगणियार कलाकारों का लोक संगीत सुनना इस यात्रा का सबसे यादगार हिस्सा बन सकता है। योजना बनाते समय इन बातों का ध्यान रखें:</p>
<ul>
<li>घूमने का सबसे अच्छा समय अक्टूबर से मार्च के बीच है। गर्मियों में यहाँ बहुत तेज़ गर्मी पड़ती है।</li>
<li>रेगिस्तान में दिन गर्म और रातें ठंडी होती हैं, इसलिए सर्दियों में गर्म कपड़े ज़रूर साथ रखें।</li>
<li>धूप का चश्मा, टोपी और पानी की बोतल हमेशा पास रखें।</li>
<li>स्थानीय हस्तशिल्प, जैसे कढ़ाई वाले कपड़े और पत्थर की कारीगरी, सीधे कारीगरों से ख़रीदें।</li>
</ul>
<p>जैसलमेर सिर्फ़ देखने की नहीं, महसूस करने की जगह है। यहाँ की रेत, संगीत और लोगों की मेहमाननवाज़ी लौटने के बाद भी लंबे समय तक याद रहती है।</p>`,
  },
  {
    legacyId: 1038,
    slug: 'pahadon-ki-yatra-se-pehle-taiyari',
    name: 'पहाड़ों की यात्रा से पहले ज़रूरी तैयारी',
    categorySlug: 'travel',
    language: 'hi',
    daysAgo: 65,
    metaTitle: 'पहाड़ों की यात्रा से पहले ज़रूरी तैयारी',
    metaDescription:
      'मौसम और रास्तों की जानकारी, सही सामान, ऊँचाई पर सेहत और पहाड़ों को साफ़ रखने की ज़िम्मेदारी: पहाड़ी यात्रा के सुझाव।',
    metaKeywords: 'पहाड़ों की यात्रा, हिल स्टेशन, यात्रा सुझाव, पहाड़ी सड़कें, ज़िम्मेदार पर्यटन',
    html: `<p>गर्मियों की छुट्टियाँ आते ही बहुत से परिवार पहाड़ों की ओर निकल पड़ते हैं। ठंडी हवा, देवदार के जंगल, बहती नदियाँ और बादलों से घिरी चोटियाँ — पहाड़ हर किसी को अपनी ओर खींचते हैं। लेकिन पहाड़ी रास्तों और मौसम का मिज़ाज मैदानों से अलग होता है, इसलिए थोड़ी तैयारी यात्रा को सुरक्षित और सुखद बना सकती है।</p>
<h2>मौसम और रास्ते की जानकारी</h2>
<p>पहाड़ों में मौसम पल भर में बदल सकता है। धूप भरी सुबह दोपहर तक बारिश या ओलों में बदल जाए, यह आम बात है। यात्रा से पहले मौसम का पूर्वानुमान और रास्तों की स्थिति ज़रूर देख लें। मानसून के दिनों में भूस्खलन का ख़तरा बढ़ जाता है, इसलिए उस समय पहाड़ी इलाक़ों की लंबी सड़क यात्रा सोच-समझकर ही करें।</p>
<p>पहाड़ी सड़कों पर रात में गाड़ी चलाने से बचें। अगर अपनी गाड़ी से जा रहे हैं, तो ब्रेक, टायर और हेडलाइट की जाँच पहले करवा लें। लंबी यात्रा में हर दो-तीन घंटे पर रुककर आराम करें।</p>
<h2>सामान और सेहत</h2>
<p>कपड़ों की परतें साथ रखें — सूती कपड़ों के ऊपर एक स्वेटर और उसके ऊपर हवा-पानी से बचाने वाली जैकेट। मज़बूत पकड़ वाले जूते, टोपी, सनस्क्रीन, छोटी प्राथमिक चिकित्सा किट और अपनी नियमित दवाएँ न भूलें। कई लोगों को घुमावदार रास्तों पर जी मिचलाने या चक्कर आने की शिकायत होती है; ऐसे में हल्का खाना खाएँ और ज़रूरत हो तो पहले से डॉक्टर से सलाह ले लें।</p>
<p>बहुत ऊँचाई वाली जगहों पर जा रहे हों तो शरीर को ढलने का समय दें। पहले दिन आराम करें, पानी ख़ूब पिएँ और तेज़ चढ़ाई से बचें। सिरदर्द, साँस फूलना या बेचैनी बढ़े, तो नीचे की ओर लौटना ही समझदारी है।</p>
<blockquote>पहाड़ हमें धीरे चलना सिखाते हैं। जो उनकी लय को समझ लेता है, उसके लिए हर मोड़ एक नया उपहार है।</blockquote>
<p>और सबसे ज़रूरी बात, पहाड़ों को साफ़ रखें। प्लास्टिक की बोतलें और पैकेट वापस लेकर आएँ, नदियों-झरनों को गंदा न करें और स्थानीय लोगों की परंपराओं का सम्मान करें। पहाड़ हमें सुकून देते हैं; बदले में हम उन्हें कम से कम इतना तो लौटा ही सकते हैं।</p>`,
  },
  {
    legacyId: 1039,
    slug: 'udaipur-beyond-the-lakes',
    name: "Udaipur Beyond the Lakes: A Slow Traveller's Guide",
    categorySlug: 'rajasthan',
    language: 'en',
    daysAgo: 21,
    metaTitle: "Udaipur Beyond the Lakes: A Slow Traveller's Guide",
    metaDescription:
      'Quiet ghats, palace courtyards, folk dance evenings and home-style thalis: how to enjoy Udaipur at an unhurried pace.',
    metaKeywords: 'Udaipur, Rajasthan travel, Lake Pichola, City Palace, slow travel, Fateh Sagar',
    html: `<p>Udaipur has a reputation that arrives before you do. The City of Lakes, the Venice of the East, the most romantic city in India: the labels are everywhere. Happily, the real place lives up to much of the praise, especially if you resist the urge to rush from one sight to the next and let the city reveal itself slowly.</p>
<h2>Mornings by the water</h2>
<p>Begin early at the ghats of Lake Pichola, when the water is still and the only sounds are temple bells and the slap of laundry on stone steps. The old city rises around the lake in a jumble of whitewashed houses, havelis and rooftops. The grand City Palace, stretching along the eastern shore, is best explored before the midday crowds, with its courtyards, mirrored rooms and balconies overlooking the lake.</p>
<p>A short boat ride in the late afternoon shows the city from a different angle, with palaces and ghats turning golden as the sun goes down.</p>
<h2>Beyond the postcard views</h2>
<p>Spend time simply walking the lanes around the Jagdish Temple, where miniature painters work in tiny studios and shops sell block-printed textiles and silver jewellery. In the evening, a performance of traditional Rajasthani dance and puppetry at Bagore ki Haveli offers a lively glimpse of local folk culture. A few other ideas for unhurried days:</p>
<ul>
<li>Stroll through Saheliyon ki Bari, a garden of fountains, lotus pools and shady walkways.</li>
<li>Watch the sunset from the hilltop Sajjangarh, often called the Monsoon Palace.</li>
<li>Sit by Fateh Sagar Lake in the evening, where local families gather for snacks and boat rides.</li>
<li>Try a home-style Rajasthani thali with dal baati churma and ker sangri.</li>
</ul>
<p>The pleasant months from October to March are the most popular, but the monsoon has its own charm, when the lakes fill up and the surrounding Aravalli hills turn green. Whenever you go, give Udaipur at least three days. It is a city that rewards those who linger.</p>`,
  },
  {
    legacyId: 1040,
    slug: 'travelling-by-train-in-india-tips',
    name: 'Travelling by Train in India: Tips for a Comfortable Journey',
    categorySlug: 'travel',
    language: 'en',
    daysAgo: 70,
    metaTitle: 'Travelling by Train in India: Tips for a Comfortable Journey',
    metaDescription:
      'Booking early, packing smart, eating well and being a good co-passenger: practical tips for long train journeys in India.',
    metaKeywords:
      'train travel India, Indian Railways, travel tips, sleeper class, train journey, packing',
    html: `<p>There is a reason so many Indians have fond memories of train journeys. The rhythm of the wheels, the changing landscape outside the window, the tea sellers calling out at every station and the conversations with strangers who become friends for a day: a train ride is transport and experience rolled into one. With a little planning, it can also be comfortable.</p>
<h2>Before you board</h2>
<p>Book as early as you can, especially around festivals, summer holidays and long weekends, when popular routes fill up quickly. Choose your class according to the journey. For long overnight trips, a berth in an air-conditioned coach offers more comfort, while shorter daytime journeys in a chair car or sleeper coach can be perfectly pleasant and more economical.</p>
<p>Keep a digital and a printed copy of your ticket, along with a valid photo identity card. Check the train's running status before leaving home, since delays are common on long routes, and reach the station with enough time to find your platform and coach without rushing.</p>
<h2>On the journey</h2>
<p>Pack light and smart. A small bag with essentials such as water, snacks, a light shawl, a power bank, hand sanitiser and any medicines you need should stay within easy reach, while larger luggage can be locked and chained under the lower berth. A pair of slippers makes moving around the coach easier, and earplugs help on a noisy night.</p>
<p>Food is part of the pleasure. Many stations are known for local snacks, from hot pakoras to regional sweets, and meals can also be ordered in advance for delivery at many stations. Stick to freshly cooked food and sealed water bottles.</p>
<p>Be considerate of fellow passengers. Keep phone calls and music quiet, especially at night, respect the lower berth passenger's need to sleep once the lights go off, and help keep the toilets and aisles clean. Train etiquette is simple, but it makes every journey better for everyone in the coach.</p>
<p>Above all, leave some time to look out of the window. Fields, rivers, small stations and distant hills roll past in a way no flight can match.</p>`,
  },

  // ---------------------------------------------------------------- Stories
  {
    legacyId: 1041,
    slug: 'neem-ke-ped-wali-chitthi',
    name: 'नीम के पेड़ वाली चिट्ठी',
    categorySlug: 'stories',
    language: 'hi',
    daysAgo: 14,
    metaTitle: 'नीम के पेड़ वाली चिट्ठी: एक कहानी',
    metaDescription:
      'नीम के खोखले तने में मिली एक पुरानी चिट्ठी बारह साल के रघु को मोहल्ले के इतिहास और एक भूले हुए वादे से जोड़ देती है।',
    metaKeywords: 'हिंदी कहानी, नीम का पेड़, चिट्ठी, बच्चों की कहानी, पेड़ लगाना, लघुकथा',
    html: `<p>गर्मी की छुट्टियों की एक दोपहर, जब पूरा मोहल्ला सो रहा था, बारह साल का रघु अपनी गेंद ढूँढते-ढूँढते पुराने नीम के पेड़ तक पहुँच गया। गेंद तो नहीं मिली, पर पेड़ के तने में बने एक खोखले हिस्से में उसे कुछ चमकता दिखा। हाथ डाला तो एक पुराना, ज़ंग लगा टिन का डिब्बा निकला।</p>
<p>डिब्बे के अंदर मोमजामे में लिपटी एक चिट्ठी थी। स्याही फीकी पड़ चुकी थी, पर अक्षर साफ़ पढ़े जा सकते थे। ऊपर लिखा था — "जो भी इसे पढ़े, उसके नाम।"</p>
<h2>बरसों पुराना संदेश</h2>
<p>"मेरा नाम सरला है। आज मैंने इस नीम को पानी दिया है। यह अभी मेरे कंधे तक ही आता है। माँ कहती हैं कि नीम धीरे बढ़ता है, पर बहुत लंबा जीता है। जब तुम यह चिट्ठी पढ़ोगे, तब शायद यह बहुत बड़ा हो चुका होगा। मेरी तुमसे एक विनती है — इसकी छाँव में बैठकर एक नया पेड़ ज़रूर लगाना। और अगर हो सके, तो मुझे बताना कि मेरा नीम कैसा है।" नीचे एक तारीख़ लिखी थी, जो रघु के जन्म से बहुत पहले की थी।</p>
<p>रघु देर तक पेड़ को देखता रहा। उसकी घनी छाँव में मोहल्ले के बुज़ुर्ग ताश खेलते थे, बच्चे झूला डालते थे और गर्मियों में सब्ज़ी वाला अपना ठेला यहीं खड़ा करता था। उसने कभी सोचा ही नहीं था कि इस पेड़ को किसी ने अपने हाथों से लगाया होगा।</p>
<h2>सरला दीदी</h2>
<p>अगले दिन उसने वह चिट्ठी स्कूल की लाइब्रेरी वाली सरला दीदी को दिखाई, क्योंकि पुरानी चीज़ों के बारे में सबसे ज़्यादा वही जानती थीं। चिट्ठी पढ़ते ही उनकी आँखें भर आईं। उन्होंने धीरे से कहा, "यह मेरी लिखावट है, रघु। मैं तो इसे भूल ही गई थी।"</p>
<p>उस शाम सरला दीदी बरसों बाद नीम के नीचे आकर बैठीं। रघु जामुन का एक छोटा-सा पौधा लेकर आया और दोनों ने मिलकर उसे पास की ख़ाली ज़मीन में रोप दिया। फिर रघु ने एक नई चिट्ठी लिखी, उसे उसी डिब्बे में रखा और पेड़ के खोखले में वापस सरका दिया। उस पर लिखा था — "जो भी इसे पढ़े, उसके नाम।"</p>`,
  },
  {
    legacyId: 1042,
    slug: 'baarish-aur-purana-chhata',
    name: 'बारिश और पुराना छाता',
    categorySlug: 'stories',
    language: 'hi',
    daysAgo: 33,
    metaTitle: 'बारिश और पुराना छाता: एक कहानी',
    metaDescription:
      'दादाजी का पैबंद लगा काला छाता मीनू को कभी पसंद नहीं था, फिर जुलाई की एक बरसाती शाम ने उसकी नज़र बदल दी।',
    metaKeywords: 'हिंदी कहानी, बारिश, दादाजी, परिवार, लघुकथा, पुराना छाता',
    html: `<p>घर के दरवाज़े के पीछे, एक कील पर, बरसों से एक काला छाता टँगा रहता था। उसकी लकड़ी की मुड़ी हुई मूठ घिसकर चिकनी हो चुकी थी और कपड़े पर दो जगह पैबंद लगे थे। वह दादाजी का छाता था। मीनू को वह छाता बिल्कुल पसंद नहीं था। उसकी सहेलियों के पास रंग-बिरंगे, बटन दबाते ही खुल जाने वाले छाते थे।</p>
<p>"दादाजी, यह इतना पुराना है, इसे बदल क्यों नहीं देते?" मीनू ने एक दिन पूछा। दादाजी मुस्कुराए, "छाता बारिश रोकने के लिए होता है, बिटिया, दिखाने के लिए नहीं। और यह अब भी बारिश रोकता है।"</p>
<h2>वह बरसाती शाम</h2>
<p>जुलाई की एक शाम मीनू कोचिंग से लौट रही थी, तभी आसमान फट पड़ा। उसका नया छाता हवा के पहले झोंके में उलटा हो गया और उसकी एक तीली टूट गई। बस स्टॉप की छोटी-सी छत के नीचे दस-बारह लोग सिमटे खड़े थे। तभी उसे दूर से एक बड़ा काला छाता आता दिखा। दादाजी थे।</p>
<p>वह छाता इतना बड़ा था कि उसके नीचे मीनू के साथ-साथ पास खड़ी एक बूढ़ी अम्मा और स्कूल से लौटता एक छोटा बच्चा भी आ गए। चारों धीरे-धीरे भीगी सड़क पर चलने लगे। हवा तेज़ थी, पर पुराना छाता टस से मस नहीं हुआ। रास्ते में अम्मा को उनकी गली तक छोड़ा गया, और बच्चे को उसकी माँ मोड़ पर इंतज़ार करती मिली।</p>
<p>घर पहुँचकर दादाजी ने छाता झाड़कर वापस कील पर टाँग दिया। "यह छाता तुम्हारी दादी ने शादी के बाद पहली बरसात में ख़रीदा था," उन्होंने कहा। "तब से इसने न जाने कितने लोगों को भीगने से बचाया है।"</p>
<h2>नई नज़र</h2>
<p>उस रात मीनू देर तक दरवाज़े के पीछे टँगे उस छाते को देखती रही। पैबंद अब उसे बदसूरत नहीं लग रहे थे; वे किसी पुरानी किताब के मुड़े हुए पन्नों जैसे लग रहे थे, जिनमें कहानियाँ छिपी हों। अगली सुबह बादल फिर घिरे थे। मीनू ने अपना टूटा छाता एक कोने में रखा और कील से काला छाता उतार लिया। दादाजी ने अख़बार के पीछे से देखा और चुपचाप मुस्कुरा दिए।</p>`,
  },
  {
    legacyId: 1043,
    slug: 'the-lamp-seller-of-old-lane',
    name: 'The Lamp Seller of Old Lane',
    categorySlug: 'stories',
    language: 'en',
    daysAgo: 52,
    metaTitle: 'The Lamp Seller of Old Lane: A Short Story',
    metaDescription:
      'An old lamp seller lights one brass lamp every evening though nobody buys. A short story about habits, promises and a stormy night.',
    metaKeywords: 'short story, fiction, brass lamps, neighbourhood, monsoon night, English story',
    html: `<p>Every evening, just as the streetlights flickered on, old Karim set up his stall at the corner of Old Lane. It was not much of a stall: a wooden crate, a faded blue cloth and, arranged on top, a dozen brass lamps polished until they glowed. Nobody seemed to buy them anymore. People hurried past with their phones lighting their faces, stepping around the crate without looking down. Still, every evening Karim lit one lamp, set it at the front of the display, and let it burn until he packed up.</p>
<h2>The question</h2>
<p>Anjali had walked past the stall on her way home from tuition for two years before she finally stopped. "Why do you light one every night," she asked, "if nobody buys them?"</p>
<p>Karim smiled, the lines around his eyes deepening. "When I was a boy, this lane had no electric lights. My father sold oil lamps here, and he always kept one burning so people could find their way home in the dark. The lane has plenty of light now. But old habits are a kind of promise."</p>
<p>Anjali thought about that all the way home. The next evening she stopped again, and the one after that. She learned how the brass was shaped and polished, which lamps were meant for temples and which for doorways, and how a good wick should be trimmed. Sometimes she did her homework on an upturned bucket beside the crate while Karim told stories about the lane as it used to be.</p>
<h2>The night the lights went out</h2>
<p>Then, one monsoon night, a storm knocked out the power across the neighbourhood. The lane plunged into darkness, and people stumbled out of the market with dying phone batteries, unsure of the broken paving and deep puddles. At the corner, one small flame still burned. Then another, and another, as Anjali and Karim lit every lamp on the crate and set them along the edge of the lane, a line of light leading all the way to the main road.</p>
<p>The next week, Karim sold more lamps than he had in a year. But what Anjali remembered most was the quiet way he lit the first one that evening, as always, and then handed her the matchbox.</p>`,
  },
  {
    legacyId: 1044,
    slug: 'grandfathers-radio',
    name: "Grandfather's Radio",
    categorySlug: 'stories',
    language: 'en',
    daysAgo: 88,
    metaTitle: "Grandfather's Radio: A Short Story",
    metaDescription:
      'A boy and his grandfather spend a rainy month repairing an old valve radio, and discover they are fixing much more than a machine.',
    metaKeywords: 'short story, grandfather, old radio, family, memories, English fiction',
    html: `<p>The radio sat on the top shelf of the sitting room, a heavy wooden box with a cloth-covered speaker and two big dials that clicked when you turned them. For as long as Dev could remember, it had not worked. His parents called it junk. His grandfather, who had moved in with them after Grandmother passed away, called it "the old friend". One rainy Sunday, bored and forbidden from going out, Dev asked why the old friend had stopped talking.</p>
<h2>A project for two</h2>
<p>Grandfather lifted the radio down as carefully as if it were a sleeping baby. He unscrewed the back panel, and a faint smell of dust and old metal drifted out. Inside was a little city of wires, coils and glass valves. "Nobody makes them like this anymore," he said. "Which means we will have to be clever."</p>
<p>Over the next few weeks, the radio became their shared project. They cleaned each part with a soft brush, traced the wiring on a sheet of paper, and took the bus to an old electronics market where a shopkeeper with enormous spectacles found a replacement part in a drawer that looked older than both of them. Grandfather explained how radio waves travel invisibly through the air, and Dev found himself listening more closely than he ever did in science class.</p>
<p>As they worked, Grandfather talked. He told Dev about cricket commentaries that the whole street gathered to hear, about songs that Grandmother used to hum while cooking, and about the evening news that his own father listened to in silence, chin resting on his hand.</p>
<h2>The first sound</h2>
<p>On the last Sunday of the month, they plugged the radio in and turned the big dial. For a long moment there was only a low hum. Then a crackle, a whistle, and suddenly an old film song filled the room, a little tinny but perfectly clear. Dev's mother came out of the kitchen, drying her hands, and stopped in the doorway.</p>
<p>Grandfather did not say anything. He just closed his eyes and hummed along, and Dev understood that they had repaired much more than a radio.</p>`,
  },
];
