import { z } from 'zod';
import {
  type CreateDonationIntentInput,
  DONATION_ERRORS,
  hasAtMostTwoDecimals,
  DONATION_TEXT as T,
} from '../../../shared/donations';
import { chosenAmount, dollars } from './amounts';

const DonorDetailsSchema = z.object({
  preset: z.string(),
  custom: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type DonorDetails = z.infer<typeof DonorDetailsSchema>;

/** The toast's title for each refused field; its description is the field's message. */
export const REFUSAL_TITLES = {
  custom: T.invalidAmount.title,
  fullName: T.missingName.title,
  email: T.missingEmail.title,
} as const;

/**
 * The donor's details read into the intent the server takes. The dialog checks what the specification names,
 * in its words and its order (amount, name, email) and stops at the first; finer checks (cents, the online
 * maximum, the email's and the phone's form) are the server's, whose message the dialog shows. The signed-in
 * donor's account email stands in for an empty email field.
 */
export const donorDetailsSchema = (accountEmail: string | null) =>
  DonorDetailsSchema.transform((details, context) => {
    const refuse = (field: keyof typeof REFUSAL_TITLES, message: string) => {
      context.addIssue({ code: 'custom', path: [field], message });
      return z.NEVER;
    };
    const amount = chosenAmount(details.preset, details.custom);
    if (amount === null) return refuse('custom', DONATION_ERRORS.amount);
    // 12.345 would be refused by the server; the form says why instead of leaving the donor guessing.
    if (!hasAtMostTwoDecimals(amount)) return refuse('custom', DONATION_ERRORS.amountDecimals);
    const name = details.fullName.trim();
    if (!name) return refuse('fullName', DONATION_ERRORS.name);
    const email = details.email.trim() || accountEmail || '';
    if (!email) return refuse('email', DONATION_ERRORS.email);
    const [firstName, ...rest] = name.split(/\s+/);
    return {
      amount,
      email,
      firstName,
      lastName: rest.join(' '),
      phone: details.phone.trim(),
      description: `Donation of $${dollars(amount)}`,
    } satisfies CreateDonationIntentInput;
  });
