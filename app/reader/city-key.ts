/** Where the reader's city is kept in this browser (issue 65 item 4; app/reader/city.ts). */
export const CITY_KEY = 'patrika-city';
