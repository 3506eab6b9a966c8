import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';
import { oneLine } from './one-line';
import { RoleSchema, SELF_REGISTER_ROLES } from './roles';
import { SecondStepChallengeSchema } from './two-step';

export const EmailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(254, 'Email is too long')
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const PasswordSchema = z
  .string({ error: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const NameSchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(100, `${label} must be at most 100 characters`)
    .check(oneLine(label));

export const PhoneSchema = z
  .string()
  .trim()
  .max(40, 'Phone must be at most 40 characters')
  .regex(/^[0-9+()\-.\s]*$/, 'Phone may contain digits, spaces and + ( ) - . only');

export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: RoleSchema,
  profileImage: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const ProfileSchema = z.object({
  userId: z.string(),
  phone: z.string().nullable(),
  timeZone: z.string().nullable(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const LoginInputSchema = z.strictObject({
  email: EmailSchema,
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const RegisterInputSchema = z.strictObject({
  email: EmailSchema,
  password: PasswordSchema,
  firstName: NameSchema('First name'),
  lastName: NameSchema('Last name'),
  phone: PhoneSchema.optional(),
  role: z.enum(SELF_REGISTER_ROLES).optional(),
});
export type RegisterInput = z.infer<typeof RegisterInputSchema>;

export const AuthResponseSchema = z.object({ token: z.string(), user: UserSchema });
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/**
 * The password step's answer: the token and user as before, or, for an account with a second step (or one the
 * clinic requires to set one up), a challenge to complete at /api/auth/login/second-step (decision 0032).
 */
export const LoginResponseSchema = z.union([AuthResponseSchema, SecondStepChallengeSchema]);
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** Enrolment through a sign-in challenge ends signed in, with the recovery codes to keep. */
export const EnrolledResponseSchema = AuthResponseSchema.extend({ recoveryCodes: z.array(z.string()) });
export type EnrolledResponse = z.infer<typeof EnrolledResponseSchema>;

export const MeResponseSchema = z.object({ user: UserSchema, profile: ProfileSchema });
export type MeResponse = z.infer<typeof MeResponseSchema>;

export const ForgotPasswordInputSchema = z.strictObject({ email: EmailSchema });
export type ForgotPasswordInput = z.infer<typeof ForgotPasswordInputSchema>;

export const ResetPasswordInputSchema = z.strictObject({
  token: z.string({ error: 'Token is required' }).min(1, 'Token is required').max(200),
  newPassword: PasswordSchema,
});
export type ResetPasswordInput = z.infer<typeof ResetPasswordInputSchema>;

export const ChangePasswordInputSchema = z.strictObject({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(PASSWORD_MAX_LENGTH),
  newPassword: PasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInputSchema>;

export const MessageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;
