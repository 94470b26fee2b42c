/** Where the reader's city is kept in this browser (issue 65 item 4; app/reader/city.ts). */
export const CITY_KEY = 'patrika-city';

/** How long a kept city is remembered after it was chosen: a year, then it is forgotten. */
export const CITY_KEPT_MS = 365 * 24 * 60 * 60 * 1000;
