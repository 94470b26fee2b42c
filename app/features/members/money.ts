/*
 * Money on the members' screens: the API counts in a currency's smallest unit (paise for INR),
 * people in its main one (rupees).
 */

/** How many digits the currency's smallest unit is below its main one (2 for INR). */
export function minorDigits(currency: string): number {
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency });
    return format.resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount in its currency's smallest unit, as money. */
export function money(amount: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  return format.format(amount / 10 ** minorDigits(currency));
}

/** What a person typed in the main unit ("199", "199.50"), in the smallest (NaN if not a number). */
export const toMinor = (typed: string, currency: string): number =>
  typed.trim() === '' ? NaN : Math.round(Number(typed) * 10 ** minorDigits(currency));

/** An amount in the smallest unit, as the main unit's number to edit ("199.5"). */
export const toMajor = (amount: number, currency: string): string =>
  String(amount / 10 ** minorDigits(currency));
