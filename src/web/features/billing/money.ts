/** Dollars as typed ('12', '12.5', '$1,250.00') to integer cents; null when it is not an amount. */
export function centsFromText(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned) && !/^\.\d{1,2}$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
}

/** Cents as the text a money field starts with: 1250 is '12.50'. */
export const textFromCents = (cents: number) => (cents / 100).toFixed(2);
