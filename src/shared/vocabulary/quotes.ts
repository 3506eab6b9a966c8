// The kinds and statuses of quotes, and how they are shown.
// No zod here: the shell and the dashboard show these without loading the schemas (vite.config.ts).

export const QUOTE_KINDS = ['bulk_merchandise', 'custom_merchandise', 'programme_sponsorship'] as const;

export type QuoteKind = (typeof QUOTE_KINDS)[number];

export const QUOTE_KIND_LABELS: Record<QuoteKind, string> = {
  bulk_merchandise: 'Bulk merchandise',
  custom_merchandise: 'Custom merchandise',
  programme_sponsorship: 'Sponsoring a programme',
};

export const QUOTE_STATUSES = [
  'requested',
  'answered',
  'accepted',
  'declined',
  'expired',
  'cancelled',
] as const;

export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** The statuses of a quote still waiting on someone. */
export const OPEN_QUOTE_STATUSES = ['requested', 'answered'] as const;

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  requested: 'Requested',
  answered: 'Answered',
  accepted: 'Accepted',
  declined: 'Declined',
  expired: 'Expired',
  cancelled: 'Cancelled',
};
