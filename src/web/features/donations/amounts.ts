import { DONATION_MINIMUM, dollarsToCents, formatDonationAmount } from '../../../shared/donations';

/**
 * The amount the donor chose in dollars, or null when it is missing or under the minimum. Finer checks
 * (cents, the online maximum) are the server's, whose message the dialog shows.
 */
export function chosenAmount(preset: string, custom: string): number | null {
  const typed = custom.trim() || preset;
  const amount = typed ? Number(typed) : Number.NaN;
  return Number.isFinite(amount) && amount >= DONATION_MINIMUM ? amount : null;
}

/** '25' for $25, '12.50' for $12.5, as the payment button and the thank-you say it. */
export const dollars = (amount: number) => formatDonationAmount(dollarsToCents(amount));
