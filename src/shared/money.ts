/** Money is integer cents everywhere; these are the only places it becomes text and back. */

// Made on first use: most screens show no money, and a formatter costs to build.
let usd: Intl.NumberFormat | undefined;

/** Cents as the clinic shows money: 125000 is '$1,250.00'; another currency leads with its code. */
export function formatMoney(cents: number, currency = 'usd'): string {
  if (currency.toLowerCase() === 'usd') {
    usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    return usd.format(cents / 100);
  }
  const amount = (cents / 100).toLocaleString('en-US', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return `${currency.toUpperCase()} ${amount}`;
}

/** Cents as a plain decimal, for CSV cells and the text a money field starts with: 1250 is '12.50'. */
export const decimalFromCents = (cents: number) => (cents / 100).toFixed(2);

/** Dollars as typed ('12', '12.5', '$1,250.00') to integer cents; null when it is not an amount. */
export function centsFromText(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$/.test(cleaned) && !/^\.\d{1,2}$/.test(cleaned)) return null;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0'));
}
