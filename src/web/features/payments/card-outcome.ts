import type { ReactNode } from 'react';

/** What a card form reports: the provider's intent succeeded, or it did not (with the provider's message if any). */
export type CardOutcome =
  | { status: 'succeeded'; paymentIntentId: string }
  | { status: 'failed'; message: string | null };

export type CardFormProps = {
  clientSecret: string;
  /** The payment button's words, e.g. 'Complete Donation $25'. */
  submitLabel: string;
  onOutcome: (outcome: CardOutcome) => void | Promise<void>;
  /** Buttons shown beside the payment button, such as Back. */
  actions?: ReactNode;
};
