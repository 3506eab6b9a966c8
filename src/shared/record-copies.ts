import { z } from 'zod';

/** A patient's copy of their record (My Account, "Download my record"): prepared in the background. */
export const RecordCopySchema = z.object({
  id: z.string(),
  /** `expired`: the copy was ready, and its files have been deleted after the retention period. */
  status: z.enum(['preparing', 'ready', 'failed', 'expired']),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  /** When a ready copy's files are deleted (or were). */
  expiresAt: z.string().nullable(),
});
export type RecordCopy = z.infer<typeof RecordCopySchema>;

export const RecordCopyAnswerSchema = z.object({ copy: RecordCopySchema.nullable() });
export type RecordCopyAnswer = z.infer<typeof RecordCopyAnswerSchema>;

export const RECORD_COPY_FORMATS = ['pdf', 'fhir'] as const;
export type RecordCopyFormat = (typeof RECORD_COPY_FORMATS)[number];

export const RECORD_COPY_ERRORS = {
  notReady: 'This copy is still being prepared',
  notFound: 'Copy not found',
} as const;

export const recordCopyExpired = (days: number) =>
  `This copy was deleted ${days} days after it was ready, as every copy is. Prepare a new one.`;
