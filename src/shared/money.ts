import { CLINIC_LOCALE, createFormatter } from './display-format';

/** Money is integer cents everywhere; these are the only places it becomes text and back. */

/** Cents as the clinic writes money to people (emails, PDFs): 125000 is '$1,250.00', another currency by its code. */
// Its Intl formats are made on first use: most screens show no money, and a formatter costs to build.
const clinic = createFormatter({ locale: CLINIC_LOCALE });
export const formatMoney = (cents: number, currency = 'usd') => clinic.money(cents, currency);

/** Cents as a plain decimal, for CSV cells and the text a money field starts with: 1250 is '12.50'. */
export const decimalFromCents = (cents: number) => (cents / 100).toFixed(2);

/** Dollars as typed ('12', '12.5', '$1,250.00') to integer cents; null when it is not an amount. */
export function centsFromText(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned) && !/^\.\d{1,2}$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
}
