/*
 * The demo's editions (issue 65 item 1): two states with their cities, in Hindi and English,
 * with the Latin spellings Indians type for them (common/edition-names.ts folds the rest:
 * case, "city", w/v, aspiration, vowel length) and where each is (its district headquarters,
 * rounded to four decimals, from OpenStreetMap). A few demo stories are placed in them
 * (`DEMO_STORY_EDITIONS`).
 */
export interface DemoEdition {
  slug: string;
  hi: string;
  en: string;
  latin: string[];
  lat: number;
  lng: number;
}

export interface DemoState extends DemoEdition {
  cities: DemoEdition[];
}

export const DEMO_STATES: DemoState[] = [
  {
    slug: 'rajasthan',
    hi: 'राजस्थान',
    en: 'Rajasthan',
    latin: ['rajasthan', 'rajsthan', 'rajastan'],
    lat: 26.9124,
    lng: 75.7873,
    cities: [
      {
        slug: 'jaipur',
        hi: 'जयपुर',
        en: 'Jaipur',
        latin: ['jaipur', 'jaypur', 'jaipur city', 'pink city'],
        lat: 26.9124,
        lng: 75.7873,
      },
      {
        slug: 'jodhpur',
        hi: 'जोधपुर',
        en: 'Jodhpur',
        latin: ['jodhpur', 'jodpur', 'jodhpoor'],
        lat: 26.2389,
        lng: 73.0243,
      },
      {
        slug: 'udaipur',
        hi: 'उदयपुर',
        en: 'Udaipur',
        latin: ['udaipur', 'udaypur', 'udaipur city'],
        lat: 24.5854,
        lng: 73.7125,
      },
      {
        slug: 'kota',
        hi: 'कोटा',
        en: 'Kota',
        latin: ['kota', 'kotah'],
        lat: 25.2138,
        lng: 75.8648,
      },
      {
        slug: 'bikaner',
        hi: 'बीकानेर',
        en: 'Bikaner',
        latin: ['bikaner', 'beekaner', 'bikanir'],
        lat: 28.0229,
        lng: 73.3119,
      },
      {
        slug: 'ajmer',
        hi: 'अजमेर',
        en: 'Ajmer',
        latin: ['ajmer', 'ajmeer', 'ajmer sharif'],
        lat: 26.4499,
        lng: 74.6399,
      },
      {
        slug: 'alwar',
        hi: 'अलवर',
        en: 'Alwar',
        latin: ['alwar', 'alvar', 'ulwar'],
        lat: 27.553,
        lng: 76.6346,
      },
      {
        slug: 'bhilwara',
        hi: 'भीलवाड़ा',
        en: 'Bhilwara',
        latin: ['bhilwara', 'bheelwara', 'bhilwada'],
        lat: 25.3407,
        lng: 74.6313,
      },
      {
        slug: 'sikar',
        hi: 'सीकर',
        en: 'Sikar',
        latin: ['sikar', 'seekar'],
        lat: 27.6094,
        lng: 75.1398,
      },
      {
        slug: 'sri-ganganagar',
        hi: 'श्रीगंगानगर',
        en: 'Sri Ganganagar',
        latin: ['sri ganganagar', 'shri ganganagar', 'sriganganagar', 'ganganagar'],
        lat: 29.9038,
        lng: 73.8772,
      },
    ],
  },
  {
    slug: 'madhya-pradesh',
    hi: 'मध्य प्रदेश',
    en: 'Madhya Pradesh',
    latin: ['madhya pradesh', 'madhyapradesh', 'mp', 'madhya pardesh'],
    lat: 23.2599,
    lng: 77.4126,
    cities: [
      {
        slug: 'bhopal',
        hi: 'भोपाल',
        en: 'Bhopal',
        latin: ['bhopal', 'bopal'],
        lat: 23.2599,
        lng: 77.4126,
      },
      {
        slug: 'indore',
        hi: 'इंदौर',
        en: 'Indore',
        latin: ['indore', 'indaur', 'indor'],
        lat: 22.7196,
        lng: 75.8577,
      },
      {
        slug: 'ujjain',
        hi: 'उज्जैन',
        en: 'Ujjain',
        latin: ['ujjain', 'ujjayini', 'ujjaini', 'ujain'],
        lat: 23.1765,
        lng: 75.7885,
      },
      {
        slug: 'gwalior',
        hi: 'ग्वालियर',
        en: 'Gwalior',
        latin: ['gwalior', 'gwaliar', 'gwaliyar'],
        lat: 26.2183,
        lng: 78.1828,
      },
      {
        slug: 'jabalpur',
        hi: 'जबलपुर',
        en: 'Jabalpur',
        latin: ['jabalpur', 'jubbulpore', 'jabalpore'],
        lat: 23.1815,
        lng: 79.9864,
      },
      {
        slug: 'sagar',
        hi: 'सागर',
        en: 'Sagar',
        latin: ['sagar', 'saugor', 'saagar'],
        lat: 23.8388,
        lng: 78.7378,
      },
      {
        slug: 'ratlam',
        hi: 'रतलाम',
        en: 'Ratlam',
        latin: ['ratlam', 'rutlam'],
        lat: 23.3315,
        lng: 75.0367,
      },
      {
        slug: 'rewa',
        hi: 'रीवा',
        en: 'Rewa',
        latin: ['rewa', 'reewa', 'riwa'],
        lat: 24.5362,
        lng: 81.3037,
      },
      {
        slug: 'satna',
        hi: 'सतना',
        en: 'Satna',
        latin: ['satna', 'sutna'],
        lat: 24.6005,
        lng: 80.8322,
      },
      {
        slug: 'dewas',
        hi: 'देवास',
        en: 'Dewas',
        latin: ['dewas', 'devas'],
        lat: 22.9676,
        lng: 76.0534,
      },
    ],
  },
];

/**
 * Demo stories placed in the demo's editions: slug → the editions' slugs (state, or
 * `state/city`), the first the primary one. Stories not named stay national only.
 */
export const DEMO_STORY_EDITIONS: Record<string, string[]> = {
  'jaisalmer-registan-ke-sunehre-rang': ['rajasthan', 'rajasthan/jodhpur'],
  'udaipur-beyond-the-lakes': ['rajasthan/udaipur', 'rajasthan'],
  'monsoon-se-pehle-ghar-aur-mohalle-ki-taiyari': ['rajasthan/jaipur', 'madhya-pradesh/bhopal'],
  'mausam-vibhag-ke-rangeen-alert-ka-matlab': ['madhya-pradesh', 'madhya-pradesh/indore'],
  'upi-bhugtan-surakshit-rehne-ke-niyam': ['rajasthan/jaipur', 'rajasthan/kota'],
  'cyber-thagi-ho-jaye-to-kya-karein': ['madhya-pradesh/indore', 'madhya-pradesh/ujjain'],
  'mitti-ke-diye-aur-badalti-diwali': ['madhya-pradesh/ujjain'],
  'yog-ki-shuruaat-roz-ke-bees-minute': ['madhya-pradesh/gwalior', 'rajasthan/ajmer'],
};
