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

/** What a card-saving form reports: the provider confirmed the setup, or it did not (with its message). */
export type SetupOutcome =
  | { status: 'succeeded'; setupIntentId: string }
  | { status: 'failed'; message: string | null };

export type SetupFormProps = Pick<CardFormProps, 'clientSecret' | 'submitLabel' | 'actions'> & {
  onOutcome: (outcome: SetupOutcome) => void | Promise<void>;
  /** Shown above the buttons, such as a consent checkbox. */
  children?: ReactNode;
  /** Asked before the card goes to the provider; false stops it (the form shows why). */
  onBeforeSubmit?: () => boolean;
};
