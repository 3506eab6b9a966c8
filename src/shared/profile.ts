import { z } from 'zod';
import { hasAnyField, NOTHING_TO_CHANGE } from './api-error';
import { EmailSchema, NameSchema, PhoneSchema } from './auth';
import { PASSWORD_MAX_LENGTH } from './constants';
import { TimeZoneSchema } from './scheduling';

/** A new email moves the account's sign-in, so the current password is asked for again. */
export const CURRENT_PASSWORD_NEEDED = 'Enter your current password to change your email';

export const UpdateProfileInputSchema = z
  .strictObject({
    firstName: NameSchema('First name').optional(),
    lastName: NameSchema('Last name').optional(),
    email: EmailSchema.optional(),
    phone: PhoneSchema.nullable().optional(),
    timeZone: TimeZoneSchema.nullable().optional(),
    /** Asked for, and checked, only when the email changes: the account's sign-in moves with it. */
    currentPassword: z.string().max(PASSWORD_MAX_LENGTH).optional(),
  })
  .refine(({ currentPassword: _, ...changes }) => hasAnyField(changes), NOTHING_TO_CHANGE);
export type UpdateProfileInput = z.infer<typeof UpdateProfileInputSchema>;

export const PHOTO_MAX_BYTES = 512 * 1024;
export const PHOTO_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** A profile photo travels as a data URL; the browser scales it down before sending. */
export const UploadPhotoInputSchema = z.strictObject({
  dataUrl: z
    .string()
    .max(Math.ceil((PHOTO_MAX_BYTES * 4) / 3) + 64, 'Photo must be at most 512 KB')
    .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/=]+$/, 'Photo must be a PNG, JPEG or WebP image'),
});
export type UploadPhotoInput = z.infer<typeof UploadPhotoInputSchema>;
