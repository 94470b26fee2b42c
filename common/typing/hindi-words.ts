/*
 * Common words of Hindi news writing, commonest first by kind, that typing in Latin letters
 * offers before the rules' own spellings (common/typing/suggestions.ts). The rules cannot tell
 * from "bharat" whether a vowel is long (भारत, not भरत) or whether a written "a" is silent, and
 * a site with few articles has little vocabulary of its own to tell them; these words do, for
 * the words every desk types every day. A word is found by its Latin key (the loose
 * romanisation search indexes it under, common/search/search-text.ts `latinKey`), so "bharat",
 * "bhaarat" and "bharath" all find भारत; words after it on its line are other ways writers
 * type it that the key does not cover ("mein" for में).
 *
 * Keep it to words, not phrases, and to spellings a Hindi dictionary gives; a site's own words
 * (names, places, its beat) come from its vocabulary, not from here.
 */
const LINES = `
है hai
हैं hain hai
में mein
मैं main mai
की
के
का
को
से
पर
और aur
भी
यह
वह
ये
वे
था
थे
थी
हो
होगा
होगी
होने hone
कि
जो
तो
ही
एक
नहीं nahi nahin nahee
इस
उस
इन
उन
ने
लिए liye
साथ
तक
कर
करने karne
किया kiya
गया gaya
गई gai gayi
गए gaye gae
रहा
रहे
रही
अपने apne
अपनी
अपना
द्वारा dwara dvara
बाद
वाले
वाली
जब
तब
अगर
लेकिन lekin
तथा
क्या kya
क्यों kyon kyu kyun
कैसे kaise
कौन kaun
कहां kahan
यहां yahan yaha
वहां wahan vahan
कहीं kahin
यहीं yahin
वहीं wahin
अब
सब
कुछ kuchh kuch
बहुत bahut
हम
आप aap
उन्होंने unhone unhonne
उन्हें unhe unhen
मैंने maine mainne
हमें hume hamen
सकते
सकता
जाएगा jayega
जाता
जाती
जाने
करते
करता
करती
कहा kaha
बताया bataya
भारत bharat
भारतीय bhartiya bharatiya
देश desh
सरकार sarkar
सरकारी sarkari
राज्य rajya
प्रधान pradhan
मंत्री mantri
प्रधानमंत्री pradhanmantri
मुख्यमंत्री mukhyamantri
राष्ट्रपति rashtrapati
राष्ट्रीय rashtriya
चुनाव chunav chunaav
मतदान matdan
पार्टी party parti
नेता neta
कांग्रेस congress
भाजपा bhajpa
संसद sansad
विधानसभा vidhansabha
लोकसभा loksabha
राज्यसभा rajyasabha
अदालत adalat
न्यायालय nyayalay
पुलिस police
मामला mamla
मामले mamle
खबर khabar
समाचार samachar
दिल्ली delhi dilli
मुंबई mumbai
उत्तर
प्रदेश pradesh
बिहार bihar
राजस्थान rajasthan
महाराष्ट्र maharashtra
शहर shahar
गांव gaon gaanv
किसान kisan
विकास vikas
योजना yojana
शिक्षा shiksha
स्वास्थ्य swasthya swasthy
अस्पताल aspatal
डॉक्टर doctor
विश्वविद्यालय vishwavidyalaya
विद्यालय vidyalaya
छात्र chhatra chatra
परीक्षा pariksha
नौकरी naukri
रोजगार rozgar rojgar
बाजार bazar bajar
कीमत keemat kimat
रुपये rupaye rupye
करोड़ crore karod
लाख lakh
हजार hazar hajar
आर्थिक arthik
व्यापार vyapar
उद्योग udyog
कंपनी company kampani
बैंक bank
बजट budget bajat
कर्मचारी karmachari
मजदूर mazdoor majdoor
महिला mahila
महिलाओं mahilaon
बच्चे bachche bacche
बच्चों bachchon bacchon
लोग log
लोगों logon
परिवार parivar pariwar
जीवन jeevan jivan
समाज samaj
धर्म dharm dharma
मंदिर mandir
त्योहार tyohar
दिवाली diwali
होली holi
खेल khel
क्रिकेट cricket
टीम team
मैच match
जीत jeet
हार haar
फिल्म film
कलाकार kalakar
संगीत sangeet
कहानी kahani
दुनिया duniya
विश्व vishwa vishv
अमेरिका america amerika
पाकिस्तान pakistan
चीन cheen
युद्ध yuddh yudh
सेना sena
सुरक्षा suraksha
हमला hamla
मौत maut
घटना ghatna
दुर्घटना durghatna
मौसम mausam
बारिश barish
गर्मी garmi
ठंड thand
पानी pani
बिजली bijli
सड़क sadak sarak
रेल rail
यात्रा yatra
यात्री yatri
दिन din
साल saal
समय samay
आज aaj
कल kal
सुबह subah
शाम shaam
रात raat
पहले pehle pahle
पहली pehli pahli
नया naya
नई nai nayi
नए naye
बड़ा bada bara
बड़ी badi bari
बड़े bade bare
छोटा chhota chota
अच्छा achchha accha achha
जरूरी zaroori jaruri
ज्यादा zyada jyada
कम
सबसे
दौरान dauran
खिलाफ khilaf
बीच beech
बारे baare
तरह tarah
जानकारी jankari
सवाल sawal saval
जवाब jawab javab
फैसला faisla
आदेश aadesh
कानून kanoon kanun
अधिकार adhikar
अधिकारी adhikari
आयोग aayog
समिति samiti
बैठक baithak
बयान bayan
रिपोर्ट report riport
जांच jaanch janch
आरोप aarop
अपराध apradh
गिरफ्तार giraftar
नमस्ते namaste
धन्यवाद dhanyavad dhanyawad
हिंदी hindi
अंग्रेजी angrezi angreji
भाषा bhasha
ज्ञान gyan gyaan
विज्ञान vigyan
तकनीक taknik technique
इंटरनेट internet
मोबाइल mobile
फोन phone
सोशल social
मीडिया media
वीडियो video
तस्वीर tasveer tasvir
पत्रिका patrika
अखबार akhbar
संपादक sampadak
लेख lekh
पाठक pathak
`;

/** A common word and the other Latin spellings it is typed as (beside its Latin key). */
export interface CommonWord {
  word: string;
  spellings: string[];
}

/** The words, in the order of LINES (that order breaks ties between words of one key). */
export const COMMON_HINDI_WORDS: CommonWord[] = LINES.trim()
  .split('\n')
  .map((line) => {
    const [word = '', ...spellings] = line.trim().split(/\s+/);
    return { word: word.normalize('NFC'), spellings };
  });
